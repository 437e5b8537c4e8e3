// Appendix B: events and response data from other workers (pi 0.73, oh-my-pi, xcsh) mapped to
// the canonical shapes, so the TUI handles one form. Cheap checks only: this is the hot path.
import type { AgentEvent } from "./wire-types.js";

export interface NormaliserState {
  /** Reason of the last legacy auto_compaction_start (its end event carries none). */
  compactionReason: "threshold" | "overflow" | "manual" | undefined;
}

export type NormalisedEvent =
  | { kind: "event"; event: AgentEvent }
  | { kind: "unknown_event"; type: string; raw: Record<string, unknown> }
  | { kind: "ignored"; type: string }
  | { kind: "invalid"; message: string };

const PASS_THROUGH = new Set([
  "agent_start",
  "agent_settled",
  "turn_start",
  "turn_end",
  "queue_update",
  "compaction_start",
  "compaction_end",
  "auto_retry_start",
  "auto_retry_end",
  "summarization_retry_scheduled",
  "summarization_retry_attempt_start",
  "summarization_retry_finished",
  "bash_execution_update",
  "session_info_changed",
  "thinking_level_changed",
  "entry_appended",
  "ttsr_triggered",
  "todo_reminder",
  "todo_auto_clear",
  "extension_error",
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Message-level fixes: role `hookMessage` → `custom`; `fullOutputPath: null` → absent. */
export function normaliseMessage(message: unknown): unknown {
  if (!isObject(message)) return message;
  const role = message["role"];
  if (role === "hookMessage") return { ...message, role: "custom" };
  if (role === "bashExecution" && message["fullOutputPath"] === null) {
    const copy = { ...message };
    delete copy["fullOutputPath"];
    return copy;
  }
  return message;
}

function normaliseMessages(list: unknown): unknown[] {
  if (!Array.isArray(list)) return [];
  let changed = false;
  const out = list.map((m) => {
    const n = normaliseMessage(m);
    if (n !== m) changed = true;
    return n;
  });
  return changed ? out : list;
}

const asEvent = (obj: Record<string, unknown>): NormalisedEvent => ({ kind: "event", event: obj as unknown as AgentEvent });

export function normaliseEvent(type: string, obj: Record<string, unknown>, state: NormaliserState): NormalisedEvent {
  switch (type) {
    case "message_update": {
      const sub = obj["assistantMessageEvent"];
      if (!isObject(sub) || typeof sub["type"] !== "string") return { kind: "invalid", message: 'message_update without "assistantMessageEvent.type"' };
      // Legacy `start` carries nothing message_start does not (Appendix B).
      if (sub["type"] === "start") return { kind: "ignored", type: "message_update:start" };
      return asEvent(obj);
    }
    case "message_start":
    case "message_end": {
      const message = obj["message"];
      if (!isObject(message)) return { kind: "invalid", message: `${type} without "message" object` };
      const fixed = normaliseMessage(message);
      return asEvent(fixed === message ? obj : { ...obj, message: fixed });
    }
    case "agent_end": {
      const messages = normaliseMessages(obj["messages"]);
      return asEvent(messages === obj["messages"] ? obj : { ...obj, messages });
    }
    case "tool_execution_start":
    case "tool_execution_update":
    case "tool_execution_end":
      if (typeof obj["toolCallId"] !== "string") return { kind: "invalid", message: `${type} without string "toolCallId"` };
      return asEvent(obj);
    case "auto_compaction_start": {
      const reason = obj["reason"] === "overflow" ? "overflow" : "threshold";
      state.compactionReason = reason;
      return asEvent({ type: "compaction_start", reason, legacy: obj });
    }
    case "auto_compaction_end": {
      const reason = state.compactionReason ?? "threshold";
      state.compactionReason = undefined;
      const event: Record<string, unknown> = {
        type: "compaction_end",
        reason,
        aborted: obj["aborted"] === true,
        willRetry: obj["willRetry"] === true,
      };
      if (isObject(obj["result"])) event["result"] = obj["result"];
      if (typeof obj["errorMessage"] === "string") event["errorMessage"] = obj["errorMessage"];
      return asEvent(event);
    }
    default:
      if (PASS_THROUGH.has(type)) return asEvent(obj);
      return { kind: "unknown_event", type, raw: obj };
  }
}

/** Response data fixes keyed by the command that produced it. */
export function normaliseResponseData(command: string, data: unknown): unknown {
  if (!isObject(data)) return data;
  switch (command) {
    case "get_state": {
      if (typeof data["pendingMessageCount"] === "number") return data;
      const queued = data["queuedMessageCount"];
      return { ...data, pendingMessageCount: typeof queued === "number" ? queued : 0 };
    }
    case "get_messages": {
      const messages = normaliseMessages(data["messages"]);
      return messages === data["messages"] ? data : { ...data, messages };
    }
    case "get_commands": {
      const commands = data["commands"];
      if (!Array.isArray(commands)) return data;
      return {
        ...data,
        commands: commands.map((c: unknown) => {
          if (!isObject(c) || !isObject(c["sourceInfo"])) return c;
          const info = c["sourceInfo"];
          return {
            ...c,
            path: typeof c["path"] === "string" ? c["path"] : info["path"],
            location: typeof c["location"] === "string" ? c["location"] : info["scope"],
          };
        }),
      };
    }
    default:
      return data;
  }
}
