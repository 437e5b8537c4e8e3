// How a print-mode run ends, folded from the bridge's notices (pure): the run is over when the
// activity settled after being busy, or the worker went away; the answer is the last assistant
// message's text, and an error or abort in that message fails the run.
import type { BridgeNotice, ClientMessage } from "../../bridge/index.js";

export type PrintRun = {
  /** A run was seen (busy run state): a later `settled` ends it. */
  busySeen: boolean;
  over: boolean;
  lastAssistant: ClientMessage | undefined;
  /** Why the run failed outside any message (worker exit, late prompt failure). */
  failure: string | undefined;
};

export type PrintOutcome = { ok: true; answer: string } | { ok: false; aborted: boolean; error: string };

export const initialPrintRun = (): PrintRun => ({
  busySeen: false,
  over: false,
  lastAssistant: undefined,
  failure: undefined,
});

function exitFailure(n: Extract<BridgeNotice, { kind: "supervisor" }>): string {
  const info = n.info;
  if (!info) return `the worker ${n.state}`;
  const how = info.reason ?? (info.signal ? `signal ${info.signal}` : `exit code ${info.code ?? "none"}`);
  return `the worker exited (${how})${info.stderrTail.trim() !== "" ? `:\n${info.stderrTail.trim()}` : ""}`;
}

export function notePrintNotice(run: PrintRun, n: BridgeNotice): PrintRun {
  if (run.over) return run;
  switch (n.kind) {
    case "event":
      if (n.event.type === "message_end" && n.event.message.role === "assistant")
        return { ...run, lastAssistant: n.event.message };
      return run;
    case "run_state":
      if (n.state === "settled" || n.state === "idle") return run.busySeen ? { ...run, over: true } : run;
      return { ...run, busySeen: true };
    case "supervisor":
      if (n.state === "exited" || n.state === "failed" || n.state === "stopped")
        return { ...run, over: true, failure: exitFailure(n) };
      return run;
    case "late_prompt_failure":
      return { ...run, over: true, failure: n.error };
    default:
      return run;
  }
}

/** The text blocks of a message, one after the other. */
export function messageText(message: ClientMessage): string {
  return message.blocks.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

export function printOutcome(run: PrintRun): PrintOutcome {
  const last = run.lastAssistant;
  if (last?.stopReason === "aborted")
    return { ok: false, aborted: true, error: last.errorMessage ?? "the run was aborted" };
  if (last?.stopReason === "error")
    return { ok: false, aborted: false, error: last.errorMessage ?? "the model request failed" };
  if (run.failure !== undefined) return { ok: false, aborted: false, error: run.failure };
  return { ok: true, answer: last ? messageText(last) : "" };
}
