// docs/protocol.md Appendix B normalisation on top of the protocol decoders: legacy auto_compaction_* become
// compaction_* (reason carried from the start event), legacy message_update `start` is dropped,
// and response data is decoded per command (queuedMessageCount, sourceInfo, hookMessage, ...).
import { decodeResponseData, isCommandType, TODO_STATUSES, type DecodeResult } from "../protocol/index.js";
import type { AgentEvent, CompactionReason, TodoTask } from "./wire-types.js";

export interface NormaliserState {
  /** Reason of the last legacy auto_compaction_start (its end event carries none). */
  compactionReason: CompactionReason | undefined;
}

export type NormalisedEvent = { kind: "event"; event: AgentEvent } | { kind: "ignored"; type: string } | { kind: "invalid"; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Hot path: message_update is most of a stream and carries a cumulative snapshot in pi 0.73;
 * only the sub-event discriminant is checked so parsing stays within 1.5× of bare JSON.parse.
 */
export function fastMessageUpdate(obj: Record<string, unknown>): NormalisedEvent {
  const sub = obj["assistantMessageEvent"];
  if (!isObject(sub) || typeof sub["type"] !== "string") return { kind: "invalid", message: 'message_update without "assistantMessageEvent.type"' };
  // Legacy `start` carries nothing message_start does not (docs/protocol.md Appendix B).
  if (sub["type"] === "start") return { kind: "ignored", type: "message_update:start" };
  return { kind: "event", event: obj as unknown as AgentEvent };
}

/** Roles whose messages are large and come straight from pi-ai in every flavour. */
const FAST_ROLES = new Set(["assistant", "toolResult"]);
const fastMessage = (value: unknown): boolean => isObject(value) && FAST_ROLES.has(value["role"] as string) && Array.isArray(value["content"]);
/** A user message already in canonical form (text blocks or `{data, mimeType}` images). */
const canonicalUser = (value: unknown): boolean => {
  if (!isObject(value) || value["role"] !== "user") return false;
  const content = value["content"];
  if (typeof content === "string") return true;
  return (
    Array.isArray(content) && content.every((b: unknown) => isObject(b) && (b["type"] === "text" || (b["type"] === "image" && typeof b["data"] === "string")))
  );
};

/**
 * The other high-volume frames (assistant/tool-result message events, turn_end, cumulative
 * tool_execution_update): cheap structural checks only. Anything unusual (user or custom
 * messages, unknown roles, legacy shapes) returns undefined and takes the full decoder.
 */
export function fastBulkEvent(type: string, obj: Record<string, unknown>): AgentEvent | undefined {
  switch (type) {
    case "message_start":
    case "message_end":
      return fastMessage(obj["message"]) || canonicalUser(obj["message"]) ? (obj as unknown as AgentEvent) : undefined;
    case "agent_end": {
      const messages = obj["messages"];
      return Array.isArray(messages) && messages.every((m) => fastMessage(m) || canonicalUser(m)) ? (obj as unknown as AgentEvent) : undefined;
    }
    case "turn_end":
      return fastMessage(obj["message"]) && Array.isArray(obj["toolResults"]) && obj["toolResults"].every(fastMessage)
        ? (obj as unknown as AgentEvent)
        : undefined;
    case "tool_execution_update": {
      const partial = obj["partialResult"];
      return typeof obj["toolCallId"] === "string" && typeof obj["toolName"] === "string" && isObject(partial) && Array.isArray(partial["content"])
        ? (obj as unknown as AgentEvent)
        : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Raw-field renames needed before the protocol decoder sees a frame (mutates `obj`). oh-my-pi
 * 18 names thinking_level_changed's field `thinkingLevel` (traces omp-18.2.3); without this the
 * event failed to decode and counted as a protocol error.
 */
export function renameLegacyFields(type: string, obj: Record<string, unknown>): void {
  if (type === "thinking_level_changed" && obj["level"] === undefined && typeof obj["thinkingLevel"] === "string") {
    obj["level"] = obj["thinkingLevel"];
  }
}

/** docs/protocol.md Appendix B: flat oh-my-pi todo items (no ids, `blocked`/unknown status) → TodoTask with index ids. */
function canonicalTodos(todos: readonly { id?: string; content: string; status: string }[]): TodoTask[] {
  return todos.map((t, i) => ({
    id: t.id ?? `task-${i + 1}`,
    content: t.content,
    status: TODO_STATUSES.find((s) => s === t.status) ?? "pending",
  }));
}

/** Legacy compaction events → canonical ones; legacy todo items → tasks; everything else passes unchanged. */
export function normaliseDecodedEvent(event: AgentEvent, state: NormaliserState): AgentEvent {
  switch (event.type) {
    case "auto_compaction_start": {
      const reason: CompactionReason = event.reason === "overflow" ? "overflow" : "threshold";
      state.compactionReason = reason;
      return { type: "compaction_start", reason };
    }
    case "auto_compaction_end": {
      const reason = state.compactionReason ?? "threshold";
      state.compactionReason = undefined;
      return {
        type: "compaction_end",
        reason,
        aborted: event.aborted,
        willRetry: event.willRetry,
        ...(event.result ? { result: event.result } : {}),
        ...(event.errorMessage !== undefined ? { errorMessage: event.errorMessage } : {}),
      };
    }
    case "todo_reminder":
      return { ...event, todos: canonicalTodos(event.todos) };
    default:
      return event;
  }
}

/** Typed, tolerant decoding of a success response's data; unknown commands pass through. */
export function decodeData(command: string, data: unknown): DecodeResult<unknown> {
  if (!isCommandType(command)) return { ok: true, value: data };
  return decodeResponseData(command, data);
}
