// Tolerant decoders of the checkpoint commands' response data (docs/protocol-notes.md "Checkpoints"):
// entries without a usable path or id are dropped rather than shown half-formed; numbers default to 0.

import type {
  CheckpointConflict,
  CheckpointDiff,
  CheckpointRestoreResult,
  CheckpointSummary,
  CheckpointWriteResult,
  FileChange,
  LeftOut,
  LeftOutReason,
} from "../types/checkpoints.js";
import { fail, isObject, optStringAt, stringAt, stringsAt, type JsonObject } from "./result.js";

const LEFT_OUT_REASONS: readonly LeftOutReason[] = ["ignored", "too large", "unreadable"];

const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

function dataObject(data: unknown, command: string): JsonObject {
  return isObject(data) ? data : fail(`${command}: data must be an object`);
}

function arrayAt(o: JsonObject, command: string, key: string): unknown[] {
  const value = o[key];
  return Array.isArray(value) ? value : fail(`${command}: "data.${key}" must be an array`);
}

function decodeLeftOut(value: unknown): LeftOut[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((item) => {
    const path = optStringAt(item, "path");
    const reason = LEFT_OUT_REASONS.find((r) => r === item["reason"]) ?? "unreadable";
    return path === undefined || path === "" ? [] : [{ path, reason }];
  });
}

function decodeSummary(item: JsonObject): CheckpointSummary | undefined {
  const id = optStringAt(item, "id");
  if (id === undefined || id === "") return undefined;
  const summary: CheckpointSummary = {
    id,
    turn: count(item["turn"]),
    timestamp: count(item["timestamp"]),
    prompt: stringAt(item, "prompt"),
    files: count(item["files"]),
    added: count(item["added"]),
    removed: count(item["removed"]),
    leftOut: decodeLeftOut(item["leftOut"]),
  };
  const entryId = optStringAt(item, "entryId");
  if (entryId !== undefined) summary.entryId = entryId;
  return summary;
}

function decodeFileChange(item: JsonObject): FileChange | undefined {
  const path = optStringAt(item, "path");
  const status = item["status"];
  if (path === undefined || path === "") return undefined;
  if (status !== "added" && status !== "modified" && status !== "deleted") return undefined;
  const change: FileChange = {
    path,
    status,
    binary: item["binary"] === true,
    beforeBytes: count(item["beforeBytes"]),
    afterBytes: count(item["afterBytes"]),
  };
  for (const key of ["before", "after", "beforeHash", "afterHash"] as const) {
    const value = optStringAt(item, key);
    if (value !== undefined) change[key] = value;
  }
  return change;
}

export function decodeCheckpointList(data: unknown): { checkpoints: CheckpointSummary[] } {
  const o = dataObject(data, "checkpoint_list");
  return {
    checkpoints: arrayAt(o, "checkpoint_list", "checkpoints")
      .filter(isObject)
      .flatMap((item) => decodeSummary(item) ?? []),
  };
}

export function decodeCheckpointDiff(data: unknown): CheckpointDiff {
  const o = dataObject(data, "checkpoint_diff");
  return {
    files: arrayAt(o, "checkpoint_diff", "files")
      .filter(isObject)
      .flatMap((item) => decodeFileChange(item) ?? []),
    leftOut: decodeLeftOut(o["leftOut"]),
  };
}

function decodeConflicts(value: unknown): CheckpointConflict[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((item) => {
    const path = optStringAt(item, "path");
    return path === undefined ? [] : [{ path, reason: stringAt(item, "reason") }];
  });
}

export function decodeCheckpointRestore(data: unknown): CheckpointRestoreResult {
  const o = dataObject(data, "checkpoint_restore");
  return {
    restored: stringsAt(o, "restored") ?? [],
    deleted: stringsAt(o, "deleted") ?? [],
    conflicts: decodeConflicts(o["conflicts"]),
    bytesWritten: count(o["bytesWritten"]),
  };
}

export function decodeCheckpointWrite(data: unknown): CheckpointWriteResult {
  const o = dataObject(data, "checkpoint_write");
  return { path: stringAt(o, "path"), hash: stringAt(o, "hash"), bytesWritten: count(o["bytesWritten"]) };
}
