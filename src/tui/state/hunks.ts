// Line diffs of a file's text before and after a turn, cut into hunks, and the text that reverting
// some of those hunks leaves. Lines keep their terminators ("\n", "\r\n", or none at the end), so
// putting pieces back together gives exactly the bytes of either side: reverting every hunk gives
// `before`, reverting none gives `after`. The diff is Myers' (shortest edit script) over the lines
// between the common prefix and suffix; when the two sides differ too much for it to stay cheap,
// that middle is one block of removed lines followed by one of added lines.

/** One run of the edit script: `[aStart, aEnd)` of before's lines, `[bStart, bEnd)` of after's. */
export type DiffOp = {
  kind: "equal" | "delete" | "insert";
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
  /** The hunk a delete or insert belongs to (-1 for equal runs). */
  hunk: number;
};

export type HunkLine = {
  kind: "context" | "removed" | "added";
  /** The line without its terminator. */
  text: string;
  /** 1-based line numbers on the side(s) the line exists on. */
  oldLine: number | undefined;
  newLine: number | undefined;
  /** The last line of its side and without a final newline. */
  noNewline: boolean;
};

export type Hunk = {
  /** 1-based first line and line count on each side, as in a unified diff's header. */
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: HunkLine[];
  added: number;
  removed: number;
};

export type FileDiff = { before: string[]; after: string[]; ops: DiffOp[]; hunks: Hunk[] };

/** Unchanged lines shown around a change; changes closer than twice this share a hunk. */
export const CONTEXT_LINES = 3;
/** Edit distance beyond which the middle is shown as replaced wholesale (Myers is O(N·D)). */
const MAX_EDITS = 1000;

/** The lines of `text`, each with its terminator; "" has none. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** Myers' trace: the furthest x on each diagonal after each number of edits, or undefined past `max`. */
function myersTrace(a: readonly string[], b: readonly string[], max: number): Int32Array[] | undefined {
  const n = a.length;
  const m = b.length;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d += 1) {
    // Only diagonals -d-1 … d+1 are read back for this d: keep those (index k + d + 1).
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0));
      let x = down ? (v[offset + k + 1] ?? 0) : (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return trace;
    }
  }
  return undefined;
}

type Step = { kind: DiffOp["kind"]; a: number; b: number };

/** Single-line steps from (0,0) to (n,m), read back from the trace. */
function backtrack(trace: Int32Array[], n: number, m: number): Step[] {
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d -= 1) {
    const v = trace[d] as Int32Array;
    const at = (diagonal: number): number => v[diagonal + d + 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : at(prevK);
    const prevY = d === 0 ? 0 : prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      steps.push({ kind: "equal", a: x, b: y });
    }
    if (d > 0) {
      if (down) {
        y -= 1;
        steps.push({ kind: "insert", a: x, b: y });
      } else {
        x -= 1;
        steps.push({ kind: "delete", a: x, b: y });
      }
    }
  }
  return steps.reverse();
}

/** Steps merged into runs, a run of deletions always before the insertions next to it. */
function toOps(steps: readonly Step[]): DiffOp[] {
  const ops: DiffOp[] = [];
  let i = 0;
  while (i < steps.length) {
    const first = steps[i] as Step;
    if (first.kind === "equal") {
      let j = i;
      while (j < steps.length && steps[j]?.kind === "equal") j += 1;
      ops.push({
        kind: "equal",
        aStart: first.a,
        aEnd: first.a + j - i,
        bStart: first.b,
        bEnd: first.b + j - i,
        hunk: -1,
      });
      i = j;
      continue;
    }
    let j = i;
    let dels = 0;
    let ins = 0;
    while (j < steps.length && steps[j]?.kind !== "equal") {
      if (steps[j]?.kind === "delete") dels += 1;
      else ins += 1;
      j += 1;
    }
    if (dels > 0)
      ops.push({ kind: "delete", aStart: first.a, aEnd: first.a + dels, bStart: first.b, bEnd: first.b, hunk: -1 });
    const b = first.b;
    const a = first.a + dels;
    if (ins > 0) ops.push({ kind: "insert", aStart: a, aEnd: a, bStart: b, bEnd: b + ins, hunk: -1 });
    i = j;
  }
  return ops;
}

/** The edit script of the lines between the common prefix and suffix (shifted back to whole-file indices). */
function middleOps(a: readonly string[], b: readonly string[], pre: number): DiffOp[] {
  const trace = myersTrace(a, b, MAX_EDITS);
  const steps: Step[] = trace
    ? backtrack(trace, a.length, b.length)
    : [
        ...a.map((_, i) => ({ kind: "delete" as const, a: i, b: 0 })),
        ...b.map((_, j) => ({ kind: "insert" as const, a: a.length, b: j })),
      ];
  return toOps(steps).map((op) => ({
    ...op,
    aStart: op.aStart + pre,
    aEnd: op.aEnd + pre,
    bStart: op.bStart + pre,
    bEnd: op.bEnd + pre,
  }));
}

/** The whole edit script of `a` to `b`. */
function editScript(a: readonly string[], b: readonly string[]): DiffOp[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre += 1;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf += 1;
  const ops: DiffOp[] = [];
  if (pre > 0) ops.push({ kind: "equal", aStart: 0, aEnd: pre, bStart: 0, bEnd: pre, hunk: -1 });
  ops.push(...middleOps(a.slice(pre, a.length - suf), b.slice(pre, b.length - suf), pre));
  if (suf > 0)
    ops.push({
      kind: "equal",
      aStart: a.length - suf,
      aEnd: a.length,
      bStart: b.length - suf,
      bEnd: b.length,
      hunk: -1,
    });
  return ops;
}

const strip = (line: string): string => line.replace(/\r?\n$/, "");

/** Marks each delete/insert op with its hunk: changes with at most 2·context equal lines between share one. */
function assignHunks(ops: DiffOp[], context: number): number {
  let hunk = -1;
  let gap = Number.POSITIVE_INFINITY;
  for (const op of ops) {
    if (op.kind === "equal") {
      gap = op.aEnd - op.aStart;
      continue;
    }
    if (hunk === -1 || gap > 2 * context) hunk += 1;
    gap = 0;
    op.hunk = hunk;
  }
  return hunk + 1;
}

function hunkLine(
  kind: HunkLine["kind"],
  text: string,
  oldLine: number | undefined,
  newLine: number | undefined,
): HunkLine {
  return { kind, text: strip(text), oldLine, newLine, noNewline: !text.endsWith("\n") };
}

/** The lines of hunk `h`: its changes with up to `context` equal lines around and between them. */
function buildHunk(d: Omit<FileDiff, "hunks">, h: number, context: number): Hunk {
  const first = d.ops.findIndex((op) => op.hunk === h);
  let last = first;
  while (d.ops[last + 1] !== undefined && (d.ops[last + 1]?.hunk === h || d.ops[last + 2]?.hunk === h)) last += 1;
  const lines: HunkLine[] = [];
  const firstOp = d.ops[first] as DiffOp;
  const aFrom = Math.max(0, firstOp.aStart - context);
  const bFrom = firstOp.bStart - (firstOp.aStart - aFrom);
  for (let i = aFrom; i < firstOp.aStart; i += 1)
    lines.push(hunkLine("context", d.before[i] ?? "", i + 1, bFrom + (i - aFrom) + 1));
  for (let o = first; o <= last; o += 1) {
    const op = d.ops[o] as DiffOp;
    for (let i = op.aStart; i < op.aEnd; i += 1) {
      const j = op.bStart + (i - op.aStart);
      lines.push(
        op.kind === "equal"
          ? hunkLine("context", d.before[i] ?? "", i + 1, j + 1)
          : hunkLine("removed", d.before[i] ?? "", i + 1, undefined),
      );
    }
    for (let j = op.bStart; op.kind === "insert" && j < op.bEnd; j += 1)
      lines.push(hunkLine("added", d.after[j] ?? "", undefined, j + 1));
  }
  const lastOp = d.ops[last] as DiffOp;
  const aTo = Math.min(d.before.length, lastOp.aEnd + context);
  for (let i = lastOp.aEnd; i < aTo; i += 1)
    lines.push(hunkLine("context", d.before[i] ?? "", i + 1, lastOp.bEnd + (i - lastOp.aEnd) + 1));
  const removed = lines.filter((l) => l.kind === "removed").length;
  const added = lines.filter((l) => l.kind === "added").length;
  const oldCount = lines.length - added;
  const newCount = lines.length - removed;
  return {
    oldStart: oldCount === 0 ? aFrom : aFrom + 1,
    oldCount,
    newStart: newCount === 0 ? bFrom : bFrom + 1,
    newCount,
    lines,
    added,
    removed,
  };
}

/** The diff of `before` to `after`, cut into hunks with `context` lines around each change. */
export function diffTexts(before: string, after: string, context = CONTEXT_LINES): FileDiff {
  const a = splitLines(before);
  const b = splitLines(after);
  const ops = editScript(a, b);
  const count = assignHunks(ops, context);
  const base = { before: a, after: b, ops };
  return { ...base, hunks: Array.from({ length: count }, (_, h) => buildHunk(base, h, context)) };
}

/** The text of the file with the hunks in `reverted` put back as they were before, the rest as after. */
export function revertHunks(diff: FileDiff, reverted: ReadonlySet<number>): string {
  const out: string[] = [];
  for (const op of diff.ops) {
    const back = reverted.has(op.hunk);
    if (op.kind === "equal" || (op.kind === "insert" && !back)) out.push(...diff.after.slice(op.bStart, op.bEnd));
    else if (op.kind === "delete" && back) out.push(...diff.before.slice(op.aStart, op.aEnd));
  }
  return out.join("");
}
