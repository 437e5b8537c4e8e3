// A tool run's block: the tool's own module (picked by name) decides its summary, body and
// full result; this frame is the same for every tool: the header with status and elapsed time,
// a failed run's error output, images, the truncation note, and plain mode's labels.
import type { Palette } from "../../render/palette.js";
import { sanitizeLine } from "../../render/sanitize.js";
import { truncateLine } from "../../render/text-width.js";
import { symbols } from "../../render/theme.js";
import { formatElapsed, outputWindow, statusMark, summaryHeader, windowRows } from "../../render/tool-lines.js";
import type { ToolOutput } from "../../../bridge/index.js";
import type { LinkTarget, ToolRun } from "../../state/types.js";
import { pathArg } from "./args.js";
import { keyValue, notePart, outputPart, type Part, plainText, wrap } from "../parts.js";
import { logLine } from "../text-rows.js";
import { bashTool } from "./bash.js";
import { editTool } from "./edit.js";
import { genericTool } from "./generic.js";
import { findTool, grepTool, lsTool } from "./listing.js";
import { planTool } from "./plan.js";
import { readTool } from "./read.js";
import type { ToolBlock } from "./types.js";
import { writeTool } from "./write.js";

const TOOLS: Partial<Record<string, ToolBlock>> = {
  bash: bashTool,
  read: readTool,
  edit: editTool,
  write: writeTool,
  ls: lsTool,
  find: findTool,
  grep: grepTool,
  todo_write: planTool,
  todo: planTool,
};

/** The block of the tool called `name` (the generic one for a tool without its own). */
export function toolFor(name: string): ToolBlock {
  return Object.hasOwn(TOOLS, name) ? (TOOLS[name] ?? genericTool) : genericTool;
}

/** Short argument summary for the header. */
export function summarizeArgs(name: string, args: Record<string, unknown>): string {
  return toolFor(name).summary(args);
}

/** A header's inputs: `cmdRows` bounds a command shown whole (the live region's); `links`: where paths link to. */
type ToolHeaderArgs = [
  run: ToolRun,
  now: number,
  width: number,
  palette: Palette,
  cmdRows?: number,
  links?: LinkTarget,
];

/** Live header rows; the path in them linked when `links` says where to. */
export function toolHeader(...[run, now, width, palette, cmdRows = Infinity, links]: ToolHeaderArgs): string[] {
  const tool = toolFor(run.name);
  if (tool.header) return tool.header(run, now, width, cmdRows, palette);
  const path = pathArg(run.args);
  const link = links && path !== "" ? { path, target: links } : undefined;
  return summaryHeader(run, tool.summary(run.args), now, width, palette, link);
}

/**
 * Live body rows, at most `maxRows` (the tail for streaming output, the head for listings),
 * with a marker line when something is hidden. A failed run shows the tail of its error.
 */
export function toolBody(run: ToolRun, width: number, maxRows: number, expanded: boolean, palette: Palette): string[] {
  if (maxRows <= 0) return [];
  if (run.status === "error") {
    const w = outputWindow(run.output?.text ?? "", maxRows, true);
    const lines = w.lines.map((l) => palette.theme.error(l));
    return windowRows({ lines, total: w.total }, true, width, maxRows, palette);
  }
  const body = toolFor(run.name).body(run, maxRows, expanded, palette);
  return windowRows(body.window, body.fromTail, width, maxRows, palette);
}

/** A live tool pane's inputs: `rows` of output and `cmdRows` of a command at most; `expanded`: ctrl+o is on. */
type ToolLinesArgs = [
  run: ToolRun,
  now: number,
  width: number,
  rows: number,
  expanded: boolean,
  palette: Palette,
  cmdRows?: number,
  links?: LinkTarget,
];

/** A run's live rows: header and body. */
export function toolLines(
  ...[run, now, width, rows, expanded, palette, cmdRows = Infinity, links]: ToolLinesArgs
): string[] {
  return [...toolHeader(run, now, width, palette, cmdRows, links), ...toolBody(run, width, rows, expanded, palette)];
}

function viewHeader(run: ToolRun, now: number, palette: Palette): Part {
  const { theme } = palette;
  const elapsed = formatElapsed((run.endedAt ?? now) - run.startedAt);
  const status = run.status === "running" ? "running" : run.status === "error" ? "failed" : "done";
  const name = plainText(run.name).replace(/\s+/g, " ");
  return wrap(
    `${theme.toolName(name)} ${theme.muted(`· ${status} · ${elapsed}`)}`,
    `${statusMark(run, palette)} `,
    "  ",
  );
}

function viewResult(run: ToolRun, tool: ToolBlock, palette: Palette): Part[] {
  const { theme } = palette;
  const out = run.output;
  const text = out?.text ?? "";
  const parts: Part[] = [];
  if (run.status === "error") parts.push(...outputPart(text, theme.error));
  else if (tool.result) parts.push(...tool.result(run, palette));
  else if (text !== "") parts.push(...outputPart(text));
  if (out && out.images > 0) parts.push(notePart(`[${out.images} image(s)]`, palette));
  const full = out?.details?.["fullOutputPath"];
  if (typeof full === "string" && full !== "" && !text.includes(full)) {
    parts.push(wrap(theme.warning(`Output was truncated; full output: ${plainText(full)}`), "  ", "  "));
  }
  if (run.status === "running") parts.push(notePart("running…", palette));
  return parts;
}

/** The transcript view's form of a run in `palette`: its full arguments and its full result. */
export function toolParts(run: ToolRun, now: number, palette: Palette): Part[] {
  const tool = toolFor(run.name);
  const args = tool.args
    ? tool.args(run, palette)
    : Object.entries(run.args).flatMap(([k, v]) => keyValue(k, v, palette));
  return [viewHeader(run, now, palette), ...args, ...viewResult(run, tool, palette)];
}

/** A run as text to copy: name and status, arguments, result. */
export function toolCopy(run: ToolRun): string {
  const tool = toolFor(run.name);
  const args = tool.copyArgs ? tool.copyArgs(run) : JSON.stringify(run.args, null, 2);
  const result = tool.copyResult ? tool.copyResult(run) : (run.output?.text ?? "");
  return [`${run.name} (${run.status})`, args, result].filter((s) => s !== "").join("\n");
}

/** What a finished tool reported: its first line of output and how many lines there were. */
function resultSummary(result: ToolOutput | undefined): string {
  if (!result) return "no output";
  const lines = result.text.split("\n").filter((l) => l.trim() !== "");
  const images = result.images > 0 ? `${result.images} image${result.images === 1 ? "" : "s"}` : "";
  const extra = [lines.length > 1 ? `${lines.length} lines` : "", images].filter((p) => p !== "");
  if (lines.length === 0) return images === "" ? "no output" : images;
  return `${lines[0]?.trim() ?? ""}${extra.length > 0 ? ` (${extra.join(", ")})` : ""}`;
}

/** Plain mode: one labelled line, "tool started: bash ls" while it runs, how it ended after. */
export function toolPlainRows(run: ToolRun): string[] {
  if (run.status === "running") {
    const summary = summarizeArgs(run.name, run.args);
    return [logLine(`tool started: ${summary === "" ? run.name : `${run.name} ${summary}`}`)];
  }
  return [logLine(`tool ${run.status === "error" ? "failed" : "finished"}: ${run.name}: ${resultSummary(run.output)}`)];
}

/** A tool call the model is still writing: its name once known, on one muted row. */
export function preparingRow(name: string | undefined, width: number, { theme }: Palette): string {
  return truncateLine(theme.muted(`${symbols.running} preparing ${name ? sanitizeLine(name) : "tool call"}…`), width);
}
