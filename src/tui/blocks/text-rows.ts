// Row helpers the text blocks share: the bounded preview of a long text on the live screen, a
// notice's marked rows, and plain mode's labelled lines ("note: …").
import { entryPreview, formatCount } from "../render/preview.js";
import { sanitizeLine, sanitizeText } from "../render/sanitize.js";
import type { Palette } from "../render/palette.js";
import { truncateLine, wrapTextHanging } from "../render/text-width.js";
import type { NoticeLevel } from "../state/types.js";

/**
 * The part of an entry's text that is drawn, and the row that says what is not: one event can
 * put at most ENTRY_PREVIEW_CHARS / ENTRY_PREVIEW_LINES on screen; the store keeps all of it.
 */
export function bounded(text: string, { theme }: Palette): { text: string; more: string[] } {
  const p = entryPreview(text);
  if (p.hiddenLines === 0) return { text: p.text, more: [] };
  const lines = `${formatCount(p.hiddenLines)} more line${p.hiddenLines === 1 ? "" : "s"}`;
  return { text: p.text, more: [theme.muted(`  … ${lines} not shown here (kept in full in the session)`)] };
}

export const noticeColor = (level: NoticeLevel, { theme }: Palette): ((s: string) => string) =>
  level === "error" ? theme.error : level === "warning" ? theme.warning : theme.muted;

export const noticeMark = (level: NoticeLevel): string => ({ error: "✗", warning: "!", info: "·" })[level];

/** A notice's rows: its mark, its text wrapped under it, after a blank spacer row. */
export function noticeRows(level: NoticeLevel, text: string, width: number, palette: Palette): string[] {
  const color = noticeColor(level, palette);
  const mark = noticeMark(level);
  const b = bounded(text, palette);
  // A blank spacer row first, like every other entry, so notices do not stick to the text above.
  // A wrapped line of an indented list continues under its text, not at the notice's edge.
  const rows = wrapTextHanging(sanitizeText(b.text), width - 2).map((l, i) => color(`${i === 0 ? mark : " "} ${l}`));
  return ["", ...rows, ...b.more];
}

/** Plain mode: `label:` on the first line, the text's other lines after it (sanitised). */
export function labelledLines(label: string, text: string): string[] {
  const lines = sanitizeText(text).trim().split("\n");
  lines[0] = `${label}: ${lines[0] ?? ""}`;
  return lines;
}

/** Plain mode's word for a notice level. */
export const levelWord = (level: NoticeLevel): string => (level === "info" ? "note" : level);

/** Long enough to read a command or a path, short enough to stay one line in a log. */
const MAX_LABEL_CELLS = 200;

/** One line of a log (plain mode, print mode's progress): sanitised, trimmed, at most MAX_LABEL_CELLS. */
export const logLine = (text: string): string => truncateLine(sanitizeLine(text).trim(), MAX_LABEL_CELLS);
