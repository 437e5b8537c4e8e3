// A run cut off while its tools ran (its worker died between the model's tool calls and their
// results) leaves a conversation ending with tool calls that have no result. `continue` answers
// each with a result that says so, so the model picks the run up knowing the call may not have
// finished, instead of the prompt being sent again (docs/protocol.md §3.1.7).
import type { ToolCall, ToolResultMessage } from "@mariozechner/pi-ai";
import type { AgentMessage } from "./agent-messages.js";

/**
 * What the model reads for a tool call whose run was cut off: only what is known (no result was
 * recorded; why the run stopped is not), and what it implies.
 */
export const CUT_OFF_RESULT =
  "No result: the run stopped before this tool call returned one. Whether it had any effect is unknown; check before relying on it.";

/**
 * The tool calls of `last` that have no result, when it is an answer that asked for tools (the
 * last message of a conversation: nothing follows it). An answer cut off by an abort or an
 * error asked for nothing to run, and has none.
 */
export function unansweredToolCalls(last: AgentMessage | undefined): ToolCall[] {
  if (last?.role !== "assistant" || last.stopReason !== "toolUse") return [];
  return last.content.filter((block): block is ToolCall => block.type === "toolCall");
}

/** The result recorded for `call`, whose run was cut off. */
export function cutOffResult(call: ToolCall, now = Date.now()): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: "text", text: CUT_OFF_RESULT }],
    isError: true,
    timestamp: now,
  };
}
