// The store's record of states, `<store>/log.jsonl`, appended to only. Each line is the change
// from the state before it (a path's new [hash, size, mode], or null when it is gone), so a
// checkpoint of a large tree costs one full line once and a few paths after that:
//   {"kind":"start", id, turn, timestamp, prompt, entryId?, changes, leftOut}  a turn began
//   {"kind":"end", id, timestamp, changes, leftOut}                           that turn ended
//   {"kind":"sync", timestamp, changes}        files the worker itself wrote (restore, write)
// The last state is "what the worker last recorded": a file that differs from it was changed by
// someone else (a restore conflict). A torn last line (a crash mid-append) is skipped; any other
// damage makes the store unreadable, said by a CheckpointError, never guessed around.

import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { isObject } from "../../protocol/decode/result.js";
import { PRIVATE_FILE_MODE, writeFully } from "../../protocol/private-files.js";
import type { LeftOut } from "../../protocol/types/checkpoints.js";
import { CheckpointError, errorCode, messageOf } from "./store-errors.js";
import type { FileState, TreeState } from "./tree-state.js";

type Change = [hash: string, size: number, mode: number] | null;

export interface StartRecord {
  kind: "start";
  id: string;
  turn: number;
  timestamp: number;
  prompt: string;
  entryId?: string;
  changes: Record<string, Change>;
  leftOut: LeftOut[];
}
export interface EndRecord {
  kind: "end";
  id: string;
  timestamp: number;
  changes: Record<string, Change>;
  leftOut: LeftOut[];
}
export interface SyncRecord {
  kind: "sync";
  timestamp: number;
  changes: Record<string, Change>;
}
export type LogRecord = StartRecord | EndRecord | SyncRecord;

/** The changes that turn state `from` into state `to`. */
export function changesBetween(from: TreeState, to: TreeState): Record<string, Change> {
  const changes: Record<string, Change> = {};
  for (const [path, state] of to) {
    const before = from.get(path);
    if (before?.hash !== state.hash || before.mode !== state.mode) changes[path] = [state.hash, state.size, state.mode];
  }
  for (const path of from.keys()) if (!to.has(path)) changes[path] = null;
  return changes;
}

export function applyChanges(state: Map<string, FileState>, changes: Record<string, Change>): void {
  for (const [path, change] of Object.entries(changes)) {
    if (change === null) state.delete(path);
    else state.set(path, { hash: change[0], size: change[1], mode: change[2] });
  }
}

function isChange(value: unknown): value is Change {
  if (value === null) return true;
  return Array.isArray(value) && value.length === 3 && typeof value[0] === "string" && /^[0-9a-f]{64}$/.test(value[0]);
}

function isRecord(value: unknown): value is LogRecord {
  if (!isObject(value) || !isObject(value["changes"]) || typeof value["timestamp"] !== "number") return false;
  if (!Object.values(value["changes"]).every(isChange)) return false;
  if (value["kind"] === "sync") return true;
  if (typeof value["id"] !== "string" || !Array.isArray(value["leftOut"])) return false;
  return value["kind"] === "end" || (value["kind"] === "start" && typeof value["turn"] === "number");
}

export interface LoadedLog {
  records: LogRecord[];
  /** The file's size as read: an append checks it, so a log changed by someone else is noticed. */
  bytes: number;
  /** The last line was torn: the next append ends it first. */
  torn: boolean;
}

/** Reads the log; a missing file is an empty log. */
export function readLog(file: string): LoadedLog {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return { records: [], bytes: 0, torn: false };
    throw new CheckpointError(`Cannot read the checkpoint log ${file}: ${messageOf(error)}`);
  }
  const lines = text.split("\n");
  const records: LogRecord[] = [];
  for (const [i, line] of lines.entries()) {
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      void error;
      value = undefined;
    }
    if (isRecord(value)) {
      records.push(value);
      continue;
    }
    // Only an unterminated last line can be a torn append: dropped, and ended by the next append.
    if (i === lines.length - 1) return { records, bytes: Buffer.byteLength(text), torn: true };
    throw new CheckpointError(`The checkpoint log ${file} is damaged at line ${i + 1}`);
  }
  return { records, bytes: Buffer.byteLength(text), torn: text.length > 0 && !text.endsWith("\n") };
}

/** Appends one record; fails if the file is not the size this process last saw (changed or deleted). */
export function appendRecord(file: string, log: Omit<LoadedLog, "records">, record: LogRecord): LoadedLog["bytes"] {
  const fd = openSync(file, "a", PRIVATE_FILE_MODE);
  try {
    const size = fstatSync(fd).size;
    if (size !== log.bytes)
      throw new CheckpointError(`The checkpoint log ${file} was changed or deleted by another program`);
    // A torn line left by a crash is ended first, so this record starts a line of its own.
    const line = `${log.torn ? "\n" : ""}${JSON.stringify(record)}\n`;
    const bytes = Buffer.from(line, "utf8");
    writeFully(fd, bytes);
    return size + bytes.length;
  } finally {
    closeSync(fd);
  }
}
