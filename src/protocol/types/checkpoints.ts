// [ours] Checkpoints of the working tree (docs/protocol-notes.md "Checkpoints"): agent-rpc records the
// files under its cwd at the start of every user turn; a client lists them, diffs two of them (or one
// and the tree now), restores one, or writes one file back when the user reverts a single hunk.

/** Why a file under the working directory is not in a checkpoint. */
export type LeftOutReason = "ignored" | "too large" | "unreadable";

export interface LeftOut {
  /** Relative to the worker's cwd, "/" separators. */
  path: string;
  reason: LeftOutReason;
}

export interface CheckpointSummary {
  id: string;
  /** 1-based number of the user turn the checkpoint opened. */
  turn: number;
  /** Session entry id of the user message that opened the turn (usable with `fork`). */
  entryId?: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  /** First line of the user's message, at most 200 characters. */
  prompt: string;
  /** Files the turn changed (this checkpoint to the next, or to now for the last). */
  files: number;
  /** Lines added and removed by the turn (text files only). */
  added: number;
  removed: number;
  leftOut: LeftOut[];
}

export type FileChangeStatus = "added" | "modified" | "deleted";

export interface FileChange {
  /** Relative to the worker's cwd, "/" separators. */
  path: string;
  status: FileChangeStatus;
  binary: boolean;
  /** The text before and after; absent when binary, over 1 MB, or on the side where the file is missing. */
  before?: string;
  after?: string;
  /** sha256 hex of the bytes on each side (absent on the side where the file is missing). */
  beforeHash?: string;
  afterHash?: string;
  beforeBytes: number;
  afterBytes: number;
}

export interface CheckpointDiff {
  files: FileChange[];
  leftOut: LeftOut[];
}

export interface CheckpointConflict {
  path: string;
  reason: string;
}

export interface CheckpointRestoreResult {
  restored: string[];
  deleted: string[];
  /** Non-empty without `force`: nothing was written. */
  conflicts: CheckpointConflict[];
  bytesWritten: number;
}

export interface CheckpointWriteResult {
  path: string;
  /** sha256 hex of the bytes now in the file. */
  hash: string;
  bytesWritten: number;
}
