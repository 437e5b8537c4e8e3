// Decodes one worker event (any flavour: ours, pi 0.73 legacy full form, oh-my-pi) into the
// TUI's typed AgentEvent; legacy names are normalised here (auto_compaction_* -> compaction_*).
import {
  type ContentBlock,
  type TodoPhase,
  type ToolResult,
  type Usage,
  type WireMessage,
  decodeBlock,
  decodeMessage,
  decodeTodoPhases,
  decodeToolResult,
  decodeUsage,
  isRecord,
  num,
  optStr,
  str,
  strArray,
} from "./wire.js";

export type DeltaEvent =
  | { kind: "block_start"; index: number | undefined; block: ContentBlock }
  | { kind: "text_delta" | "thinking_delta" | "toolcall_delta"; index: number | undefined; delta: string }
  | { kind: "block_end"; index: number | undefined; block: ContentBlock }
  | { kind: "snapshot_only" };

export type AgentEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; willRetry: boolean | undefined }
  | { type: "agent_settled" }
  | { type: "turn_start" }
  | { type: "turn_end" }
  | { type: "message_start"; message: WireMessage }
  | { type: "message_update"; delta: DeltaEvent; usage: Usage | undefined; snapshot: WireMessage | undefined }
  | { type: "message_end"; message: WireMessage }
  | { type: "tool_start"; id: string; name: string; args: Record<string, unknown> }
  | { type: "tool_update"; id: string; name: string; args: Record<string, unknown> | undefined; partial: ToolResult }
  | { type: "tool_end"; id: string; name: string; result: ToolResult; isError: boolean }
  | { type: "queue_update"; steering: string[]; followUp: string[] }
  | { type: "compaction_start"; reason: string }
  | {
      type: "compaction_end";
      reason: string | undefined;
      aborted: boolean;
      willRetry: boolean;
      error: string | undefined;
      tokensBefore: number | undefined;
      /** False when nothing was compacted (oh-my-pi's skipped maintenance checks send no result). */
      hasResult: boolean;
      /** The summary that replaced the older messages, when the worker sends it. */
      summary: string | undefined;
    }
  | { type: "retry_start"; attempt: number; maxAttempts: number; delayMs: number; error: string }
  | { type: "retry_end"; success: boolean; attempt: number; finalError: string | undefined }
  | { type: "bash_update"; id: string | undefined; delta: string }
  | { type: "session_name"; name: string | undefined }
  | { type: "thinking_level"; level: string }
  | { type: "ttsr"; rules: string[] }
  | { type: "todo_reminder"; attempt: number; maxAttempts: number; count: number }
  | { type: "todo_auto_clear" }
  | { type: "extension_error"; path: string; event: string; error: string }
  | { type: "ignored"; name: string };

function decodeDelta(e: Record<string, unknown>): DeltaEvent {
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
      return { kind: "block_end", index, block: decodeBlock(ev["toolCall"]) };
    default:
      // Legacy `start` / `done` / `error`: informational; message_end is authoritative.
      return { kind: "snapshot_only" };
  }
}

/** Decode one event frame; never throws. Unknown types come back as `ignored`. */
export function decodeAgentEvent(raw: unknown): AgentEvent {
  if (!isRecord(raw)) return { type: "ignored", name: typeof raw };
  const type = str(raw["type"]);
  switch (type) {
    case "agent_start":
    case "agent_settled":
    case "turn_start":
    case "turn_end":
    case "todo_auto_clear":
      return { type };
    case "agent_end":
      return { type, willRetry: typeof raw["willRetry"] === "boolean" ? raw["willRetry"] : undefined };
    case "message_start":
    case "message_end": {
      const message = decodeMessage(raw["message"]);
      return message ? { type, message } : { type: "ignored", name: type };
    }
    case "message_update": {
      const delta = decodeDelta(raw);
      // pi's cumulative snapshot is decoded only when it adds something (tool-call names, or no
      // usable delta): decoding it on every update would cost O(n²) over a long answer.
      const needSnapshot = delta.kind === "snapshot_only" || delta.kind === "toolcall_delta" || (delta.kind === "block_start" && delta.block.type === "toolCall");
      const snapshot = needSnapshot ? decodeMessage(raw["message"]) : undefined;
      const rawMessage = raw["message"];
      const usage = decodeUsage(raw["usage"]) ?? (isRecord(rawMessage) ? decodeUsage(rawMessage["usage"]) : undefined);
      return { type, delta, usage, snapshot };
    }
    case "tool_execution_start":
      return { type: "tool_start", id: str(raw["toolCallId"]), name: str(raw["toolName"]), args: isRecord(raw["args"]) ? raw["args"] : {} };
    case "tool_execution_update":
      return {
        type: "tool_update",
        id: str(raw["toolCallId"]),
        name: str(raw["toolName"]),
        args: isRecord(raw["args"]) ? raw["args"] : undefined,
        partial: decodeToolResult(raw["partialResult"]),
      };
    case "tool_execution_end":
      return { type: "tool_end", id: str(raw["toolCallId"]), name: str(raw["toolName"]), result: decodeToolResult(raw["result"]), isError: raw["isError"] === true };
    case "queue_update":
      return { type, steering: strArray(raw["steering"]), followUp: strArray(raw["followUp"]) };
    case "compaction_start":
    case "auto_compaction_start":
      return { type: "compaction_start", reason: str(raw["reason"], "threshold") };
    case "compaction_end":
    case "auto_compaction_end": {
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
    case "auto_retry_start":
      return { type: "retry_start", attempt: num(raw["attempt"], 1), maxAttempts: num(raw["maxAttempts"], 1), delayMs: num(raw["delayMs"]), error: str(raw["errorMessage"]) };
    case "auto_retry_end":
      return { type: "retry_end", success: raw["success"] === true, attempt: num(raw["attempt"]), finalError: optStr(raw["finalError"]) };
    case "bash_execution_update":
      return { type: "bash_update", id: optStr(raw["id"]), delta: str(raw["delta"]) };
    case "session_info_changed":
      return { type: "session_name", name: optStr(raw["name"]) };
    case "thinking_level_changed":
      return { type: "thinking_level", level: str(raw["level"], "off") };
    case "ttsr_triggered":
      return { type: "ttsr", rules: (Array.isArray(raw["rules"]) ? raw["rules"] : []).filter(isRecord).map((r) => str(r["name"], "rule")) };
    case "todo_reminder":
      return { type, attempt: num(raw["attempt"], 1), maxAttempts: num(raw["maxAttempts"], 1), count: Array.isArray(raw["todos"]) ? raw["todos"].length : 0 };
    case "extension_error":
      return { type, path: str(raw["extensionPath"]), event: str(raw["event"]), error: str(raw["error"]) };
    default:
      return { type: "ignored", name: type };
  }
}

export type { TodoPhase };
export { decodeTodoPhases };
