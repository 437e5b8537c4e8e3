// Decoding of session-file lines (unknown JSON → typed header/entries) and migration of
// version 1/2 files to version 3, as pi does on load (docs/protocol.md §10.2 "Versions").
import { isObject } from "../../protocol/decode/result.js";
import type { SessionEntry, SessionHeader } from "./types.js";
import { CURRENT_SESSION_VERSION } from "./types.js";
import { createEntryId } from "./ids.js";

type JsonObject = Record<string, unknown>;

export function decodeHeader(value: unknown): SessionHeader | undefined {
  if (!isObject(value) || value.type !== "session" || typeof value.id !== "string") return undefined;
  const header: SessionHeader = {
    type: "session",
    id: value.id,
    timestamp: typeof value.timestamp === "string" ? value.timestamp : new Date(0).toISOString(),
    cwd: typeof value.cwd === "string" ? value.cwd : "",
  };
  if (typeof value.version === "number") header.version = value.version;
  if (typeof value.parentSession === "string") header.parentSession = value.parentSession;
  return header;
}

const ENTRY_TYPES = new Set([
  "message",
  "thinking_level_change",
  "model_change",
  "compaction",
  "branch_summary",
  "custom",
  "custom_message",
  "label",
  "session_info",
]);

/** Required fields per entry type; anything else is carried through unchanged. */
function hasRequiredFields(v: JsonObject): boolean {
  switch (v.type) {
    case "message":
      return isObject(v.message) && typeof v.message.role === "string";
    case "thinking_level_change":
      return typeof v.thinkingLevel === "string";
    case "model_change":
      return typeof v.provider === "string" && typeof v.modelId === "string";
    case "compaction":
      return typeof v.summary === "string" && typeof v.tokensBefore === "number";
    case "branch_summary":
      return typeof v.summary === "string";
    case "custom":
      return typeof v.customType === "string";
    case "custom_message":
      return typeof v.customType === "string" && (typeof v.content === "string" || Array.isArray(v.content));
    case "label":
      return typeof v.targetId === "string";
    case "session_info":
      return true;
    default:
      return false;
  }
}

/** Decode one (already migrated) entry; undefined for unknown types or missing fields. */
export function decodeEntry(value: unknown): SessionEntry | undefined {
  if (!isObject(value) || typeof value.type !== "string" || !ENTRY_TYPES.has(value.type)) return undefined;
  if (typeof value.id !== "string") return undefined;
  if (value.parentId !== null && typeof value.parentId !== "string") return undefined;
  if (typeof value.timestamp !== "string") return undefined;
  if (!hasRequiredFields(value)) return undefined;
  if (value.type === "message" && isObject(value.message) && value.message.role === "assistant")
    fillUsage(value.message);
  // The shape was checked field by field above; the rest of the record is opaque data.
  return value as unknown as SessionEntry;
}

const USAGE_FIELDS = ["input", "output", "cacheRead", "cacheWrite", "totalTokens"] as const;
const COST_FIELDS = ["input", "output", "cacheRead", "cacheWrite", "total"] as const;

/**
 * An answer written by another tool (or by hand) may lack usage, or part of it; every count of
 * tokens and cost reads it, so a missing figure is 0 in memory (the file is not rewritten).
 */
function fillUsage(message: JsonObject): void {
  const usage = isObject(message.usage) ? message.usage : {};
  const cost = isObject(usage.cost) ? usage.cost : {};
  for (const key of USAGE_FIELDS) if (!isCount(usage[key])) usage[key] = 0;
  for (const key of COST_FIELDS) if (!isCount(cost[key])) cost[key] = 0;
  usage.cost = cost;
  message.usage = usage;
}

function isCount(value: unknown): boolean {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * Bring raw records of an older file to version 3 in place. Returns true when anything changed
 * (the caller then rewrites the file, as pi does).
 */
export function migrateRecords(header: SessionHeader, records: JsonObject[]): boolean {
  const version = header.version ?? 1;
  if (version >= CURRENT_SESSION_VERSION) return false;
  if (version < 2) {
    const ids = new Set<string>();
    let previous: string | null = null;
    for (const record of records) {
      const id = createEntryId(ids);
      ids.add(id);
      record.id = id;
      record.parentId = previous;
      previous = id;
      if (record.type === "compaction" && typeof record.firstKeptEntryIndex === "number") {
        // v1 indexes count the header as index 0.
        const target = records[record.firstKeptEntryIndex - 1];
        if (target && typeof target.id === "string") record.firstKeptEntryId = target.id;
        delete record.firstKeptEntryIndex;
      }
    }
  }
  for (const record of records) {
    if (record.type === "message" && isObject(record.message) && record.message.role === "hookMessage") {
      record.message.role = "custom";
    }
  }
  header.version = CURRENT_SESSION_VERSION;
  return true;
}

/** A header version whose records migrateRecords must bring to version 3 before they are decoded. */
export function isOlderVersion(rawVersion: unknown): boolean {
  return rawVersion === undefined || (typeof rawVersion === "number" && rawVersion < CURRENT_SESSION_VERSION);
}

export type DecodedEntries = {
  entries: SessionEntry[];
  byId: Map<string, SessionEntry>;
  skippedTypes: Set<string>;
  skippedCount: number;
};

/**
 * Decodes records one at a time, in file order (so a record is decoded right after it is
 * parsed, while it is still in the cache: a second pass over 10,000 records took 10-28 ms). A
 * skipped one (unknown type, missing fields, duplicate id) is spliced out of the parent chain by
 * `finish`, so the entries after it still hang on the branch they belong to.
 */
export function createEntryCollector(): { add(record: JsonObject): void; finish(): DecodedEntries } {
  const entries: SessionEntry[] = [];
  const byId = new Map<string, SessionEntry>();
  const skippedParent = new Map<string, string | null>();
  const skippedTypes = new Set<string>();
  let skippedCount = 0;
  const add = (record: JsonObject): void => {
    const entry = decodeEntry(record);
    if (entry && !byId.has(entry.id)) {
      byId.set(entry.id, entry);
      entries.push(entry);
      return;
    }
    skippedCount++;
    skippedTypes.add(typeof record["type"] === "string" ? record["type"] : "no type");
    const id = record["id"];
    const parent = record["parentId"];
    if (typeof id === "string" && !byId.has(id)) skippedParent.set(id, typeof parent === "string" ? parent : null);
  };
  const finish = (): DecodedEntries => {
    if (skippedParent.size === 0) return { entries, byId, skippedTypes, skippedCount };
    const repaired = entries.map((entry) => {
      let parent = entry.parentId;
      const seen = new Set<string>();
      while (parent !== null && skippedParent.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        parent = skippedParent.get(parent) ?? null;
      }
      return parent === entry.parentId ? entry : { ...entry, parentId: parent };
    });
    for (const entry of repaired) byId.set(entry.id, entry);
    return { entries: repaired, byId, skippedTypes, skippedCount };
  };
  return { add, finish };
}

export { isObject };
export type { JsonObject };
