// Tolerant decoders for result objects shared by events and responses (docs/protocol.md §5.10).

import type { CompactionResult } from "../types/results.js";
import { decodeUsage } from "./messages.js";
import { fail, isObject } from "./result.js";

/** `undefined` / `null` → undefined (older docs send null for a failed compaction). */
export function decodeCompactionResult(value: unknown, where: string): CompactionResult | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return fail(`${where} must be an object`);
  const result: CompactionResult = {
    summary: typeof value["summary"] === "string" ? value["summary"] : "",
    firstKeptEntryId: typeof value["firstKeptEntryId"] === "string" ? value["firstKeptEntryId"] : "",
    tokensBefore: typeof value["tokensBefore"] === "number" ? value["tokensBefore"] : 0,
  };
  if (typeof value["estimatedTokensAfter"] === "number") result.estimatedTokensAfter = value["estimatedTokensAfter"];
  if (value["usage"] !== undefined && value["usage"] !== null) result.usage = decodeUsage(value["usage"]);
  if (value["details"] !== undefined) result.details = value["details"];
  return result;
}
