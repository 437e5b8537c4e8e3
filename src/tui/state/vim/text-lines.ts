// Lines and character classes of the prompt's text for the vim engine: offsets in UTF-16
// units, a line ends at its "\n" (or the text's end). Plain string reads: a vim command runs
// once per key in normal mode, where the prompt is a person's text, not a 1 MB paste.

export const lineStart = (t: string, pos: number): number => (pos <= 0 ? 0 : t.lastIndexOf("\n", pos - 1) + 1);

export function lineEnd(t: string, pos: number): number {
  const i = t.indexOf("\n", Math.max(0, pos));
  return i === -1 ? t.length : i;
}

/** The offset of the line's last character (its start when it is empty). */
export function lastChar(t: string, pos: number): number {
  const start = lineStart(t, pos);
  return Math.max(start, lineEnd(t, pos) - 1);
}

/** The first character of the line that is not a space or tab (the line's end when there is none). */
export function firstNonBlank(t: string, pos: number): number {
  const end = lineEnd(t, pos);
  let p = lineStart(t, pos);
  while (p < end && (t[p] === " " || t[p] === "\t")) p += 1;
  return p;
}

/** Where normal mode may put the cursor: on a character, never on a line's "\n" or past the end. */
export function clampNormal(t: string, pos: number): number {
  const p = Math.max(0, Math.min(pos, t.length));
  return Math.min(p, lastChar(t, p));
}

/** The number of the line holding `pos`, from 0. */
export function lineIndex(t: string, pos: number): number {
  let n = 0;
  for (let i = t.indexOf("\n"); i !== -1 && i < pos; i = t.indexOf("\n", i + 1)) n += 1;
  return n;
}

export function lineCount(t: string): number {
  return lineIndex(t, t.length) + 1;
}

/** The start of line number `n` (clamped to the first and last line). */
export function lineStartOf(t: string, n: number): number {
  let at = 0;
  for (let i = 0; i < n; i += 1) {
    const next = t.indexOf("\n", at);
    if (next === -1) return at;
    at = next + 1;
  }
  return at;
}

export const isBlank = (ch: string | undefined): boolean => ch === " " || ch === "\t" || ch === "\n";

/** vim's classes: 0 blank, 1 a word's characters (letters, digits, _), 2 other; `big`: any non-blank is 1 (WORD). */
export function charClass(ch: string | undefined, big: boolean): 0 | 1 | 2 {
  if (ch === undefined || isBlank(ch)) return 0;
  if (big) return 1;
  return /[\p{L}\p{N}_]/u.test(ch) ? 1 : 2;
}
