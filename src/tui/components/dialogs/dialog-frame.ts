// Shared pieces of dialog views as plain rows: the question (title and message, shown whole and
// exactly, scrollable when it does not fit), the countdown text and the help row.
import { sanitizeExact } from "../../render/sanitize.js";
import type { Palette } from "../../render/palette.js";
import { truncateLine, wrapText } from "../../render/text-width.js";
import { styleDiffLines } from "../../render/word-diff.js";

export function countdownText(remainingMs: number | undefined): string {
  if (remainingMs === undefined) return "";
  return ` · closes in ${Math.ceil(remainingMs / 1000)}s`;
}

/**
 * The question a dialog asks, as rows: the title's first line marked ◆, its other lines and
 * the message below it. Never cut and never summarised: a command asked about (the permission
 * gate puts it in the title) is shown with every character visible, so what the user answers
 * is what runs.
 */
export function questionRows(title: string, message: string, width: number, palette: Palette, diff?: string): string[] {
  const { theme } = palette;
  const w = Math.max(10, width - 2);
  const [first = "", ...rest] = sanitizeExact(title).split("\n");
  const rows = wrapText(first, w).map((r, i) => (i === 0 ? theme.accent(`◆ ${r}`) : `  ${theme.accent(r)}`));
  for (const line of rest) rows.push(...wrapText(line, w).map((r) => `  ${r}`));
  if (message.trim() !== "")
    for (const line of sanitizeExact(message).split("\n")) rows.push(...wrapText(line, w).map((r) => `  ${r}`));
  if (diff !== undefined && diff.trim() !== "") rows.push(...diffRows(diff, w, palette));
  return rows;
}

/**
 * The change a question is about (the permission gate's edit or write), styled as the tool rows
 * style their diffs (word-diff.ts), wrapped rather than cut: every character approved is seen.
 */
function diffRows(diff: string, width: number, palette: Palette): string[] {
  // The dialog redraws every second (its countdown): a diff of a large file is styled once per
  // palette (its rows are also counted uncoloured, for the layout).
  const last = styledDiffs.get(palette);
  if (last?.diff === diff && last.width === width) return last.rows;
  const lines = sanitizeExact(diff.replace(/\n+$/, "")).split("\n");
  const rows = styleDiffLines(lines, palette).flatMap((line) => wrapText(line, width).map((r) => `  ${r}`));
  styledDiffs.set(palette, { diff, width, rows });
  return rows;
}

const styledDiffs = new WeakMap<Palette, { diff: string; width: number; rows: string[] }>();

export type QuestionWindow = { rows: string[]; maxScroll: number };

/**
 * At most `room` rows of the question from row `scroll`. When it does not fit, the last row
 * says how much is above and below and how to read it (the rows are scrolled, never dropped).
 */
export function questionWindow(
  rows: readonly string[],
  scroll: number,
  room: number,
  width: number,
  { theme }: Palette,
): QuestionWindow {
  const r = Math.max(1, room);
  if (rows.length <= r) return { rows: [...rows], maxScroll: 0 };
  const shown = Math.max(1, r - 1);
  const maxScroll = rows.length - shown;
  const top = Math.min(Math.max(0, scroll), maxScroll);
  const below = rows.length - top - shown;
  const where = [
    top > 0 ? `↑ ${top} row${top === 1 ? "" : "s"} above` : "",
    below > 0 ? `↓ ${below} more row${below === 1 ? "" : "s"}` : "",
  ]
    .filter((x) => x !== "")
    .join(" · ");
  const marker = truncateLine(theme.warning(`  ${where} · pgup/pgdn to read`), width);
  return { rows: r === 1 ? [marker] : [...rows.slice(top, top + shown), marker], maxScroll };
}

export function helpRow(help: string, remainingMs: number | undefined, width: number, { theme }: Palette): string {
  return truncateLine(theme.muted(`  ${help}${countdownText(remainingMs)}`), width);
}

/** What every dialog view gets from the host: its title, its box, its countdown, Esc. */
export type DialogFrameProps = {
  /** The request id: the dialog owns the keyboard as scope dialog:<id> (use-keys.tsx). */
  id: string;
  title: string;
  width: number;
  palette: Palette;
  maxRows: number;
  remainingMs: number | undefined;
  onCancel: () => void;
};
