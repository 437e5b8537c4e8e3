// Routed worker events -> the client's ClientEvent (client-event-types.ts): the one place where
// the bridge turns every flavour's event shapes into what a UI shows. Tolerant (the hot frames
// reach here after only a structural check): missing fields take defaults, never a throw.
import type { ClientEvent, ClientMessage, MessageDelta } from "./client-event-types.js";
import type { AgentEventType } from "./wire-types.js";
import {
  isRecord,
  num,
  optStr,
  str,
  strArray,
  toClientMessage,
  toMessageBlock,
  toPlanPhases,
  toPlanTasks,
  toTokenUsage,
  toToolOutput,
} from "./client-values.js";

function toDelta(e: Record<string, unknown>): MessageDelta {
  const ev = e["assistantMessageEvent"];
  if (!isRecord(ev)) return { kind: "snapshot_only" };
  const index = typeof ev["contentIndex"] === "number" ? ev["contentIndex"] : undefined;
  switch (ev["type"]) {
    case "text_start":
      return { kind: "block_start", index, block: { type: "text", text: "" } };
    case "thinking_start":
      return { kind: "block_start", index, block: { type: "thinking", thinking: "", redacted: false } };
    case "toolcall_start":
      return {
        kind: "block_start",
        index,
        block: { type: "toolCall", id: str(ev["id"]), name: str(ev["toolName"]), args: {}, argsText: "" },
      };
    case "text_delta":
    case "thinking_delta":
    case "toolcall_delta":
      return { kind: ev["type"], index, delta: str(ev["delta"]) };
    case "text_end":
      return { kind: "block_end", index, block: { type: "text", text: str(ev["content"]) } };
    case "thinking_end":
      return { kind: "block_end", index, block: { type: "thinking", thinking: str(ev["content"]), redacted: false } };
    case "toolcall_end":
      return { kind: "block_end", index, block: toMessageBlock(ev["toolCall"]) };
    default:
      // Legacy `start` / `done` / `error`: informational; message_end is authoritative.
      return { kind: "snapshot_only" };
  }
}

function messageUpdate(raw: Record<string, unknown>): ClientEvent {
  const delta = toDelta(raw);
  // pi's cumulative snapshot is read only when it adds something (tool-call names, or no usable
  // delta): reading it on every update would cost O(n²) over a long answer.
  const needSnapshot =
    delta.kind === "snapshot_only" ||
    delta.kind === "toolcall_delta" ||
    (delta.kind === "block_start" && delta.block.type === "toolCall");
  const snapshot = needSnapshot ? toClientMessage(raw["message"]) : undefined;
  const rawMessage = raw["message"];
  const usage = toTokenUsage(raw["usage"]) ?? (isRecord(rawMessage) ? toTokenUsage(rawMessage["usage"]) : undefined);
  return { type: "message_update", delta, usage, snapshot };
}

const TODO_TOOLS = new Set(["todo_write", "todo"]);

function toolEnd(raw: Record<string, unknown>): ClientEvent {
  const toolName = str(raw["toolName"]);
  const isError = raw["isError"] === true;
  const result = toToolOutput(raw["result"]);
  const phases = result.details?.["phases"];
  const todos = !isError && TODO_TOOLS.has(toolName) && Array.isArray(phases) ? toPlanPhases(phases) : undefined;
  return { type: "tool_execution_end", toolCallId: str(raw["toolCallId"]), toolName, result, isError, todos };
}

function compactionEnd(raw: Record<string, unknown>): ClientEvent {
  const result = raw["result"];
  return {
    type: "compaction_end",
    reason: optStr(raw["reason"]),
    aborted: raw["aborted"] === true,
    willRetry: raw["willRetry"] === true,
    error: optStr(raw["errorMessage"]),
    tokensBefore: isRecord(result) ? num(result["tokensBefore"]) : undefined,
    hasResult: isRecord(result),
    summary: isRecord(result) ? optStr(result["summary"]) : undefined,
  };
}

type Converter = (raw: Record<string, unknown>) => ClientEvent;

/** A message event whose message is not an object (the router lets none through; a safe stand-in). */
const EMPTY_MESSAGE: ClientMessage = { role: "unknown", blocks: [] };

/** One converter per protocol event type: a new event in the protocol types fails to compile here. */
const CONVERTERS: { [K in AgentEventType]: Converter } = {
  agent_start: (raw) => {
    const ms = raw["runningMs"];
    return typeof ms === "number" && Number.isFinite(ms) && ms >= 0
      ? { type: "agent_start", runningMs: ms }
      : { type: "agent_start" };
  },
  agent_settled: () => ({ type: "agent_settled" }),
  turn_start: () => ({ type: "turn_start" }),
  turn_end: () => ({ type: "turn_end" }),
  todo_auto_clear: () => ({ type: "todo_auto_clear" }),
  agent_end: (raw) => ({
    type: "agent_end",
    willRetry: typeof raw["willRetry"] === "boolean" ? raw["willRetry"] : undefined,
  }),
  message_start: (raw) => {
    const message = toClientMessage(raw["message"]);
    return { type: "message_start", message: message ?? EMPTY_MESSAGE };
  },
  message_update: messageUpdate,
  message_end: (raw) => {
    const message = toClientMessage(raw["message"]);
    return { type: "message_end", message: message ?? EMPTY_MESSAGE };
  },
  tool_execution_start: (raw) => ({
    type: "tool_execution_start",
    toolCallId: str(raw["toolCallId"]),
    toolName: str(raw["toolName"]),
    args: isRecord(raw["args"]) ? raw["args"] : {},
  }),
  tool_execution_update: (raw) => ({
    type: "tool_execution_update",
    toolCallId: str(raw["toolCallId"]),
    toolName: str(raw["toolName"]),
    args: isRecord(raw["args"]) ? raw["args"] : undefined,
    partialResult: toToolOutput(raw["partialResult"]),
  }),
  tool_execution_end: toolEnd,
  queue_update: (raw) => ({
    type: "queue_update",
    steering: strArray(raw["steering"]),
    followUp: strArray(raw["followUp"]),
  }),
  compaction_start: (raw) => ({ type: "compaction_start", reason: str(raw["reason"], "threshold") }),
  auto_compaction_start: (raw) => ({ type: "compaction_start", reason: str(raw["reason"], "threshold") }),
  compaction_end: compactionEnd,
  auto_compaction_end: compactionEnd,
  auto_retry_start: (raw) => ({
    type: "auto_retry_start",
    attempt: num(raw["attempt"], 1),
    maxAttempts: num(raw["maxAttempts"], 1),
    delayMs: num(raw["delayMs"]),
    error: str(raw["errorMessage"]),
  }),
  auto_retry_end: (raw) => ({
    type: "auto_retry_end",
    success: raw["success"] === true,
    attempt: num(raw["attempt"]),
    finalError: optStr(raw["finalError"]),
  }),
  bash_execution_update: (raw) => ({ type: "bash_execution_update", id: optStr(raw["id"]), delta: str(raw["delta"]) }),
  session_info_changed: (raw) => ({ type: "session_info_changed", name: optStr(raw["name"]) }),
  thinking_level_changed: (raw) => ({ type: "thinking_level_changed", level: str(raw["level"], "off") }),
  ttsr_triggered: (raw) => ({
    type: "ttsr_triggered",
    rules: (Array.isArray(raw["rules"]) ? raw["rules"] : []).filter(isRecord).map((r) => str(r["name"], "rule")),
  }),
  todo_reminder: (raw) => ({
    type: "todo_reminder",
    attempt: num(raw["attempt"], 1),
    maxAttempts: num(raw["maxAttempts"], 1),
    todos: toPlanTasks(raw["todos"]),
  }),
  summarization_retry_scheduled: () => ({ type: "summarization_retry_scheduled" }),
  summarization_retry_attempt_start: () => ({ type: "summarization_retry_attempt_start" }),
  summarization_retry_finished: () => ({ type: "summarization_retry_finished" }),
  entry_appended: () => ({ type: "entry_appended" }),
  extension_error: (raw) => ({
    type: "extension_error",
    path: str(raw["extensionPath"]),
    event: str(raw["event"]),
    error: str(raw["error"]),
  }),
};

/**
 * One worker event (any flavour, already routed as an event) as the client sees it; undefined
 * for a type the protocol does not define (those reach the client as `unknown_event` notices).
 */
export function toClientEvent(event: unknown): ClientEvent | undefined {
  if (!isRecord(event)) return undefined;
  const type = str(event["type"]);
  const convert = Object.hasOwn(CONVERTERS, type) ? CONVERTERS[type as AgentEventType] : undefined;
  return convert ? convert(event) : undefined;
}

/**
 * oh-my-pi events outside the protocol that carry text for the user: `command_output` (the
 * answer of its built-in slash commands) and `notice` (warnings, e.g. a compaction loop guard).
 * The text is the worker's, untrusted and unbounded: the UI sanitises and bounds it.
 */
export function workerTextOf(
  type: string,
  raw: unknown,
): { level: "info" | "warning" | "error"; text: string } | undefined {
  if (!isRecord(raw)) return undefined;
  const body = type === "command_output" ? raw["text"] : type === "notice" ? raw["message"] : undefined;
  if (typeof body !== "string") return undefined;
  const level = raw["level"];
  return { level: type === "notice" && (level === "warning" || level === "error") ? level : "info", text: body };
}
