// The FileChange list of checkpoint_diff between two tree states: status, sizes, hashes and,
// for text files of at most 1 MB, both texts. A file is binary when it has a NUL byte in its
// first 8 KB or is not valid UTF-8 (as git and most diff viewers decide).

import type { FileChange } from "../../protocol/types/checkpoints.js";
import type { BlobStore } from "./blob-store.js";
import { countLineChanges, type LineCounts } from "./line-count.js";
import { changedPaths, type FileState, type TreeState } from "./tree-state.js";

/** Texts above this are described by size and hash only. */
export const MAX_DIFF_TEXT_BYTES = 1024 * 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text of `bytes`, or undefined when they are binary. */
export function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.subarray(0, 8192).includes(0)) return undefined;
  try {
    return utf8.decode(bytes);
  } catch (error) {
    // Not UTF-8: shown as binary rather than as replacement characters.
    void error;
    return undefined;
  }
}

interface Side {
  text?: string;
  binary: boolean;
}

function sideOf(blobs: BlobStore, path: string, state: FileState | undefined): Side {
  if (state === undefined) return { binary: false };
  const bytes = blobs.get(state.hash, path);
  const text = textOf(bytes);
  if (text === undefined) return { binary: true };
  return state.size <= MAX_DIFF_TEXT_BYTES ? { text, binary: false } : { binary: false };
}

export function fileChange(blobs: BlobStore, path: string, from?: FileState, to?: FileState): FileChange {
  const before = sideOf(blobs, path, from);
  const after = sideOf(blobs, path, to);
  const change: FileChange = {
    path,
    status: from === undefined ? "added" : to === undefined ? "deleted" : "modified",
    binary: before.binary || after.binary,
    beforeBytes: from?.size ?? 0,
    afterBytes: to?.size ?? 0,
  };
  if (from !== undefined) change.beforeHash = from.hash;
  if (to !== undefined) change.afterHash = to.hash;
  if (!change.binary && before.text !== undefined) change.before = before.text;
  if (!change.binary && after.text !== undefined) change.after = after.text;
  return change;
}

export function diffStates(blobs: BlobStore, from: TreeState, to: TreeState): FileChange[] {
  return changedPaths(from, to).map((path) => fileChange(blobs, path, from.get(path), to.get(path)));
}

/** Files changed and lines added and removed from one state to another (binary files count no lines). */
export function summarise(
  blobs: BlobStore,
  from: TreeState,
  to: TreeState,
  cache: Map<string, LineCounts>,
): LineCounts & { files: number } {
  const paths = changedPaths(from, to);
  let added = 0;
  let removed = 0;
  for (const path of paths) {
    const a = from.get(path);
    const b = to.get(path);
    const key = `${a?.hash ?? ""}:${b?.hash ?? ""}`;
    let counts = cache.get(key);
    if (counts === undefined) {
      const change = fileChange(blobs, path, a, b);
      const hasText = (state: FileState | undefined, text: string | undefined) =>
        state === undefined || text !== undefined;
      counts =
        change.binary || !hasText(a, change.before) || !hasText(b, change.after)
          ? { added: 0, removed: 0 }
          : countLineChanges(change.before ?? "", change.after ?? "");
      cache.set(key, counts);
    }
    added += counts.added;
    removed += counts.removed;
  }
  return { files: paths.length, added, removed };
}
