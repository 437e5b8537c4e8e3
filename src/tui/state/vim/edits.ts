// The text edits of the vim commands, as pure functions of (text, cursor): an operator on a
// range, putting the register, joining lines, toggling case, replacing characters. Each gives
// the new text and cursor; vim-edit.ts records them for undo and `.`.
import type { Register } from "./vim-types.js";
import { firstNonBlank, lineEnd, lineStart } from "./text-lines.js";
import type { Operator } from "./command-parse.js";

/** [start, end) of the text; `linewise`: whole lines (start at a line's start, end at a line's "\n" or the end). */
export type OpRange = { start: number; end: number; linewise: boolean };

export type Edit = { text: string; cursor: number; register?: Register; insert?: boolean };

/** The whole lines from the line of `a` to the line of `b`. */
export function lineRange(t: string, a: number, b: number): OpRange {
  return { start: lineStart(t, Math.min(a, b)), end: lineEnd(t, Math.max(a, b)), linewise: true };
}

const cut = (t: string, start: number, end: number, insert = ""): string => t.slice(0, start) + insert + t.slice(end);

/** d, c or y on `r`; `yankCursor`: where y leaves the cursor. */
export function applyOperator(t: string, op: Operator, r: OpRange, yankCursor: number): Edit {
  const register: Register = { text: t.slice(r.start, r.end), linewise: r.linewise };
  if (op === "y") return { text: t, cursor: yankCursor, register };
  if (op === "c") return { text: cut(t, r.start, r.end), cursor: r.start, register, insert: true };
  if (!r.linewise) return { text: cut(t, r.start, r.end), cursor: r.start, register };
  // Whole lines go with a line break: the one after them, or before them at the end of the text.
  if (r.end < t.length) {
    const text = cut(t, r.start, r.end + 1);
    return { text, cursor: firstNonBlank(text, r.start), register };
  }
  const from = Math.max(0, r.start - 1);
  const text = cut(t, from, r.end);
  return { text, cursor: firstNonBlank(text, lineStart(text, from)), register };
}

/** p (after the cursor, or below the line) and P (before it, or above). */
export function put(t: string, cursor: number, reg: Register, before: boolean, count: number): Edit {
  if (reg.linewise) {
    const block = Array.from({ length: count }, () => reg.text).join("\n");
    if (before) {
      const at = lineStart(t, cursor);
      const text = cut(t, at, at, `${block}\n`);
      return { text, cursor: firstNonBlank(text, at) };
    }
    const at = lineEnd(t, cursor);
    const text = cut(t, at, at, `\n${block}`);
    return { text, cursor: firstNonBlank(text, at + 1) };
  }
  const piece = reg.text.repeat(count);
  const onChar = cursor < t.length && t[cursor] !== "\n";
  const at = before || !onChar ? cursor : cursor + 1;
  return { text: cut(t, at, at, piece), cursor: at + Math.max(0, piece.length - 1) };
}

/** J: `count` lines (at least two) joined with one space, the next line's indent dropped. */
export function joinLines(t: string, cursor: number, count: number): Edit {
  let text = t;
  let at = cursor;
  for (let i = 1; i < Math.max(2, count); i += 1) {
    const end = lineEnd(text, at);
    if (end >= text.length) break;
    let next = end + 1;
    while (text[next] === " " || text[next] === "\t") next += 1;
    const nothingAfter = next >= text.length || text[next] === "\n";
    const space = nothingAfter || end === lineStart(text, end) || text[end - 1] === " " ? "" : " ";
    text = cut(text, end, next, space);
    at = end;
  }
  return { text, cursor: at };
}

const toggle = (ch: string): string => (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase());

/** ~ on [start, end): each letter's case switched. */
export function toggleCase(t: string, start: number, end: number): string {
  return cut(t, start, end, Array.from(t.slice(start, end), toggle).join(""));
}

/** r: `count` characters from the cursor replaced by `char`; undefined when the line is too short. */
export function replaceChars(t: string, cursor: number, char: string, count: number): Edit | undefined {
  if (cursor + count > lineEnd(t, cursor)) return undefined;
  return { text: cut(t, cursor, cursor + count, char.repeat(count)), cursor: cursor + count - 1 };
}
