// Tolerant decoder for session entries (docs/protocol.md §10.2) as carried by entry_appended,
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

/** Decode one entry; `undefined` for an entry type this client does not know (skip it, docs/protocol.md §10.2). */
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
        {
          ...base,
          type: "custom_message" as const,
          customType: str(e["customType"]),
          content,
          display: e["display"] !== false,
        },
        { details: e["details"] },
      );
    }
    case "label":
      return withOptional(
        { ...base, type: "label" as const, targetId: str(e["targetId"]) },
        { label: optStr(e["label"]) },
      );
    case "session_info":
      return withOptional({ ...base, type: "session_info" as const }, { name: optStr(e["name"]) });
    default:
      return undefined;
  }
}

/**
 * Decode get_tree nodes, dropping nodes whose entry type is unknown (their children take their
 * place). Walked with an explicit stack: a linear session nests one level per entry.
 */
export function decodeSessionTree(value: unknown, where: string): SessionTreeNode[] {
  const roots: SessionTreeNode[] = [];
  type Cursor = { list: unknown; index: number; out: SessionTreeNode[]; where: string };
  const stack: Cursor[] = [{ list: value, index: 0, out: roots, where }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Cursor;
    if (!Array.isArray(top.list)) return fail(`${top.where} must be an array`);
    if (top.index >= top.list.length) {
      stack.pop();
      continue;
    }
    const index = top.index++;
    const node: unknown = top.list[index];
    const path = `${top.where}[${index}]`;
    if (!isObject(node)) return fail(`${path} must be an object`);
    const entry = decodeSessionEntry(node["entry"], `${path}.entry`);
    // A dropped node's children are decoded straight into its own list, before its next sibling.
    const into: SessionTreeNode[] = entry === undefined ? top.out : [];
    if (entry !== undefined)
      top.out.push(
        withOptional(
          { entry, children: into },
          { label: optStr(node["label"]), labelTimestamp: optStr(node["labelTimestamp"]) },
        ),
      );
    if (node["children"] !== undefined)
      stack.push({ list: node["children"], index: 0, out: into, where: `${path}.children` });
  }
  return roots;
}
