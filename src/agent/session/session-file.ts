// Reading one session JSONL file, tolerating what crashes and other tools leave (a BOM, CRLF,
// a torn or unterminated last line, garbage, unknown entries, other versions): what cannot be
// read is skipped and reported, never "fixed" in place. Writing is in session-writer.ts.
import { closeSync, openSync, statSync } from "node:fs";
import { stringifyJson } from "../../protocol/json-deep.js";
import { maskSecretsInJson } from "../security/credential-guard.js";
import {
  createEntryCollector,
  decodeHeader,
  isObject,
  isOlderVersion,
  migrateRecords,
  type JsonObject,
} from "./decode.js";
import { readFileLines } from "./file-lines.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { CURRENT_SESSION_VERSION } from "./types.js";

export type LoadedSessionFile = {
  header: SessionHeader;
  entries: SessionEntry[];
  /** The entries by id. */
  byId: Map<string, SessionEntry>;
  /** The file does not end with a line feed: the next append must start with one. */
  needsNewline: boolean;
  /** The version the file was written in when it is migrated (in memory) on load. */
  migratedFrom: number | undefined;
  /** What was skipped or read differently, one sentence each, for the user. */
  notes: string[];
};

/** Why a path cannot be opened as a session (the message names the path). */
export type UnreadableSession = { kind: "missing" | "empty" | "not_a_session" | "unreadable"; message: string };

export type SessionFileRead = { ok: true; file: LoadedSessionFile } | ({ ok: false } & UnreadableSession);

export type Warn = (message: string) => void;

export function serializeRecord(record: SessionHeader | SessionEntry): string {
  // U+2028/2029 are escaped so a line-based reader never splits inside a record; any depth
  // serialises (json-deep.ts); credential values are masked (a provider error echoing a key).
  const json = (stringifyJson(record) ?? "null").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
  return `${maskSecretsInJson(json)}\n`;
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

function listed(numbers: readonly number[]): string {
  const shown = numbers.slice(0, 5).join(", ");
  return numbers.length > 5 ? `${shown}, …` : shown;
}

/** Read and decode a session file; every problem is a value, never an exception. */
export function readSessionFile(path: string): SessionFileRead {
  let fd: number;
  try {
    // Checked before opening: opening a FIFO for reading would wait for a writer.
    const stat = statSync(path);
    if (stat.isDirectory())
      return { ok: false, kind: "not_a_session", message: `Not a session file: ${path} is a directory` };
    if (!stat.isFile())
      return { ok: false, kind: "not_a_session", message: `Not a session file: ${path} is not a regular file` };
    fd = openSync(path, "r");
  } catch (error) {
    return cannotRead(path, error);
  }
  try {
    return readLines(path, fd);
  } catch (error) {
    return cannotRead(path, error);
  } finally {
    closeSync(fd);
  }
}

function cannotRead(path: string, error: unknown): SessionFileRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return { ok: false, kind: "missing", message: `Session file not found: ${path}` };
  return { ok: false, kind: "unreadable", message: `Cannot read session file ${path}: ${(error as Error).message}` };
}

/** The header, the records after it and what was skipped, one line at a time. */
function readLines(path: string, fd: number): SessionFileRead {
  const malformed: number[] = [];
  let tornTail: number | undefined;
  let header: SessionHeader | undefined;
  let rawVersion: unknown;
  let refused: string | undefined;
  const collector = createEntryCollector();
  // An older version's records, decoded once migrated; the others are decoded as they are read.
  let older: JsonObject[] | undefined;
  let lineNumber = 0;
  const end = readFileLines(fd, (line) => {
    lineNumber++;
    const value = line.text === undefined ? undefined : tryParse(line.text);
    if (value === undefined) {
      if (line.blank) return true;
      if (header === undefined) refused = `line ${lineNumber} is not a session header`;
      else if (line.torn) tornTail = line.bytes;
      else malformed.push(lineNumber);
      return refused === undefined;
    }
    if (header === undefined) {
      header = decodeHeader(value);
      if (header === undefined) refused = "no session header";
      rawVersion = isObject(value) ? value["version"] : undefined;
      if (isOlderVersion(rawVersion)) older = [];
    } else if (!isObject(value)) malformed.push(lineNumber);
    else if (older) older.push(value);
    else collector.add(value);
    return refused === undefined;
  });
  if (refused !== undefined)
    return { ok: false, kind: "not_a_session", message: `Not a session file: ${path} (${refused})` };
  if (end.bytes === 0) return { ok: false, kind: "empty", message: `Not a session file: ${path} is empty` };
  if (header === undefined)
    return { ok: false, kind: "not_a_session", message: `Not a session file: ${path} (no session header)` };
  return {
    ok: true,
    file: decodeFile(
      header,
      rawVersion,
      { collector, older },
      { malformed, tornTail, needsNewline: !end.endsWithNewline },
    ),
  };
}

/** Migrate or note the version, decode the entries, and say what was skipped. */
function decodeFile(
  header: SessionHeader,
  rawVersion: unknown,
  decoding: { collector: ReturnType<typeof createEntryCollector>; older: JsonObject[] | undefined },
  read: { malformed: number[]; tornTail: number | undefined; needsNewline: boolean },
): LoadedSessionFile {
  const { collector, older } = decoding;
  const { malformed, tornTail, needsNewline } = read;
  const notes: string[] = [];
  if (malformed.length > 0)
    notes.push(`skipped ${malformed.length} malformed line${malformed.length === 1 ? "" : "s"} (${listed(malformed)})`);
  if (tornTail !== undefined) notes.push(`skipped a torn last line (${tornTail} bytes)`);
  let migratedFrom: number | undefined;
  if (older) {
    migratedFrom = typeof rawVersion === "number" ? rawVersion : 1;
    migrateRecords(header, older);
    for (const record of older) collector.add(record);
  } else if (typeof rawVersion !== "number") {
    // Never guessed at and never rewritten: read as the current version and left as it is.
    notes.push(
      `unknown version ${JSON.stringify(rawVersion)} in the header; ` +
        `read as version ${CURRENT_SESSION_VERSION} and left unchanged`,
    );
    header.version = CURRENT_SESSION_VERSION;
  } else if (rawVersion > CURRENT_SESSION_VERSION) {
    notes.push(`written by a newer version (${rawVersion}); read as version ${CURRENT_SESSION_VERSION}`);
  }
  const { entries, byId, skippedTypes, skippedCount } = collector.finish();
  if (skippedCount > 0) {
    notes.push(
      `skipped ${skippedCount} entr${skippedCount === 1 ? "y" : "ies"} of unknown type or shape ` +
        `(${[...skippedTypes].slice(0, 5).join(", ")})`,
    );
  }
  return { header, entries, byId, needsNewline, migratedFrom, notes };
}

/** Load a session file; undefined when it is missing or not a session. Notes go to `warn`. */
export function loadSessionFile(path: string, warn: Warn): LoadedSessionFile | undefined {
  const read = readSessionFile(path);
  if (!read.ok) {
    if (read.kind !== "missing") warn(read.message);
    return undefined;
  }
  for (const note of read.file.notes) warn(`session ${path}: ${note}`);
  return read.file;
}

/** What the user should hear about a file just loaded: lines skipped, an older version migrated. */
export function loadNotes(absolute: string, loaded: LoadedSessionFile): string[] {
  const notes = [...loaded.notes];
  if (loaded.migratedFrom !== undefined) {
    notes.push(
      `version ${loaded.migratedFrom} read as version ${CURRENT_SESSION_VERSION}; at the first change the file ` +
        `is rewritten and the original kept as ${absolute}.v${loaded.migratedFrom}.bak`,
    );
  }
  return notes;
}
