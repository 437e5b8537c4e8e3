// What a worker exit leaves behind (docs/protocol.md §11.4 step 5–6): every in-memory pending thing is rejected,
// closed or aborted, and whatever may have run without confirmation is reported indeterminate.
import { BridgeError } from "./errors.js";
import type { PendingTable } from "./pending.js";
import type { UiRouter } from "./ui-router.js";
import type { HostToolServer } from "./host-tools.js";
import type { QueueTracker } from "./queue-mirror.js";
import type { BridgeNotice, WorkerExitInfo } from "./types.js";

export function describeExit(info: WorkerExitInfo): string {
  const tail = info.stderrTail.split("\n").slice(-5).join("\n");
  return `Worker exited (code ${info.code ?? "none"}, signal ${info.signal ?? "none"})${info.reason ? `: ${info.reason}` : ""}${tail ? `\n${tail}` : ""}`;
}

export interface ExitParts {
  pending: PendingTable;
  ui: UiRouter;
  hostTools: HostToolServer;
  queues: QueueTracker;
  /** toolCallId → tool name, for tool_execution_start without an end. */
  openTools: Map<string, string>;
}

export function cleanUpAfterExit(parts: ExitParts, info: WorkerExitInfo): BridgeNotice[] {
  const notices: BridgeNotice[] = [];
  const describe = describeExit(info);
  for (const r of parts.pending.rejectAll((type) => new BridgeError("worker_exit", describe, { command: type, exit: info }))) {
    // Queries have no effect to reconcile; anything else may or may not have happened.
    if (!r.type.startsWith("get_"))
      notices.push({ kind: "indeterminate", what: `${r.type} (request ${r.id}) had no response`, ...(r.text !== undefined ? { text: r.text } : {}) });
  }
  // docs/protocol.md §6.5: queues die with the worker; the texts are shown for a manual resend, never resent.
  for (const lost of parts.queues.takeLost()) {
    notices.push({ kind: "indeterminate", what: `queued ${lost.lane === "steering" ? "steering" : "follow-up"} message was lost`, text: lost.text });
  }
  notices.push(...parts.ui.closeAll());
  for (const what of parts.hostTools.abortAll()) notices.push({ kind: "indeterminate", what: `${what} had no result` });
  for (const [id, name] of parts.openTools) notices.push({ kind: "indeterminate", what: `tool ${name} (${id}) started without a result` });
  parts.openTools.clear();
  return notices;
}
