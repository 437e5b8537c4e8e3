// Bounded previews of untrusted text: what one event may put on screen. The store keeps the
// full text (the transcript view and the session have all of it); line builders read only a
// window whose size does not depend on the text's, so a 20 MB tool result costs what 20 KB do.
import { formatCount } from "../state/format-count.js";

/** One line of tool output is read up to this many characters; the rest of it is counted. */
export const LINE_PREVIEW_CHARS = 2000;
/** A committed message, thinking block or notice shows at most this much of its text. */
export const ENTRY_PREVIEW_CHARS = 256 * 1024;
/** ... and at most this many of its lines. */
export const ENTRY_PREVIEW_LINES = 3000;
/** Text shown exactly for approval (a command, a dialog's question) is cut only beyond this. */
export const EXACT_PREVIEW_CHARS = 64 * 1024;
/** A one-row field (a status, a title, an argument summary) reads at most this much. */
export const ROW_PREVIEW_CHARS = 4096;

const LF = 10;

export { formatCount };

/** The first `max` UTF-16 units of `text`, never splitting a surrogate pair. */
export function headChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** The last `max` UTF-16 units of `text`, never splitting a surrogate pair. */
export function tailChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const from = text.length - max;
  const code = text.charCodeAt(from);
  return text.slice(code >= 0xdc00 && code <= 0xdfff ? from + 1 : from);
}

/** `text` cut to `max` characters with a visible count of what was left out. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = headChars(text, max);
  return `${head} ⟨${formatCount(text.length - head.length)} more characters⟩`;
}

/** Length of `text` without its trailing line breaks (they never make rows). */
function contentEnd(text: string): number {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === LF) end -= 1;
  return end;
}

/** Line breaks in `text` between `from` and `to`, counted without splitting it. */
function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) n += 1;
  return n;
}

/** Lines in `text` as a line builder sees them (trailing line breaks ignored). */
export function countLines(text: string): number {
  const end = contentEnd(text);
  return end === 0 ? 0 : countBreaks(text, 0, end) + 1;
}

/** One line of the window: CRLF's CR is part of the break; a huge line is clipped. */
function windowLine(line: string, lineChars: number): string {
  return clipText(line.endsWith("\r") ? line.slice(0, -1) : line, lineChars);
}

export type LineWindow = {
  /** The lines shown, raw (not sanitised), each clipped to the line limit with a count of the rest. */
  lines: string[];
  /** How many lines the whole text has. */
  total: number;
};

/** Texts at least this long keep their last windows: a running tool's pane asks again every frame. */
const REMEMBER_FROM_CHARS = 64 * 1024;
const recent: Array<{ text: string; key: string; window: LineWindow }> = [];

/** `take()` for a big text, remembered by identity (the store never mutates a string in place). */
function remembered(text: string, key: string, take: () => LineWindow): LineWindow {
  if (text.length < REMEMBER_FROM_CHARS) return take();
  const hit = recent.find((r) => r.text === text && r.key === key);
  if (hit) return hit.window;
  const window = take();
  recent.unshift({ text, key, window });
  recent.length = Math.min(recent.length, 4);
  return window;
}

/** The first `count` lines of `text`; reads only those and counts the rest. */
export function headLines(text: string, count: number, lineChars = LINE_PREVIEW_CHARS): LineWindow {
  return remembered(text, `head ${count} ${lineChars}`, () => takeHead(text, count, lineChars));
}

/** The last `count` lines of `text`; reads only those and counts the rest. */
export function tailLines(text: string, count: number, lineChars = LINE_PREVIEW_CHARS): LineWindow {
  return remembered(text, `tail ${count} ${lineChars}`, () => takeTail(text, count, lineChars));
}

function takeHead(text: string, count: number, lineChars: number): LineWindow {
  const end = contentEnd(text);
  const lines: string[] = [];
  let start = 0;
  while (start < end && lines.length < count) {
    const nl = text.indexOf("\n", start);
    const stop = nl === -1 || nl > end ? end : nl;
    lines.push(windowLine(text.slice(start, stop), lineChars));
    start = stop + 1;
  }
  return { lines, total: lines.length + (start < end ? countBreaks(text, start, end) + 1 : 0) };
}

function takeTail(text: string, count: number, lineChars: number): LineWindow {
  const end = contentEnd(text);
  const lines: string[] = [];
  let stop = end; // end of the next line to take (exclusive)
  let more = end > 0;
  while (more && lines.length < count) {
    const nl = stop === 0 ? -1 : text.lastIndexOf("\n", stop - 1);
    lines.push(windowLine(text.slice(nl + 1, stop), lineChars));
    if (nl < 0) more = false;
    else stop = nl;
  }
  lines.reverse();
  return { lines, total: lines.length + (more ? countBreaks(text, 0, stop) + 1 : 0) };
}

/**
 * The head of a long text for a committed entry: at most ENTRY_PREVIEW_LINES lines and
 * ENTRY_PREVIEW_CHARS characters, and how many lines were left out (0 when it is all there).
 */
export function entryPreview(text: string): { text: string; hiddenLines: number } {
  if (text.length <= ENTRY_PREVIEW_CHARS && text.length < ENTRY_PREVIEW_LINES * 2) return { text, hiddenLines: 0 };
  const head = headLines(headChars(text, ENTRY_PREVIEW_CHARS), ENTRY_PREVIEW_LINES, ENTRY_PREVIEW_CHARS);
  const total = countLines(text);
  if (head.lines.length >= total && text.length <= ENTRY_PREVIEW_CHARS) return { text, hiddenLines: 0 };
  return { text: head.lines.join("\n"), hiddenLines: Math.max(1, total - head.lines.length) };
}

/** `text` on one line: each run of white space (line breaks included) one space, none at the ends. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A message named in a notice: quoted, on one line, cut at `max` characters. */
export function quoteMessage(text: string, max = 80): string {
  const one = oneLine(text);
  return `"${one.length > max ? `${one.slice(0, max - 1)}…` : one}"`;
}
