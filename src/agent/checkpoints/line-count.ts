// Lines added and removed between two texts, for a turn's summary (+12 −3): the length of the
// shortest edit script by Myers' O(ND) algorithm after the common head and tail are cut off.
// Past MAX_EDITS edits the exact figure is not worth the time; a count of the lines each side
// has that the other lacks (as a multiset) is given instead, which is exact for pure additions
// and deletions and close otherwise.

const MAX_EDITS = 4000;

export interface LineCounts {
  added: number;
  removed: number;
}

export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The number of lines in the longest common subsequence, or undefined past MAX_EDITS edits. */
function commonLength(a: readonly string[], b: readonly string[]): number | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return (n + m - d) / 2;
    }
  }
  return undefined;
}

function multisetCounts(a: readonly string[], b: readonly string[]): LineCounts {
  const counts = new Map<string, number>();
  for (const line of a) counts.set(line, (counts.get(line) ?? 0) + 1);
  let added = 0;
  for (const line of b) {
    const left = counts.get(line) ?? 0;
    if (left > 0) counts.set(line, left - 1);
    else added++;
  }
  let removed = 0;
  for (const left of counts.values()) removed += left;
  return { added, removed };
}

export function countLineChanges(before: string, after: string): LineCounts {
  const a = splitLines(before);
  const b = splitLines(after);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  if (midA.length === 0 || midB.length === 0) return { added: midB.length, removed: midA.length };
  const common = commonLength(midA, midB);
  if (common === undefined) return multisetCounts(midA, midB);
  return { added: midB.length - common, removed: midA.length - common };
}
