// A `!command` the user ran: the command in bold after `!`, how it ended, and its output (the
// tail on the live screen, all of it in the view).
import { formatCount, tailLines } from "../render/preview.js";
import { sanitizeLine, sanitizeText } from "../render/sanitize.js";
import { NO_PAINT, type Palette } from "../render/palette.js";
import { hangLine, truncateLine } from "../render/text-width.js";
import { formatElapsed, wrapWithMark } from "../render/tool-lines.js";
import { outputPart, plainLines, plainText, wrap } from "./parts.js";
import { logLine } from "./text-rows.js";
import type { BlockRenderer, EntryOf, RowOptions } from "./types.js";

/** Output rows shown on the live screen: collapsed, and expanded (ctrl+o). */
const COLLAPSED_ROWS = 20;
const EXPANDED_ROWS = 40;

type Shell = EntryOf<"bash">;

/** " (cancelled)" or " (exit 2)" after the command, in `palette`; nothing for a success. */
function ending(e: Shell, { theme }: Palette): string {
  if (e.cancelled) return theme.warning(" (cancelled)");
  return e.exitCode !== undefined && e.exitCode !== 0 ? theme.error(` (exit ${e.exitCode})`) : "";
}

function liveRows(e: Shell, width: number, limit: number, palette: Palette): string[] {
  const { style, theme } = palette;
  const tail = tailLines(e.output, limit);
  const out = tail.lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎"));
  const hidden = tail.total - out.length;
  const shown = hidden > 0 ? [theme.muted(`… ${formatCount(hidden)} more lines`), ...out] : out;
  const head = hangLine(`${theme.accent("!")} ${style.bold(sanitizeLine(e.command))}${ending(e, palette)}`, width);
  return ["", ...head, ...shown.flatMap((l) => wrapWithMark(l, width, "  ", palette))];
}

/**
 * A command still running, in the live region's rows: one header row with how long it has run and
 * how to stop it, then its output's last lines, each one row (a long line is cut, not wrapped).
 */
function runningRows(e: Shell, startedAt: number, o: RowOptions): string[] {
  const { theme } = o.palette;
  const max = o.maxBodyRows ?? COLLAPSED_ROWS;
  const elapsed = formatElapsed((o.now ?? startedAt) - startedAt);
  const head = `${theme.accent("!")} ${sanitizeLine(e.command)} ${theme.muted(`· ${elapsed} · esc to cancel`)}`;
  const tail = tailLines(e.output, max).lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎"));
  return [truncateLine(head, o.width), ...tail.map((l) => truncateLine(`  ${l}`, o.width))];
}

export const shellBlock: BlockRenderer<"bash"> = {
  rows(e, o) {
    if (o.style === "plain") return [logLine(`$ ${e.command}${ending(e, NO_PAINT)}`), ...plainLines(e.output)];
    if (o.streaming?.startedAt !== undefined) return runningRows(e, o.streaming.startedAt, o);
    return liveRows(e, o.width, o.fold === "full" ? EXPANDED_ROWS : COLLAPSED_ROWS, o.palette);
  },
  parts(e, _now, palette) {
    const { style, theme } = palette;
    const head = wrap(`${style.bold(plainText(e.command))}${ending(e, palette)}`, `${theme.accent("!")} `, "  ");
    return [head, ...outputPart(e.output)];
  },
  copy: (e) => `$ ${e.command}\n${e.output}`,
};
