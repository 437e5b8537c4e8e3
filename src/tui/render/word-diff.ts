// Line diffs styled for the terminal, with the words that changed marked: a block of removed
// lines followed by as many added lines is a modification, so each removed line is paired with
// the added line at the same place and the words that differ are shown in reverse video inside
// the red/green line colours (as pi does). Reverse video is an attribute, not a colour, so the
// marks stay under NO_COLOR. Used by the tool rows (live region, scrollback) and the transcript view.
import type { Palette } from "./palette.js";

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
/** Pairs larger than this (tokens × tokens) are only coloured per line: LCS is quadratic. */
const MAX_CELLS = 40_000;

/** Which tokens of `a` and `b` are not part of their longest common subsequence. */
function changedTokens(a: string[], b: string[]): { a: boolean[]; b: boolean[] } | undefined {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) return undefined;
  const dp: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = dp[i] as Uint16Array;
    const below = dp[i + 1] as Uint16Array;
    for (let j = m - 1; j >= 0; j -= 1)
      row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
  }
  const ca = a.map(() => true);
  const cb = b.map(() => true);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      ca[i] = false;
      cb[j] = false;
      i += 1;
      j += 1;
    } else if ((dp[i + 1]?.[j] ?? 0) >= (dp[i]?.[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return { a: ca, b: cb };
}

function split(line: string): { prefix: string; body: string } {
  const m = /^([+-])(\s*\d+ |\s)?/.exec(line);
  const prefix = m ? m[0] : "";
  return { prefix, body: line.slice(prefix.length) };
}

function markWords(tokens: string[], changed: boolean[], inverse: (s: string) => string): string {
  // Whitespace-only changes are not worth a highlight of their own.
  return tokens.map((t, i) => (changed[i] && t.trim() !== "" ? inverse(t) : t)).join("");
}

/**
 * A removed line and the added line that replaced it, the changed words marked; undefined when
 * nothing but whitespace is shared (the whole line changed: its colour says enough).
 */
function markPair(removed: string, added: string, palette: Palette): [string, string] | undefined {
  const r = split(removed);
  const a = split(added);
  const tr = r.body.match(TOKEN) ?? [];
  const ta = a.body.match(TOKEN) ?? [];
  const changed = changedTokens(tr, ta);
  if (!changed || !tr.some((t, i) => !changed.a[i] && t.trim() !== "")) return undefined;
  const inverse = palette.style.inverse;
  return [r.prefix + markWords(tr, changed.a, inverse), a.prefix + markWords(ta, changed.b, inverse)];
}

/** Style diff lines ("-12 old", "+12 new", " 12 same", "- old", "+ new"); input is sanitised text. */
export function styleDiffLines(lines: readonly string[], palette: Palette): string[] {
  const { theme } = palette;
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    if (!line.startsWith("-")) {
      out.push(line.startsWith("+") ? theme.diffAdd(line) : theme.muted(line));
      i += 1;
      continue;
    }
    let removedEnd = i;
    while (removedEnd < lines.length && (lines[removedEnd] ?? "").startsWith("-")) removedEnd += 1;
    let addedEnd = removedEnd;
    while (addedEnd < lines.length && (lines[addedEnd] ?? "").startsWith("+")) addedEnd += 1;
    const removed = lines.slice(i, removedEnd);
    const added = lines.slice(removedEnd, addedEnd);
    // Blocks of different sizes are lines taken out and put in, not lines changed: no pairs.
    const pairs = removed.length === added.length ? removed.map((r, k) => markPair(r, added[k] ?? "", palette)) : [];
    out.push(...removed.map((r, k) => theme.diffRemove(pairs[k]?.[0] ?? r)));
    out.push(...added.map((a, k) => theme.diffAdd(pairs[k]?.[1] ?? a)));
    i = addedEnd;
  }
  return out;
}
