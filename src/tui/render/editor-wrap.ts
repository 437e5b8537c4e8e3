// One line of the editor (or one chunk of a long line) soft-wrapped into rows of at most
// `width` cells, with the cursor drawn in inverse video and control characters as placeholders.
// Fast, as it runs on every key: Intl.Segmenter costs about a microsecond a cluster (plus ~10 µs
// a call), so a unit that is a cluster on its own whatever surrounds it (printable ASCII, kana,
// CJK ideographs, Hangul syllables, when the next unit is one too) is measured by its code, and
// only clusters around other characters (emoji, combining marks, controls) go to the segmenter.
import { visibleGrapheme } from "./sanitize.js";
import { graphemeWidth, textWidth } from "./text-width.js";

export type Row = { text: string; hasCursor: boolean };

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The width of a code unit that never joins a neighbour of the same kind into one cluster (no
 * Unicode break rule holds two of them together: none is Extend, SpacingMark, ZWJ, Prepend or
 * a Hangul jamo), or 0 for any other unit. Wide: East Asian Wide in string-width's data.
 */
export function standaloneWidth(code: number): number {
  if (code >= 0x20 && code <= 0x7e) return 1;
  if (code >= 0x4e00 && code <= 0x9fff) return 2; // CJK unified ideographs
  if (code >= 0x3041 && code <= 0x3096) return 2; // hiragana (not the combining marks after it)
  if (code >= 0x30a1 && code <= 0x30fa) return 2; // katakana
  if (code >= 0xac00 && code <= 0xd7a3) return 2; // Hangul syllables
  return 0;
}

/** Units [from, to) of a line painted like the cursor: vim's VISUAL selection. */
export type Marked = { from: number; to: number };

/** Printable ASCII: one cell per character, rows are plain slices. */
function wrapAscii(line: string, cursorCol: number | undefined, width: number, inverse: Paint, mark?: Marked): Row[] {
  const rows: Row[] = [];
  for (let at = 0; at < line.length || rows.length === 0; at += width) {
    const text = line.slice(at, at + width);
    const col =
      cursorCol !== undefined && cursorCol >= at && cursorCol < at + width && cursorCol < line.length
        ? cursorCol - at
        : undefined;
    // The selection's part of this row (it holds the cursor: one end of it).
    const from = mark ? Math.max(0, mark.from - at) : 0;
    const to = mark ? Math.min(text.length, mark.to - at) : 0;
    if (from < to) {
      rows.push({
        text: text.slice(0, from) + inverse(text.slice(from, to)) + text.slice(to),
        hasCursor: col !== undefined,
      });
      continue;
    }
    rows.push(
      col === undefined
        ? { text, hasCursor: false }
        : { text: text.slice(0, col) + inverse(text[col] ?? " ") + text.slice(col + 1), hasCursor: true },
    );
  }
  if (cursorCol !== undefined && cursorCol >= line.length) {
    const last = rows[rows.length - 1] as Row;
    if (line.length > 0 && line.length % width === 0) rows.push({ text: inverse(" "), hasCursor: true });
    else rows[rows.length - 1] = { text: last.text + inverse(" "), hasCursor: true };
  }
  return rows;
}

/** Paints the cursor's cell (the palette's inverse). */
type Paint = (s: string) => string;

/** No cursor to paint (wrapPlain): the painter is never called. */
const UNPAINTED: Paint = (s) => s;

/**
 * `line` in rows of at most `width` cells; `cursorCol` (a code unit offset) and the units of
 * `mark` (a VISUAL selection) are drawn by `inverse`.
 */
export function wrapWithCursor(
  line: string,
  cursorCol: number | undefined,
  width: number,
  inverse: Paint,
  mark?: Marked,
): Row[] {
  if (PRINTABLE_ASCII.test(line)) return wrapAscii(line, cursorCol, width, inverse, mark);
  const marked = (i: number): boolean => cursorCol === i || (mark !== undefined && i >= mark.from && i < mark.to);
  const rows: Row[] = [];
  const n = line.length;
  // A row is `row` (what was rewritten: the cursor, placeholders) + line[from, i) (as it is).
  let row = "";
  let from = 0;
  let w = 0;
  let hasCursor = false;
  let segments: Intl.Segments | undefined;
  for (let i = 0; i < n; ) {
    const own = standaloneWidth(line.charCodeAt(i));
    let end = i + 1;
    let gw = own;
    let visible: string | undefined; // undefined: drawn as it is
    if (own === 0 || (end < n && standaloneWidth(line.charCodeAt(end)) === 0)) {
      segments ??= segmenter.segment(line);
      const found = segments.containing(i);
      end = found ? Math.max(i + 1, found.index + found.segment.length) : i + 1;
      const segment = line.slice(i, end);
      const shown = visibleGrapheme(segment);
      gw = Math.max(1, shown === segment ? graphemeWidth(segment) : textWidth(shown));
      if (shown !== segment) visible = shown;
    }
    if (w + gw > width) {
      rows.push({ text: row + line.slice(from, i), hasCursor });
      row = "";
      from = i;
      w = 0;
      hasCursor = false;
    }
    if (marked(i) || visible !== undefined) {
      const drawn = visible ?? line.slice(i, end);
      row += line.slice(from, i) + (marked(i) ? inverse(drawn) : drawn);
      from = end;
      hasCursor ||= cursorCol === i;
    }
    w += gw;
    i = end;
  }
  if (cursorCol !== undefined && cursorCol >= n) {
    if (w + 1 > width) {
      rows.push({ text: row + line.slice(from), hasCursor });
      row = "";
      from = n;
    }
    row += line.slice(from) + inverse(" ");
    from = n;
    hasCursor = true;
  }
  rows.push({ text: row + line.slice(from), hasCursor });
  return rows;
}

/** Wrapped pieces remembered (FIFO): enough for the chunks around the cursor and the editor's top. */
const CACHE_MAX = 32;
const cache = new Map<string, readonly Row[]>();

/**
 * `line` wrapped without a cursor, remembered when it is long and not plain ASCII (the case
 * where wrapping costs more than a lookup): from key to key the chunks above and below the
 * cursor's own, and the first rows (the editor's height), are the same text again.
 */
export function wrapPlain(line: string, width: number): readonly Row[] {
  if (line.length < 256 || PRINTABLE_ASCII.test(line)) return wrapWithCursor(line, undefined, width, UNPAINTED);
  const key = `${width}:${line}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const rows = wrapWithCursor(line, undefined, width, UNPAINTED);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, rows);
  return rows;
}
