// After a session change (/new, /resume, /fork, /clone, /tree, crash rehydration) the
// transcript continues below what is already printed: a divider, then the loaded session's
// messages replayed through the normal reducers as synthetic events (last N only).
import type { TuiAction } from "../state/actions.js";
import { decodeAgentEvent } from "../state/events.js";
import { isRecord, str } from "../state/wire.js";

export const REPLAY_LIMIT = 40;

/** Actions that print `messages` (get_messages data) as transcript entries. */
export function replayMessages(messages: readonly unknown[], now: number, limit = REPLAY_LIMIT): TuiAction[] {
  const out: TuiAction[] = [];
  const shown = messages.slice(-limit);
  if (messages.length > shown.length) out.push({ type: "notice", level: "info", text: `… ${messages.length - shown.length} earlier message(s) not shown` });
  const toolCalls = new Map<string, { name: string; args: Record<string, unknown> }>();
  const event = (raw: Record<string, unknown>): void => {
    const e = decodeAgentEvent(raw);
    if (e.type !== "ignored") out.push({ type: "agent_event", event: e, now });
  };
  for (const m of shown) {
    if (!isRecord(m)) continue;
    const role = str(m["role"]);
    if (role === "toolResult") {
      const id = str(m["toolCallId"]);
      const call = toolCalls.get(id);
      const name = str(m["toolName"], call?.name ?? "tool");
      event({ type: "tool_execution_start", toolCallId: id, toolName: name, args: call?.args ?? {} });
      event({ type: "tool_execution_end", toolCallId: id, toolName: name, result: { content: m["content"], details: m["details"] }, isError: m["isError"] === true });
      continue;
    }
    if (role === "bashExecution") {
      out.push({ type: "bash_started", command: str(m["command"]), now });
      out.push({
        type: "bash_finished",
        output: str(m["output"]),
        exitCode: typeof m["exitCode"] === "number" ? m["exitCode"] : undefined,
        cancelled: m["cancelled"] === true,
      });
      continue;
    }
    if (role === "assistant" && Array.isArray(m["content"])) {
      for (const b of m["content"]) {
        if (isRecord(b) && b["type"] === "toolCall") toolCalls.set(str(b["id"]), { name: str(b["name"]), args: isRecord(b["arguments"]) ? b["arguments"] : {} });
      }
    }
    // Usage is left out: the footer counts tokens of this run, and history is not a new cost.
    const { usage: _usage, ...rest } = m;
    void _usage;
    event({ type: "message_end", message: rest });
  }
  return out;
}
