// Reading and durable appending of one session JSONL file. Every append is a single
// synchronous write of a whole line (plus fdatasync), so an entry is on disk before the
// caller announces it; a torn last line left by a crash is skipped on load and cut off
// before the next append.
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { ensurePrivateDir, openPrivateAppend, openPrivateExisting, PRIVATE_FILE_MODE } from "../../protocol/private-files.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { maskSecretsInJson } from "../security/credential-guard.js";
import { decodeEntry, decodeHeader, isObject, migrateRecords, type JsonObject } from "./decode.js";

export type LoadedSessionFile = {
  header: SessionHeader;
  entries: SessionEntry[];
  /** Byte length of the intact prefix (everything up to the last complete line). */
  intactBytes: number;
  /** True when the file was migrated from an older version and should be rewritten. */
  migrated: boolean;
};

export type Warn = (message: string) => void;

export function serializeRecord(record: SessionHeader | SessionEntry): string {
  // U+2028/2029 are escaped so a line-based reader never splits inside a record; credential
  // values are masked (a provider error echoing the key is stored without it).
  const json = JSON.stringify(record).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `${maskSecretsInJson(json)}\n`;
}

/** Load a session file; undefined when it does not exist or has no valid header. */
export function loadSessionFile(path: string, warn: Warn): LoadedSessionFile | undefined {
  if (!existsSync(path)) return undefined;
  const buffer = readFileSync(path);
  const lastNewline = buffer.lastIndexOf(0x0a);
  const intactBytes = lastNewline + 1;
  const text = buffer.subarray(0, intactBytes).toString("utf8");
  if (intactBytes < buffer.length) {
    const tail = buffer.subarray(intactBytes).toString("utf8");
    if (tail.trim().length > 0) {
      const parsedTail = tryParse(tail);
      if (parsedTail === undefined) {
        warn(`session ${path}: skipped a torn last line (${buffer.length - intactBytes} bytes)`);
      } else {
        warn(`session ${path}: last line has no newline terminator; it was skipped`);
      }
    }
  }
  const lines = text.split("\n");
  let header: SessionHeader | undefined;
  const records: JsonObject[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? "").replace(/\r$/, "");
    if (line.trim() === "") continue;
    const value = tryParse(line);
    if (value === undefined) {
      warn(`session ${path}: skipped malformed line ${index + 1}`);
      continue;
    }
    if (header === undefined) {
      header = decodeHeader(value);
      if (header === undefined) return undefined;
      continue;
    }
    if (isObject(value)) records.push(value);
  }
  if (header === undefined) return undefined;
  const migrated = migrateRecords(header, records);
  const entries: SessionEntry[] = [];
  for (const record of records) {
    const entry = decodeEntry(record);
    if (entry) entries.push(entry);
    else warn(`session ${path}: skipped an entry of unknown type or shape (${String(record.type)})`);
  }
  return { header, entries, intactBytes, migrated };
}

function tryParse(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch (error) {
    // A malformed line is reported by the caller with its position; the parse error adds nothing.
    void error;
    return undefined;
  }
}

/** Append-only writer for one file, opened lazily on the first write. */
export class SessionFileWriter {
  private fd: number | undefined;

  constructor(
    readonly path: string,
    private readonly sync: boolean,
  ) {}

  /** Open an existing file for appending, cutting off a torn tail so the next line starts clean. */
  openExisting(intactBytes: number): void {
    this.close();
    const fd = openPrivateExisting(this.path, "r+");
    ftruncateSync(fd, intactBytes);
    closeSync(fd);
    this.fd = openPrivateAppend(this.path);
  }

  /** Create (or replace) the file with the given records, atomically via a temp file. */
  create(records: readonly (SessionHeader | SessionEntry)[]): void {
    this.close();
    ensurePrivateDir(dirname(this.path));
    const tmp = `${this.path}.tmp-${process.pid}`;
    const fd = openSync(tmp, "w", PRIVATE_FILE_MODE);
    try {
      writeFileSync(fd, records.map(serializeRecord).join(""));
      if (this.sync) fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.path);
    this.fd = openPrivateAppend(this.path);
  }

  append(record: SessionEntry): void {
    if (this.fd === undefined) this.fd = openPrivateAppend(this.path);
    const data = Buffer.from(serializeRecord(record), "utf8");
    let offset = 0;
    while (offset < data.length) offset += writeSync(this.fd, data, offset, data.length - offset);
    if (this.sync) fdatasyncSync(this.fd);
  }

  get isOpen(): boolean {
    return this.fd !== undefined;
  }

  close(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
  }
}
