// Word-level highlights for an edit's line diff: each removed line is paired with the added
// line at the same place in the hunk, and the words that differ are shown in reverse video
// inside the red/green line colours.
import { theme } from "../render/theme.js";

const TOKEN = /\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
/** Pairs larger than this (tokens × tokens) are only coloured per line: LCS is quadratic. */
const MAX_CELLS = 40_000;
const WORD_ON = "\u001b[7m";
const WORD_OFF = "\u001b[27m";

/** Which tokens of `a` and `b` are not part of their longest common subsequence. */
function changedTokens(a: string[], b: string[]): { a: boolean[]; b: boolean[] } | undefined {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS) return undefined;
  const dp: Uint16Array[] = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1) {
    const row = dp[i] as Uint16Array;
    const below = dp[i + 1] as Uint16Array;
    for (let j = m - 1; j >= 0; j -= 1) row[j] = a[i] === b[j] ? (below[j + 1] ?? 0) + 1 : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
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

function markWords(tokens: string[], changed: boolean[]): string {
  // Whitespace-only changes are not worth a highlight of their own.
  return tokens.map((t, i) => (changed[i] && t.trim() !== "" ? `${WORD_ON}${t}${WORD_OFF}` : t)).join("");
}

/** Style diff lines ("-12 old", "+12 new", " 12 same", "- old", "+ new"); input is sanitised text. */
export function styleDiffLines(lines: readonly string[]): string[] {
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
    const styledRemoved: string[] = [];
    const styledAdded: string[] = [];
    removed.forEach((r, k) => {
      const a = added[k];
      if (a === undefined) {
        styledRemoved.push(theme.diffRemove(r));
        return;
      }
      const ra = split(r);
      const aa = split(a);
      const ta = ra.body.match(TOKEN) ?? [];
      const tb = aa.body.match(TOKEN) ?? [];
      const changed = changedTokens(ta, tb);
      styledRemoved.push(theme.diffRemove(changed ? ra.prefix + markWords(ta, changed.a) : r));
      styledAdded.push(theme.diffAdd(changed ? aa.prefix + markWords(tb, changed.b) : a));
    });
    for (let k = removed.length; k < added.length; k += 1) styledAdded.push(theme.diffAdd(added[k] ?? ""));
    out.push(...styledRemoved, ...styledAdded);
    i = addedEnd;
  }
  return out;
}
