// The prompt editor as rows: "› " on the first row, soft-wrapped lines, an inverse-video
// cursor, and a window of at most `maxRows` rows that always contains the cursor. Only the
// rows around the cursor are laid out, so a key costs the same in a 10-byte and a 1 MB
// prompt: a long line is wrapped in chunks of at most CHUNK code units (a chunk always starts
// a row), found from the cursor by arithmetic, never by walking the text from its start.
import { style, theme } from "./theme.js";
import { sanitizeLine, visibleGrapheme } from "./sanitize.js";
import { graphemes, graphemeWidth, textWidth, truncateLine } from "./text-width.js";
import type { HistorySearch } from "../state/types.js";

const CHUNK = 2048;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

type Row = { text: string; hasCursor: boolean };

function wrapWithCursor(line: string, cursorCol: number | undefined, width: number): Row[] {
  const rows: Row[] = [];
  if (PRINTABLE_ASCII.test(line)) {
    // One cell per character: rows are plain slices.
    for (let at = 0; at < line.length || rows.length === 0; at += width) {
      const text = line.slice(at, at + width);
      const col = cursorCol !== undefined && cursorCol >= at && cursorCol < at + width && cursorCol < line.length ? cursorCol - at : undefined;
      rows.push(
        col === undefined ? { text, hasCursor: false } : { text: text.slice(0, col) + style.inverse(text[col] ?? " ") + text.slice(col + 1), hasCursor: true },
      );
    }
    if (cursorCol !== undefined && cursorCol >= line.length) {
      const last = rows[rows.length - 1] as Row;
      if (line.length > 0 && line.length % width === 0) rows.push({ text: style.inverse(" "), hasCursor: true });
      else rows[rows.length - 1] = { text: last.text + style.inverse(" "), hasCursor: true };
    }
    return rows;
  }
  let row = "";
  let w = 0;
  let hasCursor = false;
  let offset = 0;
  // Control characters (pasted ESC, BEL, …) and bidi controls are drawn as placeholders.
  // Segmented in short pieces (graphemes): one Intl.Segmenter pass over a whole chunk costs
  // more per grapheme the longer it is.
  for (const segment of graphemes(line)) {
    const visible = visibleGrapheme(segment);
    const gw = Math.max(1, visible === segment ? graphemeWidth(segment) : textWidth(visible));
    if (w + gw > width) {
      rows.push({ text: row, hasCursor });
      row = "";
      w = 0;
      hasCursor = false;
    }
    if (cursorCol === offset) {
      row += style.inverse(visible);
      hasCursor = true;
    } else row += visible;
    w += gw;
    offset += segment.length;
  }
  if (cursorCol !== undefined && cursorCol >= line.length) {
    if (w + 1 > width) {
      rows.push({ text: row, hasCursor });
      row = "";
      hasCursor = false;
    }
    row += style.inverse(" ");
    hasCursor = true;
  }
  rows.push({ text: row, hasCursor });
  return rows;
}

/** A piece of the text laid out on its own rows: a whole line, or one chunk of a long line. */
type Segment = { start: number; end: number };

/** Chunk boundaries of a line that starts at `ls`: multiples of `size`, never inside a surrogate pair. */
function chunkStart(text: string, ls: number, k: number, size: number): number {
  const at = ls + k * size;
  const code = text.charCodeAt(at - 1);
  return k > 0 && code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

/** The segment holding position `pos` (a position at a line's end belongs to its last chunk). */
function segmentAt(text: string, pos: number, size: number): Segment {
  // lastIndexOf clamps a negative start to 0 and would find a newline there.
  const ls = pos === 0 ? 0 : text.lastIndexOf("\n", pos - 1) + 1;
  const found = text.indexOf("\n", pos);
  const le = found === -1 ? text.length : found;
  if (le - ls <= size) return { start: ls, end: le };
  let k = Math.floor((pos - ls) / size);
  const lastK = Math.floor((le - ls - 1) / size);
  if (k > lastK) k = lastK;
  let start = chunkStart(text, ls, k, size);
  if (pos < start && k > 0) {
    k -= 1;
    start = chunkStart(text, ls, k, size);
  }
  return { start, end: k >= lastK ? le : chunkStart(text, ls, k + 1, size) };
}

/** The segment before `seg`: the chunk before it, or the previous line's last chunk. */
function previousSegment(text: string, seg: Segment, size: number): Segment | undefined {
  return seg.start === 0 ? undefined : segmentAt(text, seg.start - 1, size);
}

/** The segment after `seg` (undefined at the end of the text). */
function nextSegment(text: string, seg: Segment, size: number): Segment | undefined {
  if (seg.end >= text.length) return undefined;
  return segmentAt(text, text[seg.end] === "\n" ? seg.end + 1 : seg.end, size);
}

export function editorLines(
  text: string,
  cursor: number,
  width: number,
  maxRows: number,
  options: { placeholder?: string; focused?: boolean; prompt?: string } = {},
): string[] {
  if (maxRows <= 0) return [];
  const prompt = options.prompt ?? "› ";
  const inner = Math.max(4, width - textWidth(prompt) - 1);
  const focused = options.focused ?? true;
  if (text === "") {
    const cursorCell = focused ? style.inverse(" ") : " ";
    return [truncateLine(`${theme.accent(prompt)}${cursorCell}${theme.muted(options.placeholder ?? "")}`, width)];
  }
  // A chunk of printable ASCII fills whole rows: no short row where a chunk ends.
  const size = inner * Math.ceil(CHUNK / inner);
  const at = Math.max(0, Math.min(cursor, text.length));
  const here = segmentAt(text, at, size);
  const layout = (seg: Segment, col: number | undefined): Row[] => wrapWithCursor(text.slice(seg.start, seg.end), col, inner);
  const cursorRows = layout(here, focused ? at - here.start : undefined);
  const cursorRow = Math.max(
    0,
    cursorRows.findIndex((r) => r.hasCursor),
  );
  // The window ends at the cursor row, or starts at the first row when the text is short.
  const above: Row[] = cursorRows.slice(0, cursorRow);
  let top: Segment | undefined = here;
  while (above.length < maxRows - 1 && top) {
    top = previousSegment(text, top, size);
    if (top) above.unshift(...layout(top, undefined));
  }
  const window = [...above.slice(Math.max(0, above.length - (maxRows - 1))), ...cursorRows.slice(cursorRow)];
  let bottom: Segment | undefined = here;
  while (window.length < maxRows && bottom) {
    bottom = nextSegment(text, bottom, size);
    if (bottom) window.push(...layout(bottom, undefined));
  }
  // Rows above the window: more laid out than shown, or text above not laid out at all.
  const hidden = above.length > maxRows - 1 || (top !== undefined && top.start > 0);
  const pad = " ".repeat(textWidth(prompt));
  return window.slice(0, maxRows).map((r, i) => {
    const lead = i > 0 ? pad : hidden ? `${theme.muted("↑")}${pad.slice(1)}` : theme.accent(prompt);
    return truncateLine(`${lead}${r.text}`, width);
  });
}

/** Rows the text takes at `width`, counted up to `cap` (the most the layout may give it). */
export function editorRowCount(text: string, width: number, cap: number, prompt = "› "): number {
  if (text === "") return 1;
  const inner = Math.max(4, width - textWidth(prompt) - 1);
  const size = inner * Math.ceil(CHUNK / inner);
  let rows = 0;
  let seg: Segment | undefined = segmentAt(text, 0, size);
  while (seg && rows < cap) {
    rows += wrapWithCursor(text.slice(seg.start, seg.end), seg.end >= text.length ? seg.end - seg.start : undefined, inner).length;
    seg = nextSegment(text, seg, size);
  }
  return Math.min(rows, cap);
}

/** The Ctrl+R row above the editor: the query, whether it matches, and the keys. */
export function searchLine(search: HistorySearch, width: number): string {
  const found = search.query === "" || search.index !== undefined;
  const label = found ? theme.accent("history search") : theme.warning("history search (no match)");
  const query = `${sanitizeLine(search.query)}${style.inverse(" ")}`;
  return truncateLine(`${label} ${query} ${theme.muted("· ctrl+r older · enter send · esc edit · ctrl+c cancel")}`, width);
}
