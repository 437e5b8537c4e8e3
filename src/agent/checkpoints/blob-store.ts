// File contents by sha256, gzip-compressed, one file per content under `<store>/blobs/ab/cdef…`
// (0600 in 0700 directories), or, for a large batch (a session's first snapshot), in a pack under
// `<store>/blobs/packs/` (blob-pack.ts). A content is written once; reading it back checks its
// hash, so a damaged or missing copy is a clear error instead of a wrong file restored.

import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { ensurePrivateDir, PRIVATE_FILE_MODE, writeFully } from "../../protocol/private-files.js";
import { CheckpointError, errorCode, messageOf } from "./store-errors.js";
import { type PackedAt, PackReader, PackWriter, readPackIndexes } from "./blob-pack.js";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export class BlobStore {
  /** Hashes known to be on disk (written or checked by this process). */
  private readonly known = new Set<string>();
  private packed: Map<string, PackedAt> | undefined;
  private readonly packDir: string;
  private readonly reader: PackReader;
  private batch: PackWriter | undefined;

  constructor(readonly dir: string) {
    this.packDir = join(dir, "packs");
    this.reader = new PackReader(this.packDir);
  }

  private pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  /** The packs' contents, read at first need (a store without packs costs one readdir). */
  private packs(): Map<string, PackedAt> {
    this.packed ??= readPackIndexes(this.packDir);
    return this.packed;
  }

  /** Contents put from now until endBatch are written together (a pack when there are many). */
  beginBatch(): void {
    this.batch?.discard();
    this.batch = new PackWriter(this.packDir);
  }

  /** Writes the batch; returns the bytes written. Nothing put in it is readable before this. */
  endBatch(): number {
    const batch = this.batch;
    this.batch = undefined;
    if (batch === undefined) return 0;
    const done = batch.finish((hash, bytes) => this.putLoose(hash, bytes));
    for (const [hash, at] of done.packed) {
      this.packs().set(hash, at);
      this.known.add(hash);
    }
    return done.bytes;
  }

  /** The batch failed half way: none of it is kept. */
  discardBatch(): void {
    this.batch?.discard();
    this.batch = undefined;
  }

  /** Stores `bytes` (whose sha256 is `hash`) unless already there; returns the bytes written to disk. */
  put(hash: string, bytes: Uint8Array): number {
    if (this.known.has(hash)) return 0;
    if (this.packs().has(hash)) {
      this.known.add(hash);
      return 0;
    }
    if (this.batch !== undefined) {
      this.batch.add(hash, bytes);
      return 0;
    }
    return this.putLoose(hash, bytes);
  }

  private putLoose(hash: string, bytes: Uint8Array): number {
    if (this.known.has(hash)) return 0;
    const path = this.pathOf(hash);
    if (existsSync(path)) {
      this.known.add(hash);
      return 0;
    }
    ensurePrivateDir(join(this.dir, hash.slice(0, 2)));
    // Level 1: most of gzip's saving on source text at a fraction of its time.
    const packed = gzipSync(bytes, { level: 1 });
    const tmp = `${path}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
    const fd = openSync(tmp, "wx", PRIVATE_FILE_MODE);
    try {
      // No fsync: one per file made a first checkpoint of 10,000 files take a minute. A copy a
      // power cut leaves short fails its hash check when read, which is said, not restored.
      writeFully(fd, packed);
    } catch (error) {
      closeSync(fd);
      unlinkSync(tmp);
      throw error;
    }
    closeSync(fd);
    renameSync(tmp, path);
    this.known.add(hash);
    return packed.length;
  }

  /** The bytes of `hash`; a missing or damaged copy throws a CheckpointError naming `what`. */
  get(hash: string, what: string): Buffer {
    const bytes = this.read(hash, what);
    if (sha256(bytes) !== hash)
      throw new CheckpointError(
        `The stored content of ${what} is damaged (${this.where(hash)} does not match its hash)`,
      );
    return bytes;
  }

  private where(hash: string): string {
    const at = this.packs().get(hash);
    return at === undefined ? this.pathOf(hash) : join(this.packDir, `${at.pack}.pack`);
  }

  private read(hash: string, what: string): Buffer {
    let packed: Buffer;
    try {
      packed = readFileSync(this.pathOf(hash));
    } catch (error) {
      const at = errorCode(error) === "ENOENT" ? this.packs().get(hash) : undefined;
      if (at !== undefined) return this.reader.read(at, what);
      if (errorCode(error) === "ENOENT")
        throw new CheckpointError(
          `The checkpoint store has lost the content of ${what} (${this.pathOf(hash)} is missing)`,
        );
      throw new CheckpointError(`Cannot read the stored content of ${what}: ${messageOf(error)}`);
    }
    try {
      return gunzipSync(packed);
    } catch (error) {
      throw new CheckpointError(`The stored content of ${what} is damaged (${this.pathOf(hash)}: ${messageOf(error)})`);
    }
  }
}
