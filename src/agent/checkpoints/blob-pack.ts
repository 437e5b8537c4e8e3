// Many contents written at once (a session's first snapshot stores the whole tree) go into one
// pack file instead of one file each: creating 10,000 small files costs seconds, one file of the
// same bytes milliseconds (docs/protocol-notes.md "Checkpoints"). A pack is a run of gzip members
// ("chunks"), each the concatenated contents of a few files, so one content is read back by
// decompressing one chunk; `<name>.idx.json` lists where each content is. The pack is renamed into
// place before its index is written, and only contents an index lists are ever read, so a pack
// cut short by a crash is never used. Small batches stay loose files (blob-store.ts).

import { randomBytes } from "node:crypto";
import { closeSync, openSync, readdirSync, readFileSync, readSync, renameSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  ensurePrivateDir,
  PRIVATE_FILE_MODE,
  writeFully,
  writePrivateFileAtomic,
} from "../../protocol/private-files.js";
import { CheckpointError, errorCode, messageOf } from "./store-errors.js";

/** Where one content is: its chunk's offset and length in the pack, its offset and length in the chunk. */
export interface PackedAt {
  pack: string;
  chunkOffset: number;
  chunkLength: number;
  offset: number;
  length: number;
}

type IndexRow = [hash: string, chunkOffset: number, chunkLength: number, offset: number, length: number];

/** Raw bytes gathered before a chunk is compressed: reading one content decompresses at most this. */
const CHUNK_BYTES = 256 * 1024;
/** Batches of at most this many contents are written as loose files: a pack is for the first snapshot. */
export const LOOSE_BATCH = 64;
/** …and of at most this many bytes: a batch is held in memory until it is known to be small. */
const LOOSE_BATCH_BYTES = 8 * 1024 * 1024;

/** The contents listed by every pack index in `dir` (an unreadable index is said and skipped). */
export function readPackIndexes(dir: string): Map<string, PackedAt> {
  const found = new Map<string, PackedAt>();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return found;
    throw error;
  }
  for (const name of names.filter((n) => n.endsWith(".idx.json"))) {
    const pack = name.slice(0, -".idx.json".length);
    let rows: unknown;
    try {
      rows = JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch (error) {
      process.stderr.write(`agent-rpc: checkpoints: pack index ${join(dir, name)} not used (${messageOf(error)})\n`);
      continue;
    }
    if (!Array.isArray(rows)) continue;
    for (const row of rows as unknown[]) {
      if (!Array.isArray(row) || row.length !== 5 || typeof row[0] !== "string") continue;
      const [hash, chunkOffset, chunkLength, offset, length] = row as IndexRow;
      found.set(hash, { pack, chunkOffset, chunkLength, offset, length });
    }
  }
  return found;
}

/**
 * Reads contents back from packs. Each read decompresses its chunk again (at most CHUNK_BYTES,
 * about a millisecond): nothing is cached, so a pack damaged or deleted meanwhile is always seen.
 */
export class PackReader {
  constructor(private readonly dir: string) {}

  read(at: PackedAt, what: string): Buffer {
    const chunk = this.chunk(at, what);
    if (at.offset + at.length > chunk.length)
      throw new CheckpointError(`The stored content of ${what} is damaged (${this.packPath(at)} is too short)`);
    return chunk.subarray(at.offset, at.offset + at.length);
  }

  private packPath(at: PackedAt): string {
    return join(this.dir, `${at.pack}.pack`);
  }

  private chunk(at: PackedAt, what: string): Buffer {
    const path = this.packPath(at);
    const packed = Buffer.alloc(at.chunkLength);
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch (error) {
      if (errorCode(error) === "ENOENT")
        throw new CheckpointError(`The checkpoint store has lost the content of ${what} (${path} is missing)`);
      throw new CheckpointError(`Cannot read the stored content of ${what}: ${messageOf(error)}`);
    }
    try {
      const got = readSync(fd, packed, 0, at.chunkLength, at.chunkOffset);
      if (got !== at.chunkLength)
        throw new CheckpointError(`The stored content of ${what} is damaged (${path} is too short)`);
    } finally {
      closeSync(fd);
    }
    try {
      return gunzipSync(packed);
    } catch (error) {
      throw new CheckpointError(`The stored content of ${what} is damaged (${path}: ${messageOf(error)})`);
    }
  }
}

/**
 * One batch of new contents. The first LOOSE_BATCH (up to LOOSE_BATCH_BYTES) are held; past that
 * a pack is opened and chunks are compressed and appended as they fill, so memory stays near one
 * chunk.
 */
export class PackWriter {
  private held: { hash: string; bytes: Uint8Array }[] = [];
  private heldBytes = 0;
  private readonly seen = new Set<string>();
  private file: { fd: number; tmp: string; name: string; size: number } | undefined;
  private chunk: { hash: string; bytes: Uint8Array }[] = [];
  private chunkBytes = 0;
  private readonly rows: IndexRow[] = [];

  constructor(private readonly dir: string) {}

  add(hash: string, bytes: Uint8Array): void {
    if (this.seen.has(hash)) return;
    this.seen.add(hash);
    if (this.file === undefined) {
      this.held.push({ hash, bytes });
      this.heldBytes += bytes.length;
      if (this.held.length <= LOOSE_BATCH && this.heldBytes <= LOOSE_BATCH_BYTES) return;
      this.open();
      for (const h of this.held.splice(0)) this.append(h.hash, h.bytes);
      return;
    }
    this.append(hash, bytes);
  }

  /**
   * Puts the batch on disk: loose files through `loose` for a small batch, else the pack and its
   * index. Returns the contents now stored (with where, for packed ones) and the bytes written.
   */
  finish(loose: (hash: string, bytes: Uint8Array) => number): { packed: Map<string, PackedAt>; bytes: number } {
    if (this.file === undefined) {
      let bytes = 0;
      for (const h of this.held.splice(0)) bytes += loose(h.hash, h.bytes);
      return { packed: new Map(), bytes };
    }
    const file = this.file;
    this.flushChunk();
    closeSync(file.fd);
    this.file = undefined;
    renameSync(file.tmp, join(this.dir, `${file.name}.pack`));
    writePrivateFileAtomic(join(this.dir, `${file.name}.idx.json`), JSON.stringify(this.rows));
    const packed = new Map<string, PackedAt>();
    for (const [hash, chunkOffset, chunkLength, offset, length] of this.rows)
      packed.set(hash, { pack: file.name, chunkOffset, chunkLength, offset, length });
    return { packed, bytes: file.size };
  }

  /** A snapshot that failed: the half-written pack is removed, nothing of the batch is kept. */
  discard(): void {
    if (this.file === undefined) return;
    closeSync(this.file.fd);
    try {
      unlinkSync(this.file.tmp);
    } catch (error) {
      process.stderr.write(`agent-rpc: checkpoints: cannot remove ${this.file.tmp}: ${messageOf(error)}\n`);
    }
    this.file = undefined;
  }

  private open(): void {
    ensurePrivateDir(this.dir);
    const name = `${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
    const tmp = join(this.dir, `.${name}.pack.${process.pid}.tmp`);
    this.file = { fd: openSync(tmp, "wx", PRIVATE_FILE_MODE), tmp, name, size: 0 };
  }

  private append(hash: string, bytes: Uint8Array): void {
    this.chunk.push({ hash, bytes });
    this.chunkBytes += bytes.length;
    if (this.chunkBytes >= CHUNK_BYTES) this.flushChunk();
  }

  private flushChunk(): void {
    const file = this.file;
    if (file === undefined || this.chunk.length === 0) return;
    const raw = Buffer.concat(this.chunk.map((c) => c.bytes));
    // Level 1: most of gzip's saving on source text at a fraction of its time.
    const packed = gzipSync(raw, { level: 1 });
    let offset = 0;
    for (const c of this.chunk) {
      this.rows.push([c.hash, file.size, packed.length, offset, c.bytes.length]);
      offset += c.bytes.length;
    }
    writeFully(file.fd, packed);
    file.size += packed.length;
    this.chunk = [];
    this.chunkBytes = 0;
  }
}
