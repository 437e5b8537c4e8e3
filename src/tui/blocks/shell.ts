// A `!command` the user ran: the command in bold after `!`, how it ended, and its output (the
// tail on the live screen, all of it in the view).
import { formatCount, tailLines } from "../render/preview.js";
import { sanitizeLine, sanitizeText } from "../render/sanitize.js";
import { style, theme } from "../render/theme.js";
import { hangLine } from "../render/text-width.js";
import { wrapWithMark } from "../render/tool-lines.js";
import { outputPart, plainLines, plainText, wrap } from "./parts.js";
import { logLine } from "./text-rows.js";
import type { BlockRenderer, EntryOf } from "./types.js";

/** Output rows shown on the live screen: collapsed, and expanded (ctrl+o). */
const COLLAPSED_ROWS = 20;
const EXPANDED_ROWS = 40;

type Shell = EntryOf<"bash">;

/** " (cancelled)" or " (exit 2)" after the command; nothing for a success. */
function ending(e: Shell, color: boolean): string {
  const paint = (f: (s: string) => string, s: string): string => (color ? f(s) : s);
  if (e.cancelled) return paint(theme.warning, " (cancelled)");
  return e.exitCode !== undefined && e.exitCode !== 0 ? paint(theme.error, ` (exit ${e.exitCode})`) : "";
}

function liveRows(e: Shell, width: number, limit: number): string[] {
  const tail = tailLines(e.output, limit);
  const out = tail.lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎"));
  const hidden = tail.total - out.length;
  const shown = hidden > 0 ? [theme.muted(`… ${formatCount(hidden)} more lines`), ...out] : out;
  const head = hangLine(`${theme.accent("!")} ${style.bold(sanitizeLine(e.command))}${ending(e, true)}`, width);
  return ["", ...head, ...shown.flatMap((l) => wrapWithMark(l, width, "  "))];
}

export const shellBlock: BlockRenderer<"bash"> = {
  rows(e, o) {
    if (o.style === "plain") return [logLine(`$ ${e.command}${ending(e, false)}`), ...plainLines(e.output)];
    return liveRows(e, o.width, o.fold === "full" ? EXPANDED_ROWS : COLLAPSED_ROWS);
  },
  parts(e) {
    const head = wrap(`${style.bold(plainText(e.command))}${ending(e, true)}`, `${theme.accent("!")} `, "  ");
    return [head, ...outputPart(e.output)];
  },
  copy: (e) => `$ ${e.command}\n${e.output}`,
};
