// Tolerant decoder for session entries (PROTOCOL.md §10.2) as carried by entry_appended,
// get_entries and get_tree: unknown entry types are reported as undefined, not as errors.

import type { SessionEntry, SessionEntryBase, SessionTreeNode } from "../types/session-file.js";
import { decodeAgentMessage } from "./messages.js";
import { fail, isObject, type JsonObject } from "./result.js";

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const optStr = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

function withOptional<T extends object>(base: T, extra: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) Object.assign(base, { [key]: value });
  }
  return base;
}

/** Decode one entry; `undefined` for an entry type this client does not know (skip it, §10.2). */
export function decodeSessionEntry(value: unknown, where: string): SessionEntry | undefined {
  if (!isObject(value) || typeof value["type"] !== "string" || typeof value["id"] !== "string") {
    return fail(`${where} must be a session entry with string "type" and "id"`);
  }
  const e: JsonObject = value;
  const base: SessionEntryBase = {
    id: str(e["id"]),
    parentId: typeof e["parentId"] === "string" ? e["parentId"] : null,
    timestamp: str(e["timestamp"]),
  };
  switch (e["type"]) {
    case "message":
      return { ...base, type: "message", message: decodeAgentMessage(e["message"], `${where}.message`) };
    case "thinking_level_change":
      return { ...base, type: "thinking_level_change", thinkingLevel: str(e["thinkingLevel"]) };
    case "model_change":
      return { ...base, type: "model_change", provider: str(e["provider"]), modelId: str(e["modelId"]) };
    case "compaction":
      return withOptional(
        {
          ...base,
          type: "compaction" as const,
          summary: str(e["summary"]),
          firstKeptEntryId: str(e["firstKeptEntryId"]),
          tokensBefore: typeof e["tokensBefore"] === "number" ? e["tokensBefore"] : 0,
        },
        { details: e["details"], fromHook: typeof e["fromHook"] === "boolean" ? e["fromHook"] : undefined },
      );
    case "branch_summary":
      return withOptional(
        { ...base, type: "branch_summary" as const, fromId: str(e["fromId"]), summary: str(e["summary"]) },
        { details: e["details"], fromHook: typeof e["fromHook"] === "boolean" ? e["fromHook"] : undefined },
      );
    case "custom":
      return withOptional({ ...base, type: "custom" as const, customType: str(e["customType"]) }, { data: e["data"] });
    case "custom_message": {
      const message = decodeAgentMessage({ ...e, role: "custom" }, `${where}`);
      const content = message.role === "custom" ? message.content : "";
      return withOptional(
        { ...base, type: "custom_message" as const, customType: str(e["customType"]), content, display: e["display"] !== false },
        { details: e["details"] },
      );
    }
    case "label":
      return withOptional({ ...base, type: "label" as const, targetId: str(e["targetId"]) }, { label: optStr(e["label"]) });
    case "session_info":
      return withOptional({ ...base, type: "session_info" as const }, { name: optStr(e["name"]) });
    default:
      return undefined;
  }
}

/** Decode get_tree nodes, dropping nodes whose entry type is unknown (their children are kept). */
export function decodeSessionTree(value: unknown, where: string): SessionTreeNode[] {
  if (!Array.isArray(value)) return fail(`${where} must be an array`);
  const out: SessionTreeNode[] = [];
  for (const [index, node] of (value as unknown[]).entries()) {
    const path = `${where}[${index}]`;
    if (!isObject(node)) return fail(`${path} must be an object`);
    const children = node["children"] === undefined ? [] : decodeSessionTree(node["children"], `${path}.children`);
    const entry = decodeSessionEntry(node["entry"], `${path}.entry`);
    if (entry === undefined) {
      out.push(...children);
      continue;
    }
    out.push(withOptional({ entry, children }, { label: optStr(node["label"]), labelTimestamp: optStr(node["labelTimestamp"]) }));
  }
  return out;
}
