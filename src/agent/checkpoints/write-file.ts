// checkpoint_write: one file replaced only if it still holds what the client's diff showed
// (its sha256, or "" for "no file"), through a temporary file renamed over it, keeping its mode.
// This is how a client reverts one hunk: it sends the file's whole new text.

import { lstatSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CheckpointWriteResult } from "../../protocol/types/checkpoints.js";
import { sha256 } from "./blob-store.js";
import { assertWritable, normaliseClientPath } from "./path-guard.js";
import { stageFile } from "./restore.js";
import { CheckpointError, errorCode } from "./store-errors.js";
import type { FileState } from "./tree-state.js";

/** Mode of a file the write creates (a restore of a deleted file's hunk). */
const NEW_FILE_MODE = 0o644;

function currentFile(abs: string, rel: string): { hash: string; mode: number } {
  try {
    const stat = lstatSync(abs);
    if (!stat.isFile()) throw new CheckpointError(`${rel} is not a regular file: not written`);
    return { hash: sha256(readFileSync(abs)), mode: stat.mode & 0o777 };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { hash: "", mode: NEW_FILE_MODE };
    throw error;
  }
}

export interface WrittenFile extends CheckpointWriteResult {
  state: FileState;
  bytes: Uint8Array;
}

export function writeChecked(cwd: string, path: string, content: string, expectedHash: string): WrittenFile {
  const rel = normaliseClientPath(cwd, path);
  assertWritable(cwd, rel);
  const abs = join(cwd, rel);
  const current = currentFile(abs, rel);
  if (current.hash !== expectedHash.toLowerCase()) throw new CheckpointError(`${rel} changed since the diff was read`);
  const bytes = Buffer.from(content, "utf8");
  mkdirSync(dirname(abs), { recursive: true });
  renameSync(stageFile(abs, bytes, current.mode), abs);
  const hash = sha256(bytes);
  return {
    path: rel,
    hash,
    bytesWritten: bytes.length,
    state: { hash, size: bytes.length, mode: current.mode },
    bytes,
  };
}
