// The bash tool: its command shown exactly (what the user sees is what runs), the tail of its
// output while and after it runs.
import { EXACT_PREVIEW_CHARS, formatCount } from "../../render/preview.js";
import { sanitizeExact, sanitizeLine } from "../../render/sanitize.js";
import type { Palette } from "../../render/palette.js";
import { hangLine } from "../../render/text-width.js";
import { elapsedTail, outputWindow, statusMark, summaryHeader, withTail } from "../../render/tool-lines.js";
import type { ToolRun } from "../../state/types.js";
import { keyValue, linesPart, plainLines } from "../parts.js";
import { argText, oneLine } from "./args.js";
import type { ToolBlock } from "./types.js";

/**
 * The command line by line, every control character visible; in the live region
 * `maxCommandRows` bounds it with a row saying how many more there are (the committed entry
 * shows it whole).
 */
function commandHeader(run: ToolRun, now: number, width: number, maxCommandRows: number, palette: Palette): string[] {
  const command = run.args["command"];
  if (typeof command !== "string") return summaryHeader(run, oneLine(argText(command)), now, width, palette);
  const { theme } = palette;
  const { tail, elapsed } = elapsedTail(run, now, palette);
  const name = theme.toolName(sanitizeLine(run.name));
  const w = Math.max(10, width);
  // Only what can be drawn is read: a bounded number of rows live, a large bound once committed.
  const limit = Math.min(EXACT_PREVIEW_CHARS, Number.isFinite(maxCommandRows) ? maxCommandRows * w : Infinity);
  const [first = "", ...more] = sanitizeExact(command.length > limit ? command.slice(0, limit) : command).split("\n");
  const lines = [
    ...hangLine(`${statusMark(run, palette)} ${name} ${first}`, w),
    ...more.flatMap((l) => hangLine(`  ${l}`, w)),
  ];
  const rows = withTail(lines, tail, elapsed, w, palette);
  const left = command.length - Math.min(limit, command.length);
  if (rows.length <= maxCommandRows && left === 0) return rows;
  const keep = Math.max(1, Math.min(rows.length, maxCommandRows - 1));
  const rest = rows.length - keep;
  const moreRows = rest > 0 ? `${rest} more row${rest === 1 ? "" : "s"}` : "";
  const moreChars = left > 0 ? `${formatCount(left)} more characters` : "";
  const what = [moreRows, moreChars].filter((x) => x !== "").join(" and ");
  return [...rows.slice(0, keep), theme.muted(`  … ${what} of this command`)];
}

export const bashTool: ToolBlock = {
  summary: (args) => oneLine(argText(args["command"])),
  body: (run, maxRows) => ({ window: outputWindow(run.output?.text ?? "", maxRows, true), fromTail: true }),
  header: commandHeader,
  args(run, palette) {
    const a = run.args;
    if (typeof a["command"] !== "string") return Object.entries(a).flatMap(([k, v]) => keyValue(k, v, palette));
    const rest = Object.entries(a).filter(([k]) => k !== "command");
    const command = linesPart(plainLines(`$ ${a["command"]}`), "  ", palette.style.bold);
    return [...command, ...rest.flatMap(([k, v]) => keyValue(k, v, palette))];
  },
  copyArgs(run) {
    const command = run.args["command"];
    return typeof command === "string" ? `$ ${command}` : JSON.stringify(run.args, null, 2);
  },
};
