// The state of the full-screen review of what turns changed (/diff): the files of one diff between
// two checkpoints, each text file cut into hunks (hunks.ts), what the user decided for each hunk,
// where the cursor is, and the reason being typed for a rejection. Pure: the review's effects
// (writing a reverted file, telling the agent) are done in src/tui/review/ and come back here as
// ops saying what was done.
import type { FileChange } from "../../bridge/index.js";
import { type FileDiff, diffTexts } from "./hunks.js";

export type HunkDecision = "open" | "kept" | "reverted";

/** One file of the diff, as the worker's checkpoint_diff gave it. */
export type ReviewFileInput = FileChange;

export type ReviewFile = {
  path: string;
  status: ReviewFileInput["status"];
  binary: boolean;
  beforeBytes: number;
  afterBytes: number;
  /** The hunks of a text file whose both sides came with the diff; undefined otherwise. */
  diff: FileDiff | undefined;
  /** sha256 of the file on disk as the review last knew it: a write is refused if it changed since. */
  hash: string | undefined;
  decisions: HunkDecision[];
  /** The whole file was put back as it was at the diff's start (restored, or deleted if it was new). */
  restored: boolean;
};

export type ReviewState = {
  /** What is reviewed ("Turn 3: fix the parser", "The whole session"). */
  title: string;
  /** The checkpoint the diff starts from: restoring a file goes back to it. */
  from: string;
  files: ReviewFile[];
  /** Lines saying which files the checkpoints left out and why. */
  leftOut: string[];
  file: number;
  hunk: number;
  /** Rows scrolled inside the current hunk (a hunk taller than the screen). */
  offset: number;
  /** The reason being typed for rejecting the current hunk; undefined when not typing one. */
  reason: string | undefined;
  /** A conflict the user must confirm before a restore overwrites it. */
  confirm: { file: number; text: string } | undefined;
  /** A write or restore is on its way: other decisions wait. */
  pending: boolean;
  message: string | undefined;
  /** Transcript entries printed when the review opened: <Static> prints no more until it closes. */
  staticCount: number;
};

export type ReviewOp =
  | { op: "move_hunk"; dir: 1 | -1 }
  | { op: "move_file"; dir: 1 | -1 }
  | { op: "scroll"; rows: number }
  | { op: "keep" }
  | { op: "pending" }
  | { op: "hunk_reverted"; file: number; hunk: number; hash: string }
  | { op: "file_restored"; file: number }
  | { op: "failed"; text: string }
  | { op: "message"; text: string | undefined }
  | { op: "confirm"; file: number; text: string }
  | { op: "confirm_cancel" }
  | { op: "reason_start" }
  | { op: "reason_type"; text: string }
  | { op: "reason_backspace" }
  | { op: "reason_cancel" };

function reviewFile(f: ReviewFileInput): ReviewFile {
  const before = f.status === "added" ? "" : f.before;
  const after = f.status === "deleted" ? "" : f.after;
  const diff = !f.binary && before !== undefined && after !== undefined ? diffTexts(before, after) : undefined;
  return {
    path: f.path,
    status: f.status,
    binary: f.binary,
    beforeBytes: f.beforeBytes,
    afterBytes: f.afterBytes,
    diff,
    hash: f.afterHash,
    // A file without hunks (binary, too large) is decided as one: one decision stands for it.
    decisions: Array.from({ length: Math.max(1, diff?.hunks.length ?? 0) }, () => "open" as const),
    restored: false,
  };
}

export function createReview(
  title: string,
  from: string,
  files: readonly ReviewFileInput[],
  leftOut: string[],
  staticCount: number,
): ReviewState {
  return {
    title,
    from,
    files: files.map(reviewFile),
    leftOut,
    file: 0,
    hunk: 0,
    offset: 0,
    reason: undefined,
    confirm: undefined,
    pending: false,
    message: undefined,
    staticCount,
  };
}

/** Hunks the cursor can stop at in file `i` (a file without hunks is one stop). */
export function stopsIn(s: ReviewState, i: number): number {
  return s.files[i]?.decisions.length ?? 0;
}

/** The next hunk in `dir`, crossing into the neighbouring file at either end. */
function moveHunk(s: ReviewState, dir: 1 | -1): ReviewState {
  const next = s.hunk + dir;
  if (next >= 0 && next < stopsIn(s, s.file)) return { ...s, hunk: next, offset: 0 };
  const file = s.file + dir;
  if (file < 0 || file >= s.files.length) return s;
  return { ...s, file, hunk: dir === 1 ? 0 : Math.max(0, stopsIn(s, file) - 1), offset: 0 };
}

function moveFile(s: ReviewState, dir: 1 | -1): ReviewState {
  const file = Math.max(0, Math.min(s.files.length - 1, s.file + dir));
  return file === s.file ? s : { ...s, file, hunk: 0, offset: 0 };
}

/** `f` with decision `d` for hunk `h`. */
function decide(
  files: ReviewFile[],
  f: number,
  h: number,
  d: HunkDecision,
  patch: Partial<ReviewFile> = {},
): ReviewFile[] {
  return files.map((file, i) =>
    i === f ? { ...file, ...patch, decisions: file.decisions.map((x, j) => (j === h ? d : x)) } : file,
  );
}

export function reduceReview(s: ReviewState, o: ReviewOp): ReviewState {
  const clean = { ...s, message: undefined };
  switch (o.op) {
    case "move_hunk":
      return moveHunk(clean, o.dir);
    case "move_file":
      return moveFile(clean, o.dir);
    case "scroll":
      return { ...s, offset: Math.max(0, s.offset + o.rows) };
    case "keep":
      if (s.files[s.file]?.decisions[s.hunk] !== "open") return moveHunk(clean, 1);
      return moveHunk({ ...clean, files: decide(s.files, s.file, s.hunk, "kept") }, 1);
    case "pending":
      return { ...s, pending: true, message: undefined };
    case "hunk_reverted":
      return { ...s, pending: false, files: decide(s.files, o.file, o.hunk, "reverted", { hash: o.hash }) };
    case "file_restored":
      return {
        ...s,
        pending: false,
        confirm: undefined,
        files: s.files.map((f, i) =>
          i === o.file ? { ...f, restored: true, decisions: f.decisions.map(() => "reverted" as const) } : f,
        ),
      };
    case "failed":
      return { ...s, pending: false, confirm: undefined, message: o.text };
    case "message":
      return { ...s, message: o.text };
    case "confirm":
      return { ...s, pending: false, confirm: { file: o.file, text: o.text } };
    case "confirm_cancel":
      return { ...s, confirm: undefined, message: "Nothing was written." };
    case "reason_start":
      return { ...clean, reason: "" };
    case "reason_type":
      return s.reason === undefined ? s : { ...s, reason: s.reason + o.text.replace(/[\r\n]/g, " ") };
    case "reason_backspace":
      return s.reason === undefined ? s : { ...s, reason: [...s.reason].slice(0, -1).join("") };
    case "reason_cancel":
      return { ...s, reason: undefined };
    default: {
      const never: never = o;
      return never;
    }
  }
}

/** The hunks of file `f` that are reverted now, plus `also` (what a write would put on disk). */
export function revertedSet(f: ReviewFile, also?: number): Set<number> {
  const set = new Set<number>();
  f.decisions.forEach((d, i) => {
    if (d === "reverted") set.add(i);
  });
  if (also !== undefined) set.add(also);
  return set;
}

/** Counts for the summary line when the review closes. */
export function reviewTally(s: ReviewState): { reverted: number; kept: number; restored: number } {
  let reverted = 0;
  let kept = 0;
  let restored = 0;
  for (const f of s.files) {
    if (f.restored) restored += 1;
    else reverted += f.decisions.filter((d) => d === "reverted").length;
    kept += f.decisions.filter((d) => d === "kept").length;
  }
  return { reverted, kept, restored };
}
