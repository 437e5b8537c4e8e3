// The prompt editor as rows: "› " on the first row, soft-wrapped lines, an inverse-video
// cursor, and a window of at most `maxRows` rows that always contains the cursor. Only the
// rows around the cursor are laid out, so a key costs the same in a 10-byte and a 1 MB
// prompt: a long line is wrapped in chunks of at most CHUNK code units (a chunk always starts
// a row), found from the cursor by arithmetic, never by walking the text from its start.
import { type Row, wrapPlain, wrapWithCursor } from "./editor-wrap.js";
import type { Palette } from "./palette.js";
import { sanitizeLine } from "./sanitize.js";
import { textWidth, truncateLine } from "./text-width.js";
import { docCharCode, docFromString, docLineEnd, docLineStart, docSlice, type TextDoc } from "../state/text-doc.js";
import type { HistorySearch } from "../state/types.js";

const CHUNK = 2048;
/** A piece of the text laid out on its own rows: a whole line, or one chunk of a long line. */
type Segment = { start: number; end: number };

/** Chunk boundaries of a line that starts at `ls`: multiples of `size`, never inside a surrogate pair. */
function chunkStart(doc: TextDoc, ls: number, k: number, size: number): number {
  const at = ls + k * size;
  const code = docCharCode(doc, at - 1);
  return k > 0 && code >= 0xd800 && code <= 0xdbff ? at + 1 : at;
}

/** The segment holding position `pos` (a position at a line's end belongs to its last chunk). */
function segmentAt(doc: TextDoc, pos: number, size: number): Segment {
  const ls = docLineStart(doc, pos);
  const le = docLineEnd(doc, pos);
  if (le - ls <= size) return { start: ls, end: le };
  let k = Math.floor((pos - ls) / size);
  const lastK = Math.floor((le - ls - 1) / size);
  if (k > lastK) k = lastK;
  let start = chunkStart(doc, ls, k, size);
  if (pos < start && k > 0) {
    k -= 1;
    start = chunkStart(doc, ls, k, size);
  }
  return { start, end: k >= lastK ? le : chunkStart(doc, ls, k + 1, size) };
}

/** The segment before `seg`: the chunk before it, or the previous line's last chunk. */
function previousSegment(doc: TextDoc, seg: Segment, size: number): Segment | undefined {
  return seg.start === 0 ? undefined : segmentAt(doc, seg.start - 1, size);
}

/** The segment after `seg` (undefined at the end of the text). */
function nextSegment(doc: TextDoc, seg: Segment, size: number): Segment | undefined {
  if (seg.end >= doc.length) return undefined;
  return segmentAt(doc, docCharCode(doc, seg.end) === 0x0a ? seg.end + 1 : seg.end, size);
}

/** The editor's text as pieces: the state's (editorDoc), or a plain string's. */
const asDoc = (text: string | TextDoc): TextDoc => (typeof text === "string" ? docFromString(text) : text);

export function editorLines(
  text: string | TextDoc,
  cursor: number,
  width: number,
  maxRows: number,
  options: {
    palette: Palette;
    placeholder?: string;
    focused?: boolean;
    prompt?: string;
    /** vim's VISUAL selection, [start, end) of the text: drawn like the cursor. */
    selection?: { start: number; end: number };
  },
): string[] {
  if (maxRows <= 0) return [];
  const { style, theme } = options.palette;
  const doc = asDoc(text);
  const prompt = options.prompt ?? "› ";
  const inner = Math.max(4, width - textWidth(prompt) - 1);
  const focused = options.focused ?? true;
  if (doc.length === 0) {
    const cursorCell = focused ? style.inverse(" ") : " ";
    return [truncateLine(`${theme.accent(prompt)}${cursorCell}${theme.muted(options.placeholder ?? "")}`, width)];
  }
  // A chunk of printable ASCII fills whole rows: no short row where a chunk ends.
  const size = inner * Math.ceil(CHUNK / inner);
  const at = Math.max(0, Math.min(cursor, doc.length));
  const here = segmentAt(doc, at, size);
  const sel = options.selection;
  const layout = (seg: Segment, col: number | undefined): readonly Row[] => {
    const mark =
      sel && sel.start < seg.end && sel.end > seg.start
        ? { from: Math.max(0, sel.start - seg.start), to: Math.min(seg.end, sel.end) - seg.start }
        : undefined;
    return col === undefined && mark === undefined
      ? wrapPlain(docSlice(doc, seg.start, seg.end), inner)
      : wrapWithCursor(docSlice(doc, seg.start, seg.end), col, inner, style.inverse, mark);
  };
  const cursorRows = layout(here, focused ? at - here.start : undefined);
  const cursorRow = Math.max(
    0,
    cursorRows.findIndex((r) => r.hasCursor),
  );
  // The window ends at the cursor row, or starts at the first row when the text is short.
  const above: Row[] = cursorRows.slice(0, cursorRow);
  let top: Segment | undefined = here;
  while (above.length < maxRows - 1 && top) {
    top = previousSegment(doc, top, size);
    if (top) above.unshift(...layout(top, undefined));
  }
  const window = [...above.slice(Math.max(0, above.length - (maxRows - 1))), ...cursorRows.slice(cursorRow)];
  let bottom: Segment | undefined = here;
  while (window.length < maxRows && bottom) {
    bottom = nextSegment(doc, bottom, size);
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

/** The last count, for the frames that redraw the editor unchanged (worker events, a spinner). */
let lastCount: { doc: TextDoc; width: number; cap: number; prompt: string; rows: number } | undefined;

/** Counting rows paints nothing: the cursor's cell is as wide painted or not. */
const UNCOUNTED = (s: string): string => s;

/** Rows the text takes at `width`, counted up to `cap` (the most the layout may give it). */
export function editorRowCount(text: string | TextDoc, width: number, cap: number, prompt = "› "): number {
  const doc = asDoc(text);
  if (doc.length === 0) return 1;
  const known = lastCount;
  if (known && known.doc === doc && known.width === width && known.cap === cap && known.prompt === prompt)
    return known.rows;
  const inner = Math.max(4, width - textWidth(prompt) - 1);
  const size = inner * Math.ceil(CHUNK / inner);
  let rows = 0;
  let seg: Segment | undefined = segmentAt(doc, 0, size);
  while (seg && rows < cap) {
    const line = docSlice(doc, seg.start, seg.end);
    // The last piece is counted with the cursor after it: it may take one more row.
    rows += (seg.end >= doc.length ? wrapWithCursor(line, line.length, inner, UNCOUNTED) : wrapPlain(line, inner))
      .length;
    seg = nextSegment(doc, seg, size);
  }
  lastCount = { doc, width, cap, prompt, rows: Math.min(rows, cap) };
  return lastCount.rows;
}

/** The Ctrl+R row above the editor: the query, whether it matches, and the keys. */
export function searchLine(search: HistorySearch, width: number, { style, theme }: Palette): string {
  const found = search.query === "" || search.index !== undefined;
  const label = found ? theme.accent("history search") : theme.warning("history search (no match)");
  const query = `${sanitizeLine(search.query)}${style.inverse(" ")}`;
  return truncateLine(
    `${label} ${query} ${theme.muted("· ctrl+r older · enter send · esc edit · ctrl+c cancel")}`,
    width,
  );
}
