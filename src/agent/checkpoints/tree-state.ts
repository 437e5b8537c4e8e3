// What a checkpoint holds: every recorded file's content hash, size and mode, by path, and the
// files left out with their reason. Shared by the snapshot, the log, the diff and the restore.

import type { LeftOut } from "../../protocol/types/checkpoints.js";

export interface FileState {
  /** sha256 hex of the bytes. */
  hash: string;
  size: number;
  /** Permission bits (restored files keep an executable bit). */
  mode: number;
}

export type TreeState = ReadonlyMap<string, FileState>;

export interface Snapshot {
  files: TreeState;
  leftOut: LeftOut[];
}

export const sameFile = (a: FileState | undefined, b: FileState | undefined): boolean => a?.hash === b?.hash;

/** The paths whose content differs between two states (added, deleted or changed), sorted. */
export function changedPaths(from: TreeState, to: TreeState): string[] {
  const paths = new Set<string>();
  for (const [path, state] of from) if (!sameFile(state, to.get(path))) paths.add(path);
  for (const [path, state] of to) if (!from.has(path) && state !== undefined) paths.add(path);
  return [...paths].sort();
}
