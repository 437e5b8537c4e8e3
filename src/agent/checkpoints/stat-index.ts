// The hash cache that makes a checkpoint cost what changed: path → the stat it had when it was
// hashed. A file whose size, mtime, ctime and inode are unchanged is not read again. A file
// modified within the clock's granularity of its hashing could keep its stat while its bytes
// changed ("racily clean", as git calls it): such entries are hashed again until they are older.
// Saved as JSON beside the log; it is only a cache, so a missing or unreadable one is rebuilt.

import { readFileSync } from "node:fs";
import { writePrivateFileAtomic } from "../../protocol/private-files.js";
import { errorCode, messageOf } from "./store-errors.js";

export interface StatKey {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

interface IndexEntry extends StatKey {
  hash: string;
}

/** mtimes this close to the moment a file was hashed are not trusted (coarse file system clocks). */
const RACY_MS = 2000;

type SavedEntry = [path: string, size: number, mtimeMs: number, ctimeMs: number, ino: number, hash: string, at: number];

export class StatIndex {
  private readonly entries = new Map<string, IndexEntry & { hashedAt: number }>();
  private dirty = false;

  constructor(private readonly file: string) {
    this.load();
  }

  private load(): void {
    let saved: unknown;
    try {
      saved = JSON.parse(readFileSync(this.file, "utf8"));
    } catch (error) {
      if (errorCode(error) !== "ENOENT")
        process.stderr.write(`agent-rpc: checkpoints: hash cache ${this.file} not used (${messageOf(error)})\n`);
      return;
    }
    if (!Array.isArray(saved)) return;
    for (const row of saved as unknown[]) {
      if (!Array.isArray(row) || row.length !== 7) continue;
      const [path, size, mtimeMs, ctimeMs, ino, hash, hashedAt] = row as SavedEntry;
      if (typeof path !== "string" || typeof hash !== "string") continue;
      this.entries.set(path, { size, mtimeMs, ctimeMs, ino, hash, hashedAt });
    }
  }

  /** The hash recorded for `path` if its stat is unchanged and was not racy when hashed. */
  lookup(path: string, stat: StatKey): string | undefined {
    const entry = this.entries.get(path);
    if (entry === undefined) return undefined;
    if (entry.size !== stat.size || entry.mtimeMs !== stat.mtimeMs) return undefined;
    if (entry.ctimeMs !== stat.ctimeMs || entry.ino !== stat.ino) return undefined;
    if (entry.hashedAt - Math.max(stat.mtimeMs, stat.ctimeMs) < RACY_MS) return undefined;
    return entry.hash;
  }

  remember(path: string, stat: StatKey, hash: string, hashedAt: number): void {
    // The four fields only: a whole Stats spread here would make every entry a large object of
    // another shape than the loaded ones, and the lookups of every checkpoint slower.
    const { size, mtimeMs, ctimeMs, ino } = stat;
    this.entries.set(path, { size, mtimeMs, ctimeMs, ino, hash, hashedAt });
    this.dirty = true;
  }

  /** Written only when something was hashed since the last save. */
  save(): void {
    if (!this.dirty) return;
    const rows: SavedEntry[] = [];
    for (const [path, e] of this.entries) rows.push([path, e.size, e.mtimeMs, e.ctimeMs, e.ino, e.hash, e.hashedAt]);
    try {
      writePrivateFileAtomic(this.file, JSON.stringify(rows), { overwrite: true });
      this.dirty = false;
    } catch (error) {
      // Only the next process's first checkpoint is slower without it.
      process.stderr.write(`agent-rpc: checkpoints: cannot save the hash cache: ${messageOf(error)}\n`);
    }
  }

  /** Paths no longer in the tree leave the cache, so it does not grow with files long deleted. */
  retain(paths: ReadonlySet<string>): void {
    for (const path of this.entries.keys()) {
      if (!paths.has(path)) {
        this.entries.delete(path);
        this.dirty = true;
      }
    }
  }
}
