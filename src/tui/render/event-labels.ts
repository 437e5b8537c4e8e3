// Worker events as labelled one-line state reports ("tool started: bash ls", "queue: 1
// steering"): words, never a symbol alone, no styling. Plain mode writes them to stdout, print
// mode to stderr as progress. Every foreign string is sanitised here or by the block that says it.
import type { ClientEvent, ClientMessage, PlanPhase } from "../../bridge/index.js";
import { blockRows, PLAIN_ROWS } from "../blocks/index.js";
import { logLine as line } from "../blocks/text-rows.js";
import type { ToolRun } from "../state/types.js";

/** The tool's block says how it started and how it ended (plain rows of a run, untimed). */
function toolRows(run: Omit<ToolRun, "startedAt" | "endedAt">): string[] {
  return blockRows({ kind: "tool", run: { ...run, startedAt: 0, endedAt: undefined, untimed: true } }, PLAIN_ROWS);
}

/** "todo: 2 of 5 done, 1 in progress" for the plan a todo tool left. */
export function todoLabel(phases: readonly PlanPhase[]): string {
  const tasks = phases.flatMap((p) => p.tasks);
  if (tasks.length === 0) return "todo: cleared";
  const done = tasks.filter((t) => t.status === "completed" || t.status === "done").length;
  const active = tasks.filter((t) => t.status === "in_progress").length;
  return `todo: ${done} of ${tasks.length} done${active > 0 ? `, ${active} in progress` : ""}`;
}

export function queueLabel(steering: readonly string[], followUp: readonly string[]): string {
  const parts = [
    steering.length > 0 ? `${steering.length} steering` : "",
    followUp.length > 0 ? `${followUp.length} follow-up` : "",
  ].filter((p) => p !== "");
  return `queue: ${parts.length === 0 ? "empty" : parts.join(", ")}`;
}

/** How an assistant message ended, when that is news: an error or an abort. */
export function endLabel(message: ClientMessage): string | undefined {
  if (message.role !== "assistant") return undefined;
  if (message.stopReason === "error") return line(`error: ${message.errorMessage ?? "the model request failed"}`);
  if (message.stopReason === "aborted") return "aborted";
  return undefined;
}

function compactionEndLabel(e: Extract<ClientEvent, { type: "compaction_end" }>): string {
  if (e.aborted) return "compaction aborted";
  if (e.error !== undefined) return line(`compaction failed: ${e.error}`);
  return e.hasResult ? "compaction finished" : "compaction skipped";
}

/** The state lines one event makes ([] for events that change nothing a person follows). */
export function eventLabels(e: ClientEvent): string[] {
  switch (e.type) {
    case "tool_execution_start":
      return toolRows({ id: e.toolCallId, name: e.toolName, args: e.args, status: "running", output: undefined });
    case "tool_execution_end": {
      const status = e.isError ? "error" : "done";
      const head = toolRows({ id: e.toolCallId, name: e.toolName, args: {}, status, output: e.result });
      return e.todos ? [...head, todoLabel(e.todos)] : head;
    }
    case "queue_update":
      return [queueLabel(e.steering, e.followUp)];
    case "message_end": {
      const end = endLabel(e.message);
      return end ? [end] : [];
    }
    case "compaction_start":
      return [line(`compaction started: ${e.reason}`)];
    case "compaction_end":
      return [compactionEndLabel(e)];
    case "auto_retry_start":
      return [
        line(
          `retrying: attempt ${e.attempt} of ${e.maxAttempts} in ${Math.ceil(e.delayMs / 1000)} seconds, ` +
            `after: ${e.error}`,
        ),
      ];
    case "auto_retry_end":
      return [e.success ? "retry succeeded" : line(`retry failed: ${e.finalError ?? "no more attempts"}`)];
    case "session_info_changed":
      return [line(`session name: ${e.name ?? "none"}`)];
    case "thinking_level_changed":
      return [line(`thinking level: ${e.level}`)];
    case "todo_reminder":
      return [`todo reminder: ${e.todos.length} unfinished (attempt ${e.attempt} of ${e.maxAttempts})`];
    case "todo_auto_clear":
      return ["todo: cleared"];
    case "ttsr_triggered":
      return [line(`rule triggered: ${e.rules.join(", ")}`)];
    case "extension_error":
      return [line(`extension error: ${e.path} (${e.event}): ${e.error}`)];
    default:
      return [];
  }
}
