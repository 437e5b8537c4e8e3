// The vim text objects after i or a (iw aw iW aW i" a" i' a' i` a` i( a( ib i[ i{ iB i< and
// their closing characters): the range [start, end) an operator or visual mode takes.
import { charClass, isBlank, lineEnd, lineStart } from "./text-lines.js";

export type Range = { start: number; end: number };

const BRACKETS: Record<string, [string, string]> = {
  "(": ["(", ")"],
  ")": ["(", ")"],
  b: ["(", ")"],
  "[": ["[", "]"],
  "]": ["[", "]"],
  "{": ["{", "}"],
  "}": ["{", "}"],
  B: ["{", "}"],
  "<": ["<", ">"],
  ">": ["<", ">"],
};
const QUOTES = new Set(['"', "'", "`"]);

/** The characters that name an object after i or a. */
export const isObjectChar = (ch: string): boolean =>
  ch === "w" || ch === "W" || QUOTES.has(ch) || Object.hasOwn(BRACKETS, ch);

const isSpace = (ch: string | undefined): boolean => ch === " " || ch === "\t";

/** iw aw (iW aW): the run of one class under the cursor on its line; a: with the blanks after (or before). */
function wordObject(t: string, cursor: number, around: boolean, big: boolean): Range | undefined {
  if (t.length === 0) return undefined;
  const from = lineStart(t, cursor);
  const to = lineEnd(t, cursor);
  if (from === to) return undefined;
  const at = Math.min(cursor, to - 1);
  const cls = (p: number): number => (isBlank(t[p]) ? 0 : charClass(t[p], big));
  const c = cls(at);
  let start = at;
  let end = at + 1;
  while (start > from && cls(start - 1) === c) start -= 1;
  while (end < to && cls(end) === c) end += 1;
  if (!around) return { start, end };
  if (c === 0) {
    // On blanks, aw is the blanks and the word after them.
    const next = cls(end);
    while (end < to && cls(end) === next && next !== 0) end += 1;
    return { start, end };
  }
  if (isSpace(t[end])) {
    while (end < to && isSpace(t[end])) end += 1;
  } else {
    while (start > from && isSpace(t[start - 1])) start -= 1;
  }
  return { start, end };
}

/** i" a": the pair of quotes on the cursor's line around it, else the first pair after it. */
function quoteObject(t: string, cursor: number, around: boolean, quote: string): Range | undefined {
  const from = lineStart(t, cursor);
  const to = lineEnd(t, cursor);
  const marks: number[] = [];
  for (let p = from; p < to; p += 1) if (t[p] === quote && t[p - 1] !== "\\") marks.push(p);
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const open = marks[i] as number;
    const close = marks[i + 1] as number;
    if (close < cursor) continue;
    if (!around) return { start: open + 1, end: close };
    let start = open;
    let end = close + 1;
    if (isSpace(t[end])) while (end < to && isSpace(t[end])) end += 1;
    else while (start > from && isSpace(t[start - 1])) start -= 1;
    return { start, end };
  }
  return undefined;
}

/** i( a( and the other brackets: the innermost pair around the cursor, across lines. */
function bracketObject(t: string, cursor: number, around: boolean, open: string, close: string): Range | undefined {
  let depth = 0;
  let start = -1;
  for (let p = t[cursor] === close ? cursor - 1 : cursor; p >= 0; p -= 1) {
    if (t[p] === close) depth += 1;
    else if (t[p] === open) {
      if (depth === 0) {
        start = p;
        break;
      }
      depth -= 1;
    }
  }
  if (start === -1) return undefined;
  depth = 0;
  for (let p = start + 1; p < t.length; p += 1) {
    if (t[p] === open) depth += 1;
    else if (t[p] === close) {
      if (depth === 0) return around ? { start, end: p + 1 } : { start: start + 1, end: p };
      depth -= 1;
    }
  }
  return undefined;
}

/** The range of text object `ch` (after i when `around` is false, a when true) at the cursor. */
export function textObject(t: string, cursor: number, around: boolean, ch: string): Range | undefined {
  if (ch === "w" || ch === "W") return wordObject(t, cursor, around, ch === "W");
  if (QUOTES.has(ch)) return quoteObject(t, cursor, around, ch);
  const pair = BRACKETS[ch];
  return pair ? bracketObject(t, cursor, around, pair[0], pair[1]) : undefined;
}
