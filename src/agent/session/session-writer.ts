// Append-only writing of one session file. Every append is one synchronous write of whole
// lines (plus fdatasync), so an entry is on disk before the caller announces it. An existing
// file is never rewritten in place: new files are created exclusively, a final record without
// a line end is terminated by the next append, and a migration keeps the original as a .bak.
import { closeSync, existsSync, fdatasyncSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  ensurePrivateDir,
  openPrivateAppend,
  writeFully,
  writePrivateFileAtomic,
} from "../../protocol/private-files.js";
import { serializeRecord } from "./session-file.js";
import type { SessionEntry, SessionHeader } from "./types.js";

type SessionRecord = SessionHeader | SessionEntry;

/** How the writer starts: a file to create, an existing one to append to, one to migrate. */
export type WriterStart =
  | { kind: "new" }
  | { kind: "existing"; needsNewline: boolean }
  | { kind: "empty" }
  | { kind: "migrate"; fromVersion: number };

export class SessionFileWriter {
  private fd: number | undefined;
  private prefix = "";
  private start: WriterStart;

  constructor(
    readonly path: string,
    private readonly sync: boolean,
    start: WriterStart = { kind: "new" },
  ) {
    this.start = start;
    if (start.kind === "existing" && start.needsNewline) this.prefix = "\n";
  }

  /** Whether the file has been created or opened for appending by this writer. */
  get isOpen(): boolean {
    return this.fd !== undefined;
  }

  /** Whether the file is on disk (created by this writer, or there before it). */
  get onDisk(): boolean {
    return this.fd !== undefined || this.start.kind === "existing" || this.start.kind === "migrate";
  }

  /** True when the first write must write the whole session (header included), not one entry. */
  get needsWholeSession(): boolean {
    return this.start.kind !== "existing";
  }

  /** Write the whole session (first write of a new, empty or migrated file) and keep it open. */
  writeWhole(records: readonly SessionRecord[]): void {
    const text = records.map(serializeRecord).join("");
    switch (this.start.kind) {
      case "new":
        ensurePrivateDir(dirname(this.path));
        // Exclusive: a file that appeared at this path meanwhile is never replaced.
        writePrivateFileAtomic(this.path, text);
        this.fd = openPrivateAppend(this.path);
        break;
      case "empty":
        this.fd = openPrivateAppend(this.path);
        this.writeAll(text);
        break;
      case "migrate": {
        // The original bytes are kept beside it first; then the new version replaces it atomically.
        writePrivateFileAtomic(this.backupPath(this.start.fromVersion), readFileSync(this.path));
        writePrivateFileAtomic(this.path, text, { overwrite: true });
        this.fd = openPrivateAppend(this.path);
        break;
      }
      case "existing":
        this.append(records);
        return;
      default: {
        const never: never = this.start;
        throw new Error(`Unknown writer start ${String(never)}`);
      }
    }
    this.start = { kind: "existing", needsNewline: false };
  }

  /** Append entries to the open (or existing) file. */
  append(records: readonly SessionRecord[]): void {
    if (this.needsWholeSession) throw new Error("SessionFileWriter: the session must be written whole first");
    this.fd ??= openPrivateAppend(this.path);
    this.writeAll(this.prefix + records.map(serializeRecord).join(""));
    this.prefix = "";
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }

  private writeAll(text: string): void {
    if (this.fd === undefined) throw new Error("SessionFileWriter: file is not open");
    writeFully(this.fd, Buffer.from(text, "utf8"));
    if (this.sync) fdatasyncSync(this.fd);
  }

  private backupPath(fromVersion: number): string {
    const base = `${this.path}.v${fromVersion}.bak`;
    let candidate = base;
    for (let n = 2; existsSync(candidate); n++) candidate = `${base}.${n}`;
    return candidate;
  }
}
