// Restoring a checkpoint, all or nothing. The plan compares three states per path: the target
// (the checkpoint), the tree now, and what the worker last recorded; a file whose content now
// differs from the last record was changed by someone else and is a conflict. Applying a plan
// reads every stored content first (a lost or damaged one stops it before any write), stages
// each file as a temporary file beside its target, then renames them into place and deletes
// what did not exist; if a step fails, what was already changed is put back from the store.

import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, rmdirSync, unlinkSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { writeNewFileSynced } from "../../protocol/private-files.js";
import type { CheckpointConflict } from "../../protocol/types/checkpoints.js";
import type { BlobStore } from "./blob-store.js";
import { assertWritable } from "./path-guard.js";
import { CheckpointError, errorCode, messageOf } from "./store-errors.js";
import { type FileState, sameFile, type Snapshot, type TreeState } from "./tree-state.js";

export interface RestorePlan {
  writes: { path: string; state: FileState }[];
  deletes: string[];
  conflicts: CheckpointConflict[];
}

function conflictReason(now: FileState | undefined, recorded: FileState | undefined): string {
  if (now === undefined) return "deleted since the agent last recorded it";
  if (recorded === undefined) return "created since the agent last recorded the files";
  return "changed since the agent last recorded it";
}

export function planRestore(
  target: TreeState,
  now: Snapshot,
  recorded: TreeState,
  paths?: readonly string[],
): RestorePlan {
  const plan: RestorePlan = { writes: [], deletes: [], conflicts: [] };
  const leftOutNow = new Map(now.leftOut.map((item) => [item.path, item.reason]));
  const scope = paths ?? [...new Set([...target.keys(), ...now.files.keys()])].sort();
  for (const path of scope) {
    const want = target.get(path);
    const have = now.files.get(path);
    if (sameFile(want, have) || (want === undefined && leftOutNow.has(path))) continue;
    const reasonNow = leftOutNow.get(path);
    if (reasonNow !== undefined)
      plan.conflicts.push({ path, reason: `left out of checkpoints now (${reasonNow}): its content is not stored` });
    else if (!sameFile(have, recorded.get(path)))
      plan.conflicts.push({ path, reason: conflictReason(have, recorded.get(path)) });
    if (want !== undefined) plan.writes.push({ path, state: want });
    else plan.deletes.push(path);
  }
  return plan;
}

/** Writes `bytes` to a new temporary file beside `abs` and returns its path. */
export function stageFile(abs: string, bytes: Uint8Array, mode: number): string {
  const tmp = join(dirname(abs), `.${basename(abs)}.agent-rpc-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  writeNewFileSynced(tmp, bytes, mode);
  return tmp;
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
}

/** Removes directories a deletion left empty, up to (not including) cwd. */
function pruneEmptyDirs(cwd: string, rel: string): void {
  for (let dir = dirname(rel); dir !== "." && dir !== ""; dir = dirname(dir)) {
    try {
      rmdirSync(join(cwd, dir));
    } catch (error) {
      // Not empty (or already gone): the directories above are not empty either.
      void error;
      return;
    }
  }
}

interface Staged {
  path: string;
  tmp: string;
}

function stageAll(cwd: string, writes: RestorePlan["writes"], contents: Buffer[]): Staged[] {
  const staged: Staged[] = [];
  try {
    for (const [i, { path, state }] of writes.entries()) {
      const abs = join(cwd, path);
      mkdirSync(dirname(abs), { recursive: true });
      staged.push({ path, tmp: stageFile(abs, contents[i] ?? Buffer.alloc(0), state.mode) });
    }
  } catch (error) {
    for (const s of staged) removeQuietly(s.tmp);
    const at = writes[staged.length]?.path ?? "";
    throw new CheckpointError(`Nothing was restored: cannot write ${at}: ${messageOf(error)}`);
  }
  return staged;
}

/** Puts the files changed so far back as they were (their contents are in the store). */
function rollBack(cwd: string, changed: readonly string[], before: TreeState, blobs: BlobStore): string[] {
  const failed: string[] = [];
  for (const path of changed) {
    const abs = join(cwd, path);
    const was = before.get(path);
    try {
      if (was === undefined) removeQuietly(abs);
      else renameSync(stageFile(abs, blobs.get(was.hash, path), was.mode), abs);
    } catch (error) {
      void error;
      failed.push(path);
    }
  }
  return failed;
}

export interface RestoreOutcome {
  restored: string[];
  deleted: string[];
  bytesWritten: number;
}

export function applyRestore(cwd: string, plan: RestorePlan, before: TreeState, blobs: BlobStore): RestoreOutcome {
  for (const path of [...plan.writes.map((w) => w.path), ...plan.deletes]) assertWritable(cwd, path);
  const contents = plan.writes.map(({ path, state }) => blobs.get(state.hash, path));
  const staged = stageAll(cwd, plan.writes, contents);
  const changed: string[] = [];
  let current = "";
  try {
    for (const { path, tmp } of staged) {
      current = path;
      renameSync(tmp, join(cwd, path));
      changed.push(path);
    }
    for (const path of plan.deletes) {
      current = path;
      removeQuietly(join(cwd, path));
      changed.push(path);
    }
  } catch (error) {
    for (const s of staged.slice(changed.length)) removeQuietly(s.tmp);
    const failed = rollBack(cwd, changed, before, blobs);
    const undo =
      failed.length === 0 ? "the files already changed were put back" : `could not put back: ${failed.join(", ")}`;
    throw new CheckpointError(`Restore failed at ${current} (${messageOf(error)}); ${undo}`);
  }
  for (const path of plan.deletes) pruneEmptyDirs(cwd, path);
  return {
    restored: plan.writes.map((w) => w.path),
    deleted: [...plan.deletes],
    bytesWritten: contents.reduce((sum, bytes) => sum + bytes.length, 0),
  };
}
