// A worker event applied to every slice it touches: transcript, run, footer, queue, todos, and
// the notice lines some events print (compaction, rules, reminders, extension errors).
import type { ClientEvent } from "../../bridge/index.js";
import { commitLimits } from "./commit-limits.js";
import { reduceFailure } from "./failures.js";
import { formatCount } from "./format-count.js";
import { noteSettingChanges } from "./session-reducer.js";
import { appendEntries, appendNotice, reduceTranscript } from "./transcript.js";
import type { FooterState, RunState, TuiState } from "./types.js";

function reduceRun(run: RunState, e: ClientEvent, now: number): RunState {
  switch (e.type) {
    case "agent_start":
      // The worker's own clock when it says (a live run joined midway), else from now; a retry
      // stays known until its verdict (auto_retry_end): the retried attempt shows it.
      if (e.runningMs !== undefined) return { ...run, busy: true, startedAt: now - e.runningMs };
      return { ...run, busy: true, startedAt: run.busy && run.startedAt !== undefined ? run.startedAt : now };
    case "agent_end":
      // Without agent_settled (pi 0.73) the bridge's run_state notice decides; willRetry keeps us busy.
      return e.willRetry === true ? run : { ...run, busy: false, startedAt: undefined };
    case "agent_settled":
      return { ...run, busy: false, startedAt: undefined, retry: undefined };
    case "auto_retry_start":
      return {
        ...run,
        busy: true,
        retry: { attempt: e.attempt, maxAttempts: e.maxAttempts, until: now + e.delayMs, error: e.error },
      };
    case "auto_retry_end":
      return { ...run, retry: undefined, busy: e.success ? run.busy : false };
    case "compaction_start":
      return {
        ...run,
        compaction: { reason: e.reason, startedAt: now },
        compactionsStarted: run.compactionsStarted + 1,
        lastCompactionReason: e.reason,
      };
    case "compaction_end":
      return { ...run, compaction: undefined };
    default:
      return run;
  }
}

function reduceFooterEvent(f: FooterState, e: ClientEvent): FooterState {
  switch (e.type) {
    case "message_end": {
      const u = e.message.usage;
      if (e.message.role !== "assistant" || !u) return f;
      return {
        ...f,
        tokensIn: f.tokensIn + u.input + u.cacheRead,
        tokensOut: f.tokensOut + u.output,
        cost: f.cost + u.costTotal,
        lastContextTokens: u.totalTokens > 0 ? u.totalTokens : f.lastContextTokens,
      };
    }
    case "session_info_changed":
      return { ...f, sessionName: e.name };
    case "thinking_level_changed":
      return { ...f, thinkingLevel: e.level };
    default:
      return f;
  }
}

/** pi names a command's handler "command:<name>" with the event "command": said once. */
function extensionErrorSource(path: string, event: string): string {
  return path === event || path.startsWith(`${event}:`) ? path : `${path}, ${event}`;
}

function eventNotice(s: TuiState, e: ClientEvent): TuiState {
  const t = s.transcript;
  const add = (level: "info" | "warning" | "error", text: string): TuiState => ({
    ...s,
    transcript: appendNotice(t, level, text),
  });
  switch (e.type) {
    case "compaction_end": {
      const reason = e.reason ?? s.run.lastCompactionReason ?? "threshold";
      // The worker's error already says "Compaction failed": one line says it once.
      if (e.error)
        return add("error", `Compaction (${reason}) failed: ${e.error.replace(/^Compaction failed:\s*/i, "")}`);
      if (e.aborted) return add("warning", `Compaction (${reason}) aborted`);
      // oh-my-pi ends every skipped threshold check with a bare compaction_end: nothing happened.
      if (!e.hasResult) return s;
      const before = e.tokensBefore !== undefined ? ` from ${formatCount(e.tokensBefore)} tokens` : "";
      const text = `Context compacted (${reason})${before}${e.willRetry ? "; retrying the request" : ""}`;
      return {
        ...s,
        transcript: appendEntries(t, [
          { kind: "notice", level: "info", text, ...(e.summary ? { detail: e.summary } : {}) },
        ]),
      };
    }
    case "ttsr_triggered":
      return add("info", `Rule applied: ${e.rules.join(", ")}`);
    case "todo_reminder":
      return add("info", `Reminder ${e.attempt}/${e.maxAttempts}: ${e.todos.length} unfinished todo(s)`);
    case "extension_error":
      return add("warning", `Extension error (${extensionErrorSource(e.path, e.event)}): ${e.error}`);
    default:
      return s;
  }
}

export function reduceAgentEvent(s: TuiState, e: ClientEvent, now: number): TuiState {
  let next: TuiState = {
    ...s,
    // A failed answer may be retried: its error waits for the verdict (failures.ts).
    transcript: reduceTranscript(s.transcript, e, now, commitLimits(s), { holdFailure: true }),
    run: reduceRun(s.run, e, now),
    footer: reduceFooterEvent(s.footer, e),
  };
  if (e.type === "queue_update") next = { ...next, queue: { steering: e.steering, followUp: e.followUp } };
  if (e.type === "tool_execution_end" && e.todos) next = { ...next, todos: e.todos };
  if (e.type === "todo_auto_clear") {
    const todos = next.todos
      .map((p) => ({ ...p, tasks: p.tasks.filter((t) => t.status !== "completed" && t.status !== "abandoned") }))
      .filter((p) => p.tasks.length > 0);
    next = { ...next, todos };
  }
  next = reduceFailure(s, next, e);
  return eventNotice(e.type === "thinking_level_changed" ? noteSettingChanges(next, s.footer) : next, e);
}
