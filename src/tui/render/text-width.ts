// Display width of terminal text: graphemes (wide CJK, emoji, combining marks), SGR escapes
// ignored, plus width-aware truncation and the one wrapping path (word wrap, lossless splitting,
// hard wrap at the cell as `less` wraps), each carrying SGR state across rows. Which characters
// are sequences is src/protocol/terminal-sequences.ts's to say (through the bridge's index).
import stringWidth from "string-width";
import {
  ESC,
  HYPERLINK_CLOSE,
  hyperlinkUri,
  isPrintableAscii,
  scanSgr,
  SGR_RESET,
  sgrParams,
  stripSgr,
} from "../../bridge/index.js";

export { stripSgr };

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Widths come from string-width (Unicode's East Asian Width and emoji data, maintained
 * upstream: a new Unicode version is a dependency bump). Looking a grapheme up costs a
 * segmentation and several property regexes, so widths are cached; text repeats its
 * characters, and the cache is emptied when it grows past a screenful of distinct ones.
 */
const WIDTH_CACHE_MAX = 4096;
const widthCache = new Map<string, number>();

/** Width in terminal cells of one grapheme cluster (controls count 0). */
export function graphemeWidth(g: string): number {
  const cp = g.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (g.length === 1 && cp < 0x7f) return 1;
  const cached = widthCache.get(g);
  if (cached !== undefined) return cached;
  const width = stringWidth(g);
  if (widthCache.size >= WIDTH_CACHE_MAX) widthCache.clear();
  widthCache.set(g, width);
  return width;
}

/** A piece of a styled line: either an SGR escape (width 0) or one grapheme. */
type Token = { sgr: true; text: string } | { sgr: false; text: string; width: number };

/** Segmented at most this many UTF-16 units at a time (see `graphemes`). */
const SEGMENT_CHUNK = 256;

/**
 * Grapheme clusters of `text`. V8's Intl.Segmenter gets slower per grapheme as the string
 * grows (a 16,000-character run takes ~300 ms), so long text is segmented in chunks: each
 * chunk's last cluster may be incomplete, so the next chunk starts again at its beginning.
 */
export function* graphemes(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SEGMENT_CHUNK) {
    // Never cut a surrogate pair: its lone half would be a cluster of its own, and the one
    // before it (say, a ZWJ sequence waiting for that emoji) would look complete.
    const high = text.charCodeAt(start + SEGMENT_CHUNK - 1);
    const piece = text.slice(start, start + SEGMENT_CHUNK - (high >= 0xd800 && high <= 0xdbff ? 1 : 0));
    let lastIndex = 0;
    let previous: string | undefined;
    for (const { segment, index } of segmenter.segment(piece)) {
      if (previous !== undefined) yield previous;
      previous = segment;
      lastIndex = index;
    }
    // One cluster longer than the chunk (a pile of combining marks): take the chunk whole.
    if (lastIndex === 0) {
      yield piece;
      start += piece.length;
    } else start += lastIndex;
  }
  for (const { segment } of segmenter.segment(text.slice(start))) yield segment;
}

/** The graphemes of `plain` (text without SGR) as tokens. */
function pushGraphemes(tokens: Token[], plain: string): void {
  if (isPrintableAscii(plain)) {
    for (const ch of plain) tokens.push({ sgr: false, text: ch, width: 1 });
    return;
  }
  // Two printable ASCII characters never share a cluster: only the other runs go through the
  // segmenter, each with the character before it (a combining mark may belong to it).
  let ascii = 0;
  for (const m of plain.matchAll(/[^\x20-\x7e]+/g)) {
    const from = m.index > ascii ? m.index - 1 : m.index;
    for (let k = ascii; k < from; k += 1) tokens.push({ sgr: false, text: plain[k] ?? "", width: 1 });
    const run = plain.slice(from, m.index + m[0].length);
    for (const g of graphemes(run)) tokens.push({ sgr: false, text: g, width: graphemeWidth(g) });
    ascii = m.index + m[0].length;
  }
  for (let k = ascii; k < plain.length; k += 1) tokens.push({ sgr: false, text: plain[k] ?? "", width: 1 });
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  scanSgr(
    line,
    (from, to) => pushGraphemes(tokens, line.slice(from, to)),
    (from, to) => {
      tokens.push({ sgr: true, text: line.slice(from, to) });
    },
  );
  return tokens;
}

/**
 * Widths of the non-ASCII runs between escapes ("│", "• ", "— quoted …"): the same few recur on
 * every row of every frame, and segmenting one costs microseconds. Emptied like widthCache.
 */
const runWidthCache = new Map<string, number>();
const RUN_CACHE_MAX_CHARS = 256;

/** Width of text without escapes: printable ASCII is one cell a character, the rest by grapheme. */
function runWidth(plain: string): number {
  if (isPrintableAscii(plain)) return plain.length;
  const cached = runWidthCache.get(plain);
  if (cached !== undefined) return cached;
  let w = 0;
  // In chunks (see graphemes): segmenting a long run whole slows down per grapheme.
  for (const g of graphemes(plain)) w += graphemeWidth(g);
  // Only short runs recur; a long one would keep megabytes alive as a key.
  if (plain.length > RUN_CACHE_MAX_CHARS) return w;
  if (runWidthCache.size >= WIDTH_CACHE_MAX) runWidthCache.clear();
  runWidthCache.set(plain, w);
  return w;
}

/** Visible width of a single line (SGR escapes ignored); the runs `tokenize` would make, summed. */
export function textWidth(line: string): number {
  if (isPrintableAscii(line)) return line.length;
  if (!line.includes(ESC)) return runWidth(line);
  let w = 0;
  scanSgr(line, (from, to) => {
    w += runWidth(line.slice(from, to));
  });
  return w;
}

const CLOSES: Record<string, (code: number) => boolean> = {
  "22": (c) => c === 1 || c === 2,
  "23": (c) => c === 3,
  "24": (c) => c === 4,
  "27": (c) => c === 7,
  "29": (c) => c === 9,
  "39": (c) => (c >= 30 && c <= 38) || (c >= 90 && c <= 97),
  "49": (c) => (c >= 40 && c <= 48) || (c >= 100 && c <= 107),
};

const isLink = (sequence: string): boolean => hyperlinkUri(sequence) !== undefined;

/**
 * Keep `active` as the minimal list of SGR openers (and the hyperlink) still in force after
 * `sgr`. A hyperlink is not styling an SGR reset ends: only its closer does.
 */
function trackSgr(active: string[], sgr: string): void {
  const uri = hyperlinkUri(sgr);
  if (uri !== undefined) {
    const open = active.findIndex(isLink);
    if (open !== -1) active.splice(open, 1);
    if (uri !== "") active.push(sgr);
    return;
  }
  const params = sgrParams(sgr);
  if (params === "" || params === "0") {
    const link = active.find(isLink);
    active.length = 0;
    if (link !== undefined) active.push(link);
    return;
  }
  const closes = CLOSES[params];
  if (closes) {
    for (let i = active.length - 1; i >= 0; i -= 1) {
      const code = Number(sgrParams(active[i] ?? "").split(/[;:]/)[0]);
      if (closes(code)) active.splice(i, 1);
    }
    return;
  }
  active.push(sgr);
}

/**
 * A row's end: what is open is closed so the row stands alone (the next row opens it again).
 * `active`: the openers in force at the end (trackSgr).
 */
function endRow(text: string, active: readonly string[]): string {
  if (active.length === 0 && !text.includes(ESC)) return text;
  return text + (active.some(isLink) ? HYPERLINK_CLOSE : "") + SGR_RESET;
}

/** Cut a line to at most `width` cells, adding `ellipsis` when something was cut. */
export function truncateLine(line: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (textWidth(line) <= width) return line;
  const room = Math.max(0, width - textWidth(ellipsis));
  let out = "";
  let used = 0;
  let styled = false;
  let link = false;
  for (const t of tokenize(line)) {
    if (t.sgr) {
      out += t.text;
      styled = true;
      const uri = hyperlinkUri(t.text);
      if (uri !== undefined) link = uri !== "";
      continue;
    }
    if (used + t.width > room) break;
    out += t.text;
    used += t.width;
  }
  return out + (link ? HYPERLINK_CLOSE : "") + (styled ? SGR_RESET : "") + ellipsis;
}

/**
 * Word-wrap one line (no "\n" inside) to `width` cells. Long words are hard-split; SGR
 * state is closed at each line end and reopened on the next line so every row stands alone.
 */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (textWidth(line) <= w) return [line];
  const tokens = tokenize(line);
  const rows: string[] = [];
  const active: string[] = [];
  let row = "";
  let rowWidth = 0;
  let lastSpace = -1; // index in `row` after a space, for word breaks
  let lastSpaceWidth = 0;
  let activeAtSpace: string[] = [];
  const pushRow = (text: string): void => {
    rows.push(endRow(text, active));
  };
  for (const t of tokens) {
    if (t.sgr) {
      row += t.text;
      trackSgr(active, t.text);
      continue;
    }
    if (rowWidth + t.width > w) {
      if (lastSpace > 0 && t.text !== " ") {
        const head = row.slice(0, lastSpace);
        const tail = row.slice(lastSpace);
        pushRow(head.trimEnd());
        row = activeAtSpace.join("") + tail;
        rowWidth = rowWidth - lastSpaceWidth;
      } else {
        pushRow(row);
        row = active.join("");
        rowWidth = 0;
      }
      lastSpace = -1;
      if (t.text === " ") continue;
    }
    row += t.text;
    rowWidth += t.width;
    if (t.text === " ") {
      lastSpace = row.length;
      lastSpaceWidth = rowWidth;
      activeAtSpace = [...active];
    }
  }
  if (row.length > 0) pushRow(row);
  return rows;
}

/** Characters after which a lossless break reads naturally (code, paths, prose). */
const BREAK_AFTER = new Set([" ", "\t", ",", ";", ")", "]", "}", "/", "\\", "-", "|", "&", ".", ":", "="]);

/** A row of a split line and its span in the line's text without SGR (UTF-16 units): where search matches fall. */
export type SplitRow = { text: string; from: number; to: number };

/** `hard`: cut at exactly `width` cells wherever that falls, as `less` wraps (tool output in the transcript view). */
export type SplitOptions = { hard?: boolean };

/**
 * Split one line (no "\n" inside) into rows of at most `width` cells WITHOUT dropping or
 * trimming anything: joining the rows gives the line back (minus SGR bookkeeping). A row
 * breaks after a space or punctuation when one sits in its second half, else mid-token (with
 * `hard`, always at the width); SGR state is closed at each row end and reopened on the next.
 * For code, paths and output.
 */
export function splitLine(line: string, width: number, options: SplitOptions = {}): string[] {
  if (textWidth(line) <= Math.max(1, width)) return [line];
  return splitRows(line, width, options.hard === true);
}

/** `splitLine(line, width, { hard: true })` with each row's span; printable ASCII is cut without tokenising it. */
export function hardWrap(line: string, width: number): SplitRow[] {
  const w = Math.max(1, width);
  if (isPrintableAscii(line) && line.length > w) {
    const rows: SplitRow[] = [];
    for (let at = 0; at < line.length; at += w) {
      rows.push({ text: line.slice(at, at + w), from: at, to: Math.min(line.length, at + w) });
    }
    return rows;
  }
  if (textWidth(line) <= w) return [{ text: line, from: 0, to: stripSgr(line).length }];
  const spans: number[] = [];
  const rows = splitRows(line, w, true, spans);
  return rows.map((text, k) => ({ text, from: spans[2 * k] ?? 0, to: spans[2 * k + 1] ?? 0 }));
}

/** Rows `hardWrap` cuts `line` into (at least 1): a 20 MB printable ASCII output is counted, not cut. */
export function hardWrapCount(line: string, width: number): number {
  const w = Math.max(1, width);
  if (isPrintableAscii(line)) return Math.max(1, Math.ceil(line.length / w));
  return textWidth(line) <= w ? 1 : splitRows(line, w, true).length;
}

/** The rows of a line wider than `width` (splitLine, hardWrap); `spans` gets each row's from and to. */
function splitRows(line: string, width: number, hard: boolean, spans?: number[]): string[] {
  const w = Math.max(1, width);
  const rows: string[] = [];
  let startActive: string[] = [];
  let row: Token[] = [];
  let rowWidth = 0;
  let plain = 0;
  const emit = (count: number): void => {
    const active = [...startActive];
    let text = active.join("");
    const from = plain;
    for (const t of row.slice(0, count)) {
      text += t.text;
      if (t.sgr) trackSgr(active, t.text);
      else plain += t.text.length;
    }
    rows.push(endRow(text, active));
    spans?.push(from, plain);
    startActive = active;
    row = row.slice(count);
    rowWidth = row.reduce((sum, t) => sum + (t.sgr ? 0 : t.width), 0);
  };
  const breakIndex = (): number => {
    if (hard) return row.length;
    let width = rowWidth;
    for (let i = row.length - 1; i > 0; i -= 1) {
      const t = row[i - 1];
      const cur = row[i];
      if (cur && !cur.sgr) width -= cur.width;
      if (width * 2 < w) break;
      if (t && !t.sgr && BREAK_AFTER.has(t.text)) return i;
    }
    return row.length;
  };
  for (const t of tokenize(line)) {
    if (!t.sgr && rowWidth + t.width > w && rowWidth > 0) emit(breakIndex());
    row.push(t);
    if (!t.sgr) rowWidth += t.width;
  }
  if (row.length > 0) emit(row.length);
  return rows;
}

/** `splitLine` for a heading row: the first row uses the full width, the rest hang under `indent`. */
export function hangLine(line: string, width: number, indent = "  "): string[] {
  if (textWidth(line) <= width) return [line];
  return splitLine(line, Math.max(1, width - indent.length)).map((row, i) => (i === 0 ? row : indent + row));
}

/** Wrap multi-line text; each returned string is one terminal row of at most `width` cells. */
export function wrapText(text: string, width: number): string[] {
  return text.split("\n").flatMap((line) => wrapLine(line, width));
}

/** Leading spaces and a list marker ("• ", "- ", "* ", "1. "): where a wrapped line's text starts. */
const HANGING_PREFIX = /^( *)(?:[•*-] |\d{1,3}[.)] )?/;

/**
 * Word-wrap one line (no "\n" inside) whose continuation rows start under its text: after its
 * leading spaces and list marker, not at the left edge. A line that is all prefix wraps plainly.
 */
export function wrapHanging(line: string, width: number): string[] {
  const prefix = HANGING_PREFIX.exec(line)?.[0] ?? "";
  const indent = " ".repeat(prefix.length);
  // A prefix too wide to leave a usable row is not kept (the text would be one column wide).
  if (prefix === "" || prefix.length === line.length || prefix.length * 2 > width) return wrapLine(line, width);
  const rows = wrapLine(line.slice(prefix.length), width - prefix.length);
  return rows.map((row, i) => (i === 0 ? prefix : indent) + row);
}

/** `wrapText` with hanging rows (wrapHanging): for notices and help text with indented lists. */
export function wrapTextHanging(text: string, width: number): string[] {
  return text.split("\n").flatMap((line) => wrapHanging(line, width));
}

/** Pad a line with spaces to exactly `width` cells (truncating if longer). */
export function padLine(line: string, width: number): string {
  const cut = truncateLine(line, width);
  return cut + " ".repeat(Math.max(0, width - textWidth(cut)));
}
