// The vim motions: where a key moves the cursor in the prompt's text, and how an operator
// (d c y) takes that move: up to it (exclusive), including its character (inclusive), or whole
// lines (linewise). Pure functions of (text, cursor, motion, count).
import type { FindKey } from "./vim-types.js";
import {
  charClass,
  firstNonBlank,
  isBlank,
  lastChar,
  lineCount,
  lineEnd,
  lineIndex,
  lineStart,
  lineStartOf,
} from "./text-lines.js";

/** A motion key (with the character of f t F T). */
export type Motion = { key: string; char?: string };

/**
 * Where a motion goes. `history`: j or k at the last or first line, which recall a prompt from
 * history as the arrows do (a plain move only).
 */
export type MotionResult = { pos: number; inclusive: boolean; linewise: boolean; history?: -1 | 1 };

/** The keys that are a motion alone; f t F T take a character; g takes a second g. */
export const MOTION_KEYS = new Set(["h", "j", "k", "l", "w", "b", "e", "W", "B", "E", "0", "^", "$", "G", ";", ","]);
export const FIND_KEYS = new Set<string>(["f", "t", "F", "T"]);
export const isFindKey = (key: string): key is FindKey => FIND_KEYS.has(key);

function wordStartAfter(t: string, from: number, big: boolean): number {
  let p = from;
  const c = charClass(t[p], big);
  if (c !== 0) while (p < t.length && charClass(t[p], big) === c) p += 1;
  while (p < t.length && isBlank(t[p])) {
    // An empty line is a word of its own.
    if (t[p] === "\n" && t[p + 1] === "\n") return p + 1;
    p += 1;
  }
  return p;
}

function wordEndAfter(t: string, from: number, big: boolean): number {
  let p = from + 1;
  while (p < t.length && isBlank(t[p])) p += 1;
  if (p >= t.length) return Math.max(0, t.length - 1);
  const c = charClass(t[p], big);
  while (p + 1 < t.length && charClass(t[p + 1], big) === c) p += 1;
  return p;
}

function wordStartBefore(t: string, from: number, big: boolean): number {
  let p = from - 1;
  while (p > 0 && isBlank(t[p])) {
    if (t[p] === "\n" && t[p - 1] === "\n") return p;
    p -= 1;
  }
  if (p <= 0) return 0;
  const c = charClass(t[p], big);
  while (p > 0 && charClass(t[p - 1], big) === c) p -= 1;
  return p;
}

function repeat(count: number, from: number, step: (p: number) => number): number {
  let p = from;
  for (let i = 0; i < count; i += 1) p = step(p);
  return p;
}

/** j (dir 1) and k (-1): the same column `count` lines on, or history at the edge. */
function vertical(t: string, cursor: number, dir: -1 | 1, count: number, ctx: MotionContext): MotionResult | undefined {
  const { forOperator } = ctx;
  const line = lineIndex(t, cursor);
  const target = Math.max(0, Math.min(lineCount(t) - 1, line + dir * count));
  if (target === line) return forOperator ? undefined : { pos: cursor, inclusive: false, linewise: true, history: dir };
  const start = lineStartOf(t, target);
  const col = ctx.column ?? cursor - lineStart(t, cursor);
  return { pos: Math.min(start + col, lastChar(t, start)), inclusive: false, linewise: true };
}

/** f t F T: the `count`th `char` after (or before) the cursor on its line. */
export function findInLine(
  t: string,
  cursor: number,
  key: FindKey,
  char: string,
  count: number,
): MotionResult | undefined {
  const forward = key === "f" || key === "t";
  let p = cursor;
  const start = lineStart(t, cursor);
  const end = lineEnd(t, cursor);
  for (let n = 0; n < count; n += 1) {
    p = forward ? t.indexOf(char, p + 1) : p > start ? t.lastIndexOf(char, p - 1) : -1;
    if (p === -1 || p >= end || p < start) return undefined;
  }
  if (key === "f") return { pos: p, inclusive: true, linewise: false };
  if (key === "t") return p - 1 === cursor ? undefined : { pos: p - 1, inclusive: true, linewise: false };
  if (key === "F") return { pos: p, inclusive: false, linewise: false };
  return p + 1 === cursor ? undefined : { pos: p + 1, inclusive: false, linewise: false };
}

const REVERSE: Record<FindKey, FindKey> = { f: "F", F: "f", t: "T", T: "t" };

/** `column`: the column j and k keep through shorter lines (VimState.column). */
export type MotionContext = {
  lastFind: { key: FindKey; char: string } | undefined;
  forOperator: boolean;
  column?: number | undefined;
};

/**
 * Where `motion` done `given` times (undefined: no count typed) goes from `cursor`; undefined
 * when it cannot (where vim beeps).
 */
export function applyMotion(
  t: string,
  cursor: number,
  motion: Motion,
  given: number | undefined,
  ctx: MotionContext,
): MotionResult | undefined {
  const count = given ?? 1;
  const char = (pos: number, inclusive = false): MotionResult => ({ pos, inclusive, linewise: false });
  const lines = (pos: number): MotionResult => ({ pos, inclusive: false, linewise: true });
  switch (motion.key) {
    case "h":
    case "backspace":
      return cursor === lineStart(t, cursor) ? undefined : char(Math.max(lineStart(t, cursor), cursor - count));
    case "l":
    case " ": {
      const end = ctx.forOperator ? lineEnd(t, cursor) : lastChar(t, cursor);
      return cursor >= end ? undefined : char(Math.min(end, cursor + count));
    }
    case "j":
      return vertical(t, cursor, 1, count, ctx);
    case "k":
      return vertical(t, cursor, -1, count, ctx);
    case "w":
    case "W":
      return char(repeat(count, cursor, (p) => wordStartAfter(t, p, motion.key === "W")));
    case "e":
    case "E":
      return char(
        repeat(count, cursor, (p) => wordEndAfter(t, p, motion.key === "E")),
        true,
      );
    case "b":
    case "B":
      return char(repeat(count, cursor, (p) => wordStartBefore(t, p, motion.key === "B")));
    case "0":
      return char(lineStart(t, cursor));
    case "^":
      return char(firstNonBlank(t, cursor));
    case "$":
      return char(lineEnd(t, lineStartOf(t, lineIndex(t, cursor) + count - 1)));
    case "gg":
      return lines(firstNonBlank(t, lineStartOf(t, count - 1)));
    case "G":
      return lines(firstNonBlank(t, lineStartOf(t, given === undefined ? lineCount(t) - 1 : given - 1)));
    case "f":
    case "t":
    case "F":
    case "T":
      return motion.char === undefined ? undefined : findInLine(t, cursor, motion.key, motion.char, count);
    case ";":
    case ",": {
      const last = ctx.lastFind;
      if (!last) return undefined;
      return findInLine(t, cursor, motion.key === ";" ? last.key : REVERSE[last.key], last.char, count);
    }
    default:
      return undefined;
  }
}
