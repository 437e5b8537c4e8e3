// File contents by sha256, gzip-compressed, one file per content under `<store>/blobs/ab/cdef…`
// (0600 in 0700 directories). A content is written once; reading it back checks its hash, so a
// damaged or missing copy is a clear error instead of a wrong file restored.

import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../../protocol/private-files.js";
import { CheckpointError, errorCode, messageOf } from "./store-errors.js";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export class BlobStore {
  /** Hashes known to be on disk (written or checked by this process). */
  private readonly known = new Set<string>();

  constructor(readonly dir: string) {}

  private pathOf(hash: string): string {
    return join(this.dir, hash.slice(0, 2), hash.slice(2));
  }

  /** Stores `bytes` (whose sha256 is `hash`) unless already there; returns the bytes written to disk. */
  put(hash: string, bytes: Uint8Array): number {
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
      let offset = 0;
      // No fsync: one per file made a first checkpoint of 10,000 files take a minute. A copy a
      // power cut leaves short fails its hash check when read, which is said, not restored.
      while (offset < packed.length) offset += writeSync(fd, packed, offset, packed.length - offset);
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
    let packed: Buffer;
    try {
      packed = readFileSync(this.pathOf(hash));
    } catch (error) {
      if (errorCode(error) === "ENOENT")
        throw new CheckpointError(
          `The checkpoint store has lost the content of ${what} (${this.pathOf(hash)} is missing)`,
        );
      throw new CheckpointError(`Cannot read the stored content of ${what}: ${messageOf(error)}`);
    }
    let bytes: Buffer;
    try {
      bytes = gunzipSync(packed);
    } catch (error) {
      throw new CheckpointError(`The stored content of ${what} is damaged (${this.pathOf(hash)}: ${messageOf(error)})`);
    }
    if (sha256(bytes) !== hash)
      throw new CheckpointError(
        `The stored content of ${what} is damaged (${this.pathOf(hash)} does not match its hash)`,
      );
    return bytes;
  }
}
