// docs/protocol.md Appendix B normalisation on top of the protocol decoders: legacy auto_compaction_* become
// compaction_* (reason carried from the start event), legacy message_update `start` is dropped,
// and response data is decoded per command (queuedMessageCount, sourceInfo, hookMessage, ...).
import { decodeResponseData, isCommandType, TODO_STATUSES, type DecodeResult } from "../protocol/index.js";
import type { AgentEvent, CompactionReason, TodoTask } from "./wire-types.js";
import { isBulkAgentEndFrame, isBulkMessageFrame, isBulkToolUpdateFrame, isBulkTurnEndFrame } from "./fast-frames.js";
import { isMessageUpdateFrame } from "./fast-frames.js";

export interface NormaliserState {
  /** Reason of the last legacy auto_compaction_start (its end event carries none). */
  compactionReason: CompactionReason | undefined;
}

export type NormalisedEvent =
  | { kind: "event"; event: AgentEvent }
  | { kind: "ignored"; type: string }
  | { kind: "invalid"; message: string };

const NO_SUB_EVENT = 'message_update without "assistantMessageEvent.type"';

/**
 * Hot path: message_update is most of a stream and carries a cumulative snapshot in pi 0.73;
 * only the sub-event discriminant is checked so parsing stays within 1.5× of bare JSON.parse.
 */
export function fastMessageUpdate(obj: Record<string, unknown>): NormalisedEvent {
  if (!isMessageUpdateFrame(obj)) return { kind: "invalid", message: NO_SUB_EVENT };
  // Legacy `start` carries nothing message_start does not (docs/protocol.md Appendix B).
  if (obj.assistantMessageEvent.type === "start") return { kind: "ignored", type: "message_update:start" };
  return { kind: "event", event: obj };
}

/**
 * The other high-volume frames (assistant/tool-result message events, turn_end, cumulative
 * tool_execution_update): cheap structural checks only (fast-frames.ts). Anything unusual (user
 * or custom messages, unknown roles, legacy shapes) returns undefined and takes the full decoder.
 */
export function fastBulkEvent(type: string, obj: Record<string, unknown>): AgentEvent | undefined {
  switch (type) {
    case "message_start":
    case "message_end":
      return isBulkMessageFrame(obj) ? obj : undefined;
    case "agent_end":
      return isBulkAgentEndFrame(obj) ? obj : undefined;
    case "turn_end":
      return isBulkTurnEndFrame(obj) ? obj : undefined;
    case "tool_execution_update":
      return isBulkToolUpdateFrame(obj) ? obj : undefined;
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

/**
 * docs/protocol.md Appendix B: flat oh-my-pi todo items (no ids, `blocked`/unknown status) →
 * TodoTask with index ids.
 */
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
