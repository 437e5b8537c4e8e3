// Structural guards for the hot frames (message_update, message and turn ends, agent_end, tool
// updates): they check only what routing needs, so a stream parses at about the speed of
// JSON.parse, and a frame that passes is its typed event without a cast. The payloads are read
// tolerantly where they are used (client-events.ts); anything unusual takes the full decoder.
import { isRecord } from "./client-values.js";
import type { AgentEndEvent, MessageEndEvent, MessageStartEvent, MessageUpdateEvent } from "./wire-types.js";
import type { ToolExecutionUpdateEvent, TurnEndEvent } from "./wire-types.js";

/** Roles whose messages are large and come straight from pi-ai in every flavour. */
const FAST_ROLES = new Set<unknown>(["assistant", "toolResult"]);
function fastMessage(value: unknown): boolean {
  return isRecord(value) && FAST_ROLES.has(value["role"]) && Array.isArray(value["content"]);
}

/** A text block, or an image block with its data inline. */
function canonicalBlock(b: unknown): boolean {
  if (!isRecord(b)) return false;
  return b["type"] === "text" || (b["type"] === "image" && typeof b["data"] === "string");
}

/** A user message already in canonical form (text blocks or `{data, mimeType}` images). */
function canonicalUser(value: unknown): boolean {
  if (!isRecord(value) || value["role"] !== "user") return false;
  const content = value["content"];
  if (typeof content === "string") return true;
  return Array.isArray(content) && content.every(canonicalBlock);
}

const bulkMessage = (value: unknown): boolean => fastMessage(value) || canonicalUser(value);

/** message_update with a string sub-event type (the only field routing reads). */
export function isMessageUpdateFrame(obj: unknown): obj is MessageUpdateEvent {
  if (!isRecord(obj) || obj["type"] !== "message_update") return false;
  const sub = obj["assistantMessageEvent"];
  return isRecord(sub) && typeof sub["type"] === "string";
}

/** message_start / message_end of an assistant, tool-result or canonical user message. */
export function isBulkMessageFrame(obj: unknown): obj is MessageStartEvent | MessageEndEvent {
  if (!isRecord(obj)) return false;
  return (obj["type"] === "message_start" || obj["type"] === "message_end") && bulkMessage(obj["message"]);
}

/** agent_end whose messages are all of the bulk kinds. */
export function isBulkAgentEndFrame(obj: unknown): obj is AgentEndEvent {
  if (!isRecord(obj) || obj["type"] !== "agent_end") return false;
  const messages = obj["messages"];
  return Array.isArray(messages) && messages.every(bulkMessage);
}

/** turn_end of an assistant message and its tool results. */
export function isBulkTurnEndFrame(obj: unknown): obj is TurnEndEvent {
  if (!isRecord(obj) || obj["type"] !== "turn_end") return false;
  const results = obj["toolResults"];
  return fastMessage(obj["message"]) && Array.isArray(results) && results.every(fastMessage);
}

/** tool_execution_update with its ids and a cumulative result holding a content array. */
export function isBulkToolUpdateFrame(obj: unknown): obj is ToolExecutionUpdateEvent {
  if (!isRecord(obj) || obj["type"] !== "tool_execution_update") return false;
  const partial = obj["partialResult"];
  if (typeof obj["toolCallId"] !== "string" || typeof obj["toolName"] !== "string") return false;
  return isRecord(partial) && Array.isArray(partial["content"]);
}
