// Tolerant decoder for worker events (docs/protocol.md §4): known types are checked for the fields
// a client needs, optional ones may be missing and extra ones are ignored. Returns undefined
// for what this client does not know (an unknown type or message_update sub-event).

import { TODO_STATUSES } from "../constants.js";
import type {
  AgentEvent,
  AgentEventType,
  CompactionReason,
  MessageUpdateEvent,
  TtsrRule,
  WireAssistantMessageEvent,
} from "../types/events.js";
import type { TodoTask, LegacyTodoItem } from "../types/todos.js";
import {
  decodeAgentMessage,
  decodeAgentToolResult,
  decodeAssistantMessage,
  decodeToolCall,
  decodeToolResultMessageValue,
  decodeUsage,
} from "./messages.js";
import {
  fail,
  fieldReader,
  isObject,
  optStringAt,
  stringAt,
  stringsAt,
  type FieldReader,
  type JsonObject,
} from "./result.js";
import { decodeSessionEntry } from "./session-entry.js";
import { decodeCompactionResult } from "./results.js";

/**
 * `contentIndex` given to a sub-event that arrived without one (older xcsh examples): the client
 * MUST then use the last started block (docs/protocol.md §4.2). Only decoders produce it; [ours] always sends one.
 */
export const CONTENT_INDEX_LAST_STARTED = -1;

const COMPACTION_REASONS: readonly CompactionReason[] = ["manual", "threshold", "overflow"];

const argsOf = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

function optional<T extends object>(event: T, extra: Record<string, unknown>): T {
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) Object.assign(event, { [key]: value });
  return event;
}

/** The fields every tool_execution_* event shares: ids first, then the event's own. */
function toolExecutionEvent<K extends string, T extends object>(type: K, r: FieldReader, own: T) {
  return optional(
    { type, toolCallId: r.string("toolCallId"), toolName: r.string("toolName"), ...own },
    { parentToolCallId: r.optString("parentToolCallId") },
  );
}

function decodeSubEvent(e: JsonObject): WireAssistantMessageEvent | undefined {
  const r = fieldReader(e, "message_update", "assistantMessageEvent.");
  const contentIndex = typeof e["contentIndex"] === "number" ? e["contentIndex"] : CONTENT_INDEX_LAST_STARTED;
  const text = (key: string): string => stringAt(e, key);
  // `partial` (legacy snapshot, same as the top-level `message`) is dropped on purpose.
  switch (e["type"]) {
    case "text_start":
    case "thinking_start":
      return { type: e["type"], contentIndex };
    case "text_delta":
    case "thinking_delta":
    case "toolcall_delta":
      return { type: e["type"], contentIndex, delta: text("delta") };
    case "text_end":
    case "thinking_end":
      return { type: e["type"], contentIndex, content: text("content") };
    case "toolcall_start":
      return optional(
        { type: "toolcall_start" as const, contentIndex },
        { id: r.optString("id"), toolName: r.optString("toolName") },
      );
    case "toolcall_end":
      return { type: "toolcall_end", contentIndex, toolCall: decodeToolCall(r.object("toolCall")) };
    case "start":
      return {
        type: "start",
        partial: decodeAssistantMessage(e["partial"], 'message_update: "assistantMessageEvent.partial"'),
      };
    case "done":
      return {
        type: "done",
        reason: r.oneOf("reason", ["stop", "length", "toolUse"] as const),
        message: decodeAssistantMessage(e["message"], 'message_update: "assistantMessageEvent.message"'),
      };
    case "error":
      return {
        type: "error",
        reason: r.oneOf("reason", ["aborted", "error"] as const),
        error: decodeAssistantMessage(e["error"], 'message_update: "assistantMessageEvent.error"'),
      };
    default:
      return undefined;
  }
}

function decodeMessageUpdate(o: JsonObject, r: FieldReader): MessageUpdateEvent | undefined {
  const sub = r.object("assistantMessageEvent");
  if (typeof sub["type"] !== "string") return fail('message_update: "assistantMessageEvent.type" must be a string');
  const assistantMessageEvent = decodeSubEvent(sub);
  if (assistantMessageEvent === undefined) return undefined;
  const usage = o["usage"] === undefined || o["usage"] === null ? undefined : decodeUsage(o["usage"]);
  if (o["message"] !== undefined && o["message"] !== null) {
    const message = decodeAssistantMessage(o["message"], 'message_update: "message"');
    return optional({ type: "message_update" as const, assistantMessageEvent, message }, { usage });
  }
  return optional({ type: "message_update" as const, assistantMessageEvent }, { usage });
}

function decodeTodoItem(item: unknown, index: number): TodoTask | LegacyTodoItem {
  if (!isObject(item)) return fail(`todo_reminder: "todos[${index}]" must be an object`);
  const content = typeof item["content"] === "string" ? item["content"] : "";
  const status = TODO_STATUSES.find((s) => s === item["status"]);
  if (typeof item["id"] === "string" && status !== undefined && item["activeForm"] === undefined) {
    return optional(
      { id: item["id"], content, status },
      { notes: optStringAt(item, "notes"), details: optStringAt(item, "details") },
    );
  }
  return optional(
    { content, status: typeof item["status"] === "string" ? item["status"] : "pending" },
    {
      id: typeof item["id"] === "string" ? item["id"] : undefined,
      activeForm: typeof item["activeForm"] === "string" ? item["activeForm"] : undefined,
    },
  );
}

function decodeRule(item: unknown, index: number): TtsrRule {
  if (!isObject(item)) return fail(`ttsr_triggered: "rules[${index}]" must be an object`);
  return { ...item, name: stringAt(item, "name"), path: stringAt(item, "path"), content: stringAt(item, "content") };
}

type EventDecoders = { [K in AgentEventType]: (o: JsonObject, r: FieldReader) => AgentEvent | undefined };

const DECODERS: EventDecoders = {
  agent_start: (_o, r) => optional({ type: "agent_start" as const }, { runningMs: r.optNumber("runningMs") }),
  agent_end: (_o, r) =>
    optional(
      {
        type: "agent_end" as const,
        messages: (r.optArray("messages") ?? []).map((m, i) => decodeAgentMessage(m, `agent_end: "messages[${i}]"`)),
      },
      { willRetry: r.optBoolean("willRetry") },
    ),
  agent_settled: () => ({ type: "agent_settled" }),
  turn_start: () => ({ type: "turn_start" }),
  turn_end: (o, r) => ({
    type: "turn_end",
    message: decodeAssistantMessage(o["message"], 'turn_end: "message"'),
    toolResults: (r.optArray("toolResults") ?? []).map((m, i) =>
      decodeToolResultMessageValue(m, `turn_end: "toolResults[${i}]"`),
    ),
  }),
  message_start: (o) => ({
    type: "message_start",
    message: decodeAgentMessage(o["message"], 'message_start: "message"'),
  }),
  message_update: decodeMessageUpdate,
  message_end: (o) => ({ type: "message_end", message: decodeAgentMessage(o["message"], 'message_end: "message"') }),
  tool_execution_start: (o, r) => toolExecutionEvent("tool_execution_start", r, { args: argsOf(o["args"]) }),
  tool_execution_update: (o, r) =>
    toolExecutionEvent("tool_execution_update", r, {
      args: argsOf(o["args"]),
      partialResult: decodeAgentToolResult(o["partialResult"]),
    }),
  tool_execution_end: (o, r) =>
    toolExecutionEvent("tool_execution_end", r, {
      result: decodeAgentToolResult(o["result"]),
      isError: o["isError"] === true,
    }),
  queue_update: (o) => ({
    type: "queue_update",
    steering: stringsAt(o, "steering") ?? [],
    followUp: stringsAt(o, "followUp") ?? [],
  }),
  compaction_start: (_o, r) => ({ type: "compaction_start", reason: r.oneOf("reason", COMPACTION_REASONS) }),
  compaction_end: (o, r) =>
    optional(
      {
        type: "compaction_end" as const,
        reason: r.oneOf("reason", COMPACTION_REASONS),
        aborted: o["aborted"] === true,
        willRetry: o["willRetry"] === true,
      },
      {
        result: decodeCompactionResult(o["result"], 'compaction_end: "result"'),
        errorMessage: r.optString("errorMessage"),
      },
    ),
  auto_compaction_start: (_o, r) =>
    optional(
      { type: "auto_compaction_start" as const, reason: r.oneOf("reason", ["threshold", "overflow", "idle"] as const) },
      { action: r.optOneOf("action", ["context-full", "handoff"] as const) },
    ),
  auto_compaction_end: (o, r) =>
    optional(
      { type: "auto_compaction_end" as const, aborted: o["aborted"] === true, willRetry: o["willRetry"] === true },
      {
        result: decodeCompactionResult(o["result"], 'auto_compaction_end: "result"'),
        errorMessage: r.optString("errorMessage"),
        action: r.optOneOf("action", ["context-full", "handoff"] as const),
        skipped: r.optBoolean("skipped"),
      },
    ),
  auto_retry_start: (_o, r) => ({
    type: "auto_retry_start",
    attempt: r.number("attempt"),
    maxAttempts: r.number("maxAttempts"),
    delayMs: r.number("delayMs"),
    errorMessage: r.optString("errorMessage") ?? "",
  }),
  auto_retry_end: (_o, r) =>
    optional(
      { type: "auto_retry_end" as const, success: r.boolean("success"), attempt: r.number("attempt") },
      { finalError: r.optString("finalError") },
    ),
  summarization_retry_scheduled: (_o, r) => ({
    type: "summarization_retry_scheduled",
    attempt: r.number("attempt"),
    maxAttempts: r.number("maxAttempts"),
    delayMs: r.number("delayMs"),
    errorMessage: r.optString("errorMessage") ?? "",
  }),
  summarization_retry_attempt_start: (_o, r) =>
    r.oneOf("source", ["compaction", "branchSummary"] as const) === "compaction"
      ? {
          type: "summarization_retry_attempt_start",
          source: "compaction",
          reason: r.oneOf("reason", COMPACTION_REASONS),
        }
      : { type: "summarization_retry_attempt_start", source: "branchSummary" },
  summarization_retry_finished: () => ({ type: "summarization_retry_finished" }),
  bash_execution_update: (_o, r) =>
    optional({ type: "bash_execution_update" as const, delta: r.string("delta") }, { id: r.optString("id") }),
  session_info_changed: (_o, r) => optional({ type: "session_info_changed" as const }, { name: r.optString("name") }),
  thinking_level_changed: (_o, r) => ({
    type: "thinking_level_changed",
    level: r.oneOf("level", ["off", "minimal", "low", "medium", "high", "xhigh", "max"] as const),
  }),
  entry_appended: (o) => {
    const entry = decodeSessionEntry(o["entry"], 'entry_appended: "entry"');
    return entry === undefined ? undefined : { type: "entry_appended", entry };
  },
  ttsr_triggered: (_o, r) => ({ type: "ttsr_triggered", rules: r.array("rules").map(decodeRule) }),
  todo_reminder: (_o, r) => ({
    type: "todo_reminder",
    todos: r.array("todos").map(decodeTodoItem),
    attempt: r.optNumber("attempt") ?? 1,
    maxAttempts: r.optNumber("maxAttempts") ?? 1,
  }),
  todo_auto_clear: () => ({ type: "todo_auto_clear" }),
  extension_error: (_o, r) => ({
    type: "extension_error",
    extensionPath: r.optString("extensionPath") ?? "",
    event: r.optString("event") ?? "",
    error: r.optString("error") ?? "",
  }),
};

export function isKnownEventType(type: string): type is AgentEventType {
  return Object.hasOwn(DECODERS, type);
}

/**
 * Decode an event object whose `type` is a string. Returns undefined when the type (or the
 * message_update sub-event type) is unknown; throws DecodeError when a known shape is broken.
 */
export function decodeEventObject(o: JsonObject, type: string): AgentEvent | undefined {
  if (!isKnownEventType(type)) return undefined;
  return DECODERS[type](o, fieldReader(o, type));
}
