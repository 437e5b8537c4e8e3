// Taking a snapshot of the working tree: list the files (tree-scan.ts), stat each, hash only the
// files whose stat changed since they were last hashed (stat-index.ts) and keep their bytes in
// the blob store. Symbolic links and anything but regular files are not recorded; files over
// the size cap, and files that cannot be read, are named as left out.

import { lstatSync, readFileSync, type Stats } from "node:fs";
import { join, sep } from "node:path";
import type { LeftOut } from "../../protocol/types/checkpoints.js";
import { type BlobStore, sha256 } from "./blob-store.js";
import type { StatIndex } from "./stat-index.js";
import { CheckpointError, errorCode } from "./store-errors.js";
import type { FileState, Snapshot } from "./tree-state.js";
import { listTree } from "./tree-scan.js";

export interface SnapshotInput {
  cwd: string;
  inGit: boolean;
  index: StatIndex;
  blobs: BlobStore;
  maxFileBytes: number;
  /** More files than this under cwd (a home folder): no checkpoint, rather than hashing them all. */
  maxFiles: number;
  /** A path prefix (relative, "/" separated, ending in "/") never recorded: our own store under cwd. */
  exclude?: string;
  /** false: the hash cache is saved later (it is only a cache; a lost save costs the next first scan). */
  saveIndex?: boolean;
}

/** Files hashed between two yields to the event loop, so stdin and abort are served meanwhile. */
const YIELD_EVERY = 256;

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function statOf(path: string): Stats | undefined {
  try {
    // Listed but gone (a tracked file deleted) is simply not in the tree; no exception is built
    // for it, which is most of what a missing file costs.
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if (errorCode(error) === "ENOTDIR") return undefined;
    throw error;
  }
}

/** A file hashed in this scan: the hash cache learns it once its content is stored. */
type Hashed = { path: string; stat: Stats; hash: string; at: number };

/** Hash and keep one file whose stat is new. */
function hashFile(input: SnapshotInput, path: string, stat: Stats, hashed: Hashed[]): { hash: string; size: number } {
  const bytes = readFileSync(join(input.cwd, path));
  const hash = sha256(bytes);
  input.blobs.put(hash, bytes);
  hashed.push({ path, stat, hash, at: Date.now() });
  return { hash, size: bytes.length };
}

export async function takeSnapshot(input: SnapshotInput): Promise<Snapshot> {
  // Many new contents at once (the first snapshot of a session) go into one pack: blob-pack.ts.
  input.blobs.beginBatch();
  try {
    const hashed: Hashed[] = [];
    const snapshot = await scanTree(input, hashed);
    input.blobs.endBatch();
    // The hash cache may name a content only once it is stored: a failed scan teaches it nothing.
    for (const h of hashed) input.index.remember(h.path, h.stat, h.hash, h.at);
    input.index.retain(new Set(snapshot.files.keys()));
    // The cache is written by whoever is not in a hurry (checkpoint-service.ts: not before a turn).
    if (input.saveIndex !== false) input.index.save();
    return snapshot;
  } catch (error) {
    input.blobs.discardBatch();
    throw error;
  }
}

async function scanTree(input: SnapshotInput, hashedFiles: Hashed[]): Promise<Snapshot> {
  const listing = await listTree(input.cwd, input.inGit, input.maxFiles);
  if (listing.paths.length > input.maxFiles)
    throw new CheckpointError(
      `more than ${input.maxFiles} files under ${input.cwd}: no checkpoint (checkpoints.maxFiles in settings.json)`,
    );
  const files = new Map<string, FileState>();
  const leftOut: LeftOut[] = [...listing.ignored];
  let hashed = 0;
  // Listed paths are already normal ("a/b", never "./" or ".."): a plain prefix is path.join's
  // result without its per-call normalisation, one of the few costs per unchanged file.
  const root = input.cwd.endsWith(sep) ? input.cwd : `${input.cwd}${sep}`;
  for (const path of listing.paths) {
    if (input.exclude !== undefined && path.startsWith(input.exclude)) continue;
    let stat: Stats | undefined;
    try {
      stat = statOf(root + path);
      if (stat === undefined || !stat.isFile()) continue;
      if (stat.size > input.maxFileBytes) {
        leftOut.push({ path, reason: "too large" });
        continue;
      }
      const mode = stat.mode & 0o777;
      const known = input.index.lookup(path, stat);
      if (known !== undefined) {
        files.set(path, { hash: known, size: stat.size, mode });
        continue;
      }
      files.set(path, { ...hashFile(input, path, stat, hashedFiles), mode });
      if (++hashed % YIELD_EVERY === 0) await yieldToLoop();
    } catch (error) {
      if (errorCode(error) === "ENOENT") continue;
      if (errorCode(error) === "EACCES" || errorCode(error) === "EPERM" || errorCode(error) === "EISDIR") {
        leftOut.push({ path, reason: "unreadable" });
        continue;
      }
      throw error;
    }
  }
  return { files, leftOut };
}
