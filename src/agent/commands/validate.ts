// Field checks for incoming commands: a missing or mistyped field gives an error naming it,
// so a client bug is visible instead of surfacing as "undefined" deep in a handler.
// Images are normalised here (legacy `source` objects accepted, URL sources rejected, §5.1).

import type { CommandOf, RpcCommandType } from "../../protocol/index.js";
import { isThinkingLevel } from "../providers/thinking.js";

type Kind = "string" | "boolean" | "array" | "images";
interface Field {
  name: string;
  kind: Kind | readonly string[];
  optional?: boolean;
}

const text = (name: string, optional = false): Field => ({ name, kind: "string", optional });
const images: Field = { name: "images", kind: "images", optional: true };
const QUEUE_MODES = ["all", "one-at-a-time"] as const;

const SPECS: Partial<Record<RpcCommandType, Field[]>> = {
  prompt: [text("message"), images, { name: "streamingBehavior", kind: ["steer", "followUp"], optional: true }],
  steer: [text("message"), images],
  follow_up: [text("message"), images],
  abort_and_prompt: [text("message"), images],
  clear_queue: [{ name: "lane", kind: ["steering", "followUp"], optional: true }],
  set_todos: [{ name: "phases", kind: "array" }],
  set_host_tools: [{ name: "tools", kind: "array" }],
  set_model: [text("provider"), text("modelId")],
  set_thinking_level: [text("level")],
  set_steering_mode: [{ name: "mode", kind: QUEUE_MODES }],
  set_follow_up_mode: [{ name: "mode", kind: QUEUE_MODES }],
  set_interrupt_mode: [{ name: "mode", kind: ["wait", "immediate"] }],
  compact: [text("customInstructions", true)],
  set_auto_compaction: [{ name: "enabled", kind: "boolean" }],
  set_auto_retry: [{ name: "enabled", kind: "boolean" }],
  bash: [text("command"), { name: "excludeFromContext", kind: "boolean", optional: true }],
  new_session: [text("parentSession", true)],
  switch_session: [text("sessionPath")],
  fork: [text("entryId")],
  branch: [text("entryId")],
  get_entries: [text("since", true)],
  set_session_name: [text("name")],
  export_html: [text("outputPath", true)],
};

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : typeof value;
}

/** Normalise one image; throws with a message naming the problem. */
function normaliseImage(value: unknown, index: number): { type: "image"; data: string; mimeType: string } {
  const where = `images[${index}]`;
  if (typeof value !== "object" || value === null) throw new Error(`Invalid ${where}: expected an image object`);
  const image = value as Record<string, unknown>;
  if (typeof image["data"] === "string" && typeof image["mimeType"] === "string") {
    return { type: "image", data: image["data"], mimeType: image["mimeType"] };
  }
  const source = image["source"];
  if (typeof source === "object" && source !== null) {
    const src = source as Record<string, unknown>;
    if (src["type"] === "url") throw new Error("URL image sources are not supported");
    if (typeof src["data"] === "string" && typeof src["mediaType"] === "string") {
      return { type: "image", data: src["data"], mimeType: src["mediaType"] };
    }
  }
  throw new Error(`Invalid ${where}: expected { type: "image", data, mimeType }`);
}

/**
 * Check `raw` (already known to have a known `type`) and return it typed, with images
 * normalised. Throws an Error whose message names the offending field.
 */
export function validateCommand<K extends RpcCommandType>(type: K, raw: Record<string, unknown>): CommandOf<K> {
  const out: Record<string, unknown> = { ...raw };
  if (raw["id"] !== undefined && typeof raw["id"] !== "string") throw new Error(`Invalid ${type} command: "id" must be a string, got ${describe(raw["id"])}`);
  for (const field of SPECS[type] ?? []) {
    const value = raw[field.name];
    if (value === undefined || value === null) {
      if (field.optional) continue;
      throw new Error(`Invalid ${type} command: missing required field "${field.name}"`);
    }
    const kind = field.kind;
    if (typeof kind !== "string") {
      if (typeof value !== "string" || !kind.includes(value)) {
        // §3.11: invalid mode/enabled values read "Invalid <field>: <value>".
        throw new Error(`Invalid ${field.name}: ${typeof value === "string" ? value : describe(value)} (expected ${kind.map((k) => `"${k}"`).join(" or ")})`);
      }
      continue;
    }
    switch (kind) {
      case "string":
        if (typeof value !== "string") throw new Error(`Invalid ${type} command: "${field.name}" must be a string, got ${describe(value)}`);
        break;
      case "boolean":
        if (typeof value !== "boolean") throw new Error(`Invalid ${field.name}: ${describe(value)} (expected true or false)`);
        break;
      case "array":
        if (!Array.isArray(value)) throw new Error(`Invalid ${type} command: "${field.name}" must be an array, got ${describe(value)}`);
        break;
      case "images":
        if (!Array.isArray(value)) throw new Error(`Invalid ${type} command: "images" must be an array, got ${describe(value)}`);
        out["images"] = value.map(normaliseImage);
        break;
      default: {
        const never: never = kind;
        throw new Error(`unhandled field kind ${String(never)}`);
      }
    }
  }
  if (type === "set_thinking_level" && raw["level"] !== "max" && !isThinkingLevel(raw["level"])) throw new Error(`Invalid thinking level: ${String(raw["level"])}`);
  return out as unknown as CommandOf<K>;
}
