// The editor's text as a list of short pieces (leaves), immutable. An edit rebuilds the leaf it
// touches and copies the list, never the whole text, and reads (lines, words, the rows on
// screen) look at the leaves near the cursor: a key costs the same in a 10-byte and a 1 MB
// prompt. `text` is the whole string as V8 concatenations of the leaves (a rope: building it
// copies nothing); it is read as a whole only when the prompt is sent.
export type TextDoc = {
  readonly leaves: readonly string[];
  /** ends[i]: the offset just past leaf i. */
  readonly ends: readonly number[];
  /** Whether leaf i holds a line break: searches for one skip the others. */
  readonly breaks: readonly boolean[];
  readonly length: number;
  readonly text: string;
};

/** Leaves are cut at this size; an edit splits a leaf that grew past LEAF_MAX and merges one below LEAF_MIN. */
const LEAF = 8192;
const LEAF_MAX = 16384;
const LEAF_MIN = 2048;

export const emptyDoc: TextDoc = { leaves: [], ends: [], breaks: [], length: 0, text: "" };

const isHigh = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** `s` cut into leaves of about LEAF units, never between the halves of a surrogate pair. */
function cut(s: string): string[] {
  if (s.length <= LEAF_MAX) return s === "" ? [] : [s];
  const out: string[] = [];
  let at = 0;
  while (s.length - at > LEAF_MAX) {
    const end = at + LEAF + (isHigh(s.charCodeAt(at + LEAF - 1)) ? 1 : 0);
    out.push(s.slice(at, end));
    at = end;
  }
  out.push(s.slice(at));
  return out;
}

/** A doc of whole-text `leaves` (`text` is their concatenation when the caller has it). */
function build(leaves: readonly string[], text?: string): TextDoc {
  // Arrays filled by push stay packed: copying and spreading them is a memcpy, not a walk.
  const ends: number[] = [];
  const breaks: boolean[] = [];
  let length = 0;
  for (const leaf of leaves) {
    length += leaf.length;
    ends.push(length);
    breaks.push(leaf.includes("\n"));
  }
  return { leaves, ends, breaks, length, text: text ?? concat(leaves) };
}

/** The leaves joined by `+`: V8 links them (a cons string) instead of copying them. */
function concat(leaves: readonly string[]): string {
  let text = "";
  for (const leaf of leaves) text += leaf;
  return text;
}

export function docFromString(text: string): TextDoc {
  return text === "" ? emptyDoc : build(cut(text), text);
}

const leafStart = (doc: TextDoc, i: number): number => (i === 0 ? 0 : (doc.ends[i - 1] as number));

/** The leaf holding offset `pos` (0 <= pos < length). */
function leafAt(doc: TextDoc, pos: number): number {
  let lo = 0;
  let hi = doc.leaves.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((doc.ends[mid] as number) > pos) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The UTF-16 unit at `pos`, NaN outside the text (as String.prototype.charCodeAt). */
export function docCharCode(doc: TextDoc, pos: number): number {
  if (pos < 0 || pos >= doc.length) return Number.NaN;
  const i = leafAt(doc, pos);
  return (doc.leaves[i] as string).charCodeAt(pos - leafStart(doc, i));
}

/** The text in [start, end) (clamped): for short ranges, it joins the leaves it spans. */
export function docSlice(doc: TextDoc, start: number, end: number): string {
  const from = Math.max(0, Math.min(start, doc.length));
  const to = Math.max(from, Math.min(end, doc.length));
  if (from === to) return "";
  let i = leafAt(doc, from);
  let out = "";
  for (let at = from; at < to; i += 1) {
    const base = leafStart(doc, i);
    const leaf = doc.leaves[i] as string;
    const piece = leaf.slice(at - base, Math.min(leaf.length, to - base));
    out += piece;
    at += piece.length;
  }
  return out;
}

/** Replace [start, end) (clamped) with `insert`. */
export function docSplice(doc: TextDoc, start: number, end: number, insert: string): TextDoc {
  const from = Math.max(0, Math.min(start, doc.length));
  const to = Math.max(from, Math.min(end, doc.length));
  if (doc.length === 0) return docFromString(insert);
  // The leaves the edit touches: the one holding `from` to the one holding the last removed unit.
  let first = leafAt(doc, Math.min(from, doc.length - 1));
  let last = to > from ? leafAt(doc, to - 1) : first;
  // An insertion at a leaf's end goes into that leaf (typing at the end grows the last leaf).
  if (to === from && from === leafStart(doc, first) && first > 0) last = first = first - 1;
  let middle =
    (doc.leaves[first] as string).slice(0, from - leafStart(doc, first)) +
    insert +
    (doc.leaves[last] as string).slice(to - leafStart(doc, last));
  // A short leaf takes in a neighbour, so deleting never leaves thousands of tiny leaves.
  if (middle.length < LEAF_MIN && last + 1 < doc.leaves.length) {
    last += 1;
    middle += doc.leaves[last] as string;
  } else if (middle.length < LEAF_MIN && first > 0) {
    first -= 1;
    middle = (doc.leaves[first] as string) + middle;
  }
  return replaceLeaves(doc, first, last, cut(middle));
}

/** `doc` with leaves first..last replaced by `fresh`: only the fresh leaves are scanned. */
function replaceLeaves(doc: TextDoc, first: number, last: number, fresh: readonly string[]): TextDoc {
  const count = doc.leaves.length - (last + 1 - first) + fresh.length;
  if (count === 0) return emptyDoc;
  const leaves: string[] = [];
  const ends: number[] = [];
  const breaks: boolean[] = [];
  for (let i = 0; i < first; i += 1) {
    leaves.push(doc.leaves[i] as string);
    ends.push(doc.ends[i] as number);
    breaks.push(doc.breaks[i] as boolean);
  }
  let at = leafStart(doc, first);
  for (const leaf of fresh) {
    at += leaf.length;
    leaves.push(leaf);
    ends.push(at);
    breaks.push(leaf.includes("\n"));
  }
  const delta = at - (doc.ends[last] as number);
  for (let i = last + 1; i < doc.leaves.length; i += 1) {
    leaves.push(doc.leaves[i] as string);
    ends.push((doc.ends[i] as number) + delta);
    breaks.push(doc.breaks[i] as boolean);
  }
  return { leaves, ends, breaks, length: doc.length + delta, text: concat(leaves) };
}

/** Offset of the start of the line holding `pos` (just after the line break before it). */
export function docLineStart(doc: TextDoc, pos: number): number {
  if (pos <= 0 || doc.length === 0) return 0;
  const at = Math.min(pos, doc.length) - 1;
  let i = leafAt(doc, at);
  // (V8's lastIndexOf reads back one unit at a time: a leaf without a break is not read.)
  const found = doc.breaks[i] ? (doc.leaves[i] as string).lastIndexOf("\n", at - leafStart(doc, i)) : -1;
  if (found !== -1) return leafStart(doc, i) + found + 1;
  for (i -= 1; i >= 0; i -= 1) {
    if (doc.breaks[i]) return leafStart(doc, i) + (doc.leaves[i] as string).lastIndexOf("\n") + 1;
  }
  return 0;
}

/** Offset of the line break ending the line that holds `pos` (the text's length on the last line). */
export function docLineEnd(doc: TextDoc, pos: number): number {
  if (pos >= doc.length) return doc.length;
  const at = Math.max(0, pos);
  let i = leafAt(doc, at);
  const found = doc.breaks[i] ? (doc.leaves[i] as string).indexOf("\n", at - leafStart(doc, i)) : -1;
  if (found !== -1) return leafStart(doc, i) + found;
  for (i += 1; i < doc.leaves.length; i += 1) {
    if (doc.breaks[i]) return leafStart(doc, i) + (doc.leaves[i] as string).indexOf("\n");
  }
  return doc.length;
}

/**
 * Where `pattern` (anchored at the end with `$`, e.g. /\S+\s*$/) matches the text before `pos`:
 * the start of the match, or undefined. Reads a growing window back from `pos` instead of
 * the whole text: a match that starts inside the window (not at its first unit) starts at the
 * same place in the whole text, as the patterns are runs of one character class.
 */
export function docMatchBefore(doc: TextDoc, pos: number, pattern: RegExp): number | undefined {
  for (let size = 256; ; size *= 4) {
    const from = Math.max(0, pos - size);
    const m = pattern.exec(docSlice(doc, from, pos));
    if (from === 0) return m ? m.index : undefined;
    if (m && m.index > 0) return from + m.index;
  }
}

/** As docMatchBefore, forwards: the length of the match of `pattern` (anchored with `^`) at `pos`. */
export function docMatchAfter(doc: TextDoc, pos: number, pattern: RegExp): number | undefined {
  for (let size = 256; ; size *= 4) {
    const to = Math.min(doc.length, pos + size);
    const m = pattern.exec(docSlice(doc, pos, to));
    if (to === doc.length) return m ? m[0].length : undefined;
    if (m && pos + m[0].length < to) return m[0].length;
  }
}
