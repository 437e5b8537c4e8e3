// The bytes that turn the rows of a live frame on screen into new rows, touching only rows
// that changed: rows equal at the start are skipped, rows equal at the end are moved (by
// inserting or deleting the rows between, IL/DL) instead of being written again. Used by
// ink-inline-writer.ts, where the new rows are the transcript lines printed above the new
// frame followed by the frame: the printed lines often are the frame's first rows already
// (the streamed text that just completed), and its last rows (editor, footer) rarely change.

import { csiLength, sgrLength, sgrParams } from "../../bridge/index.js";
import { applySgr, compactSgr, type SgrStyles } from "./sgr-compact.js";

const ESC = "\u001b[";
const ERASE_LINE = `${ESC}2K`;
const ERASE_BELOW = `${ESC}J`;

export const up = (n: number): string => (n > 0 ? `${ESC}${n}A` : "");
/** To the first column: CHA rather than a bare CR, which only untrusted text could carry (render/sanitize.ts). */
export const FIRST_COLUMN = `${ESC}G`;
export const down = (n: number): string => (n <= 0 ? "" : n <= 3 ? "\n".repeat(n) : `${ESC}${n}B`);

/** Rows to insert at `at` so that the rows after it line up with `next` again, if any. */
function findInsertion(old: readonly string[], next: readonly string[]): { at: number; count: number } | undefined {
  let at = 0;
  while (at < old.length && at < next.length && old[at] === next[at]) at++;
  let best: { at: number; count: number } | undefined;
  let bestRun = 1;
  // A printed block often starts with a blank row the streamed text did not show yet.
  for (let count = 1; count <= 3; count++) {
    let run = 0;
    while (at + run < old.length && at + count + run < next.length && old[at + run] === next[at + count + run]) run++;
    if (run > bestRun) {
      best = { at, count };
      bestRun = run;
    }
  }
  return best;
}

/**
 * From the row below `old` (the cursor's place after a frame), the bytes that leave `next` on
 * the same first row with the cursor on the row below it. Undefined when that would touch a
 * row off the screen (`height` rows): the caller erases and writes the whole.
 */
export function frameDiff(old: readonly string[], next: readonly string[], height: number): string | undefined {
  let out = "";
  let rows = old;
  for (let round = 0; round < 3; round++) {
    const insertion = findInsertion(rows, next);
    if (insertion === undefined || rows.length + insertion.count + 1 > height) break;
    const { at, count } = insertion;
    const added = next.slice(at, at + count);
    // Room below (scrolling when at the bottom), then `count` blank rows opened at `at`.
    out += `${"\n".repeat(count)}${up(rows.length + count - at)}${FIRST_COLUMN}${ESC}${count}L`;
    out += added.map((row) => `${compactSgr(row)}\n`).join("");
    out += down(rows.length - at);
    rows = [...rows.slice(0, at), ...added, ...rows.slice(at)];
  }
  const rest = alignedDiff(rows, next, height);
  return rest === undefined ? undefined : out + rest;
}

function alignedDiff(old: readonly string[], next: readonly string[], height: number): string | undefined {
  const n = old.length;
  const total = next.length;
  if (n + 1 > height || total + 1 > height) return undefined;
  let prefix = 0;
  while (prefix < n && prefix < total && old[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (suffix < Math.min(n, total) - prefix && old[n - 1 - suffix] === next[total - 1 - suffix]) suffix++;
  const grow = total - n;
  let out: string;
  /** What row `i` shows once the rows after `prefix` moved (by IL or DL) or did not; undefined below the old frame. */
  let screenRow: (i: number) => string | undefined;
  if (grow > 0 && suffix > 0) {
    // Linefeeds from below the frame make `grow` rows of room (scrolling when at the bottom),
    // then the rows from `prefix` on are pushed down by as many.
    out = `${"\n".repeat(grow)}${up(total - prefix)}${FIRST_COLUMN}${ESC}${grow}L`;
    screenRow = (i) => (i < prefix + grow ? "" : (old[i - grow] ?? ""));
  } else if (grow < 0 && suffix > 0) {
    out = `${up(n - prefix)}${FIRST_COLUMN}${ESC}${-grow}M`;
    screenRow = (i) => old[i - grow] ?? "";
  } else {
    out = prefix === n ? "" : `${up(n - prefix)}${FIRST_COLUMN}`;
    // Rows below the old frame are reached by linefeeds (scrolling at the bottom): never skipped.
    screenRow = (i) => old[i];
  }
  let skipped = 0;
  for (let i = prefix; i < total - suffix; i++) {
    const shown = screenRow(i);
    if (shown === next[i]) {
      skipped++;
      continue;
    }
    out += `${down(skipped)}${rewriteRow(shown, next[i] ?? "")}\n`;
    skipped = 0;
  }
  out += down(skipped + suffix);
  if (grow < 0 && suffix === 0) out += ERASE_BELOW;
  return out;
}

/**
 * The bytes that turn a row showing `shown` into `row`, the cursor at its start. When the two
 * begin alike (streamed text that grew, a clock that ticked, a key typed in the editor), only
 * what differs is written, after the cursor skips the part already shown.
 */
function rewriteRow(shown: string | undefined, row: string): string {
  // Rows known to be blank need no erasing first.
  if (shown === "" || shown === undefined) return compactSgr(row);
  const same = sharedStart(shown, row);
  const rest = same === undefined ? undefined : row.slice(same.length);
  const shownColumns = singleWidthColumns(shown, shown.length)?.columns;
  const restColumns = rest === undefined ? undefined : singleWidthColumns(rest, rest.length)?.columns;
  if (
    same === undefined ||
    same.columns === 0 ||
    rest === undefined ||
    shownColumns === undefined ||
    restColumns === undefined
  )
    return `${ERASE_LINE}${compactSgr(row)}`;
  // What is left of a longer row is erased; that row is narrower than the screen, so the
  // erase never meets a cursor parked in the last column.
  const erase = shownColumns > same.columns + restColumns ? `${ESC}K` : "";
  return `${ESC}${same.columns}C${same.styles}${rest}${erase}`;
}

/** Characters every terminal draws one column wide (ASCII, Latin, general punctuation, symbols). */
function singleWidth(code: number): boolean {
  return (
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code < 0x300) ||
    (code >= 0x370 && code < 0x1100) ||
    (code >= 0x2000 && code < 0x2c00)
  );
}

/**
 * Columns of `text` up to code unit `end` (whole escape sequences, never cut), and the styling
 * active there; undefined when a character's width could be read differently by a terminal.
 */
function singleWidthColumns(
  text: string,
  end: number,
): { columns: number; length: number; styles: string } | undefined {
  let columns = 0;
  let i = 0;
  const active: SgrStyles = new Map();
  while (i < end) {
    if (text.charCodeAt(i) === 0x1b) {
      const length = csiLength(text, i);
      if (length === 0 || i + length > end) break;
      // Only SGR moves no cursor and is modelled (sgr-compact.ts); anything else: no shortcut.
      if (sgrLength(text, i) !== length || !applySgr(active, sgrParams(text.slice(i, i + length)))) return undefined;
      i += length;
      continue;
    }
    if (!singleWidth(text.charCodeAt(i))) return undefined;
    columns++;
    i++;
  }
  return { columns, length: i, styles: active.size > 0 ? `${ESC}${[...active.values()].join(";")}m` : "" };
}

/** Where `shown` and `row` stop being alike, cut before any escape sequence they split. */
function sharedStart(shown: string, row: string): { columns: number; length: number; styles: string } | undefined {
  let same = 0;
  const max = Math.min(shown.length, row.length);
  while (same < max && shown.charCodeAt(same) === row.charCodeAt(same)) same++;
  return singleWidthColumns(row, same);
}
