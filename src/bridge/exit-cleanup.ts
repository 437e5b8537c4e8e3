// What a worker exit leaves behind (docs/protocol.md §11.4 step 5–6): every in-memory pending thing is rejected,
// closed or aborted, and whatever may have run without confirmation is reported indeterminate.
import { BridgeError } from "./errors.js";
import { describeExit } from "./exit-description.js";
import type { PendingTable } from "./pending.js";
import type { UiRouter } from "./ui-router.js";
import type { HostToolServer } from "./host-tools.js";
import type { QueueTracker } from "./queue-mirror.js";
import type { BridgeNotice, WorkerExitInfo } from "./types.js";
import type { CurrentSession } from "./current-session.js";
import type { NoticeSink } from "./notice-batcher.js";
import type { SessionTables } from "./worker-session.js";
import type { WorkerTracker } from "./worker-tracker.js";

/** What a lost link or a replaced worker takes with it (the live part asks; InFlight answers). */
export interface InFlightWork {
  /** Pending requests, dialogs, host tools, the queue, the current generation's tools. */
  parts(): ExitParts;
  /** A run is going (by the run state). */
  runGoing(): boolean;
  /** The run in progress is gone: its events will not come. */
  endRun(): void;
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
  for (const r of parts.pending.rejectAll(
    (type) => new BridgeError("worker_exit", describe, { command: type, exit: info }),
  )) {
    // Queries have no effect to reconcile; anything else may or may not have happened.
    if (!r.type.startsWith("get_"))
      notices.push({
        kind: "indeterminate",
        what: `${r.type} (request ${r.id}) had no response`,
        ...(r.text !== undefined ? { text: r.text } : {}),
      });
  }
  // docs/protocol.md §6.5: queues die with the worker; the texts are shown for a manual resend, never resent.
  for (const lost of parts.queues.takeLost()) notices.push({ kind: "queue_lost", lane: lost.lane, text: lost.text });
  notices.push(...parts.ui.closeAll());
  for (const what of parts.hostTools.abortAll()) notices.push({ kind: "indeterminate", what: `${what} had no result` });
  for (const [id, name] of parts.openTools)
    notices.push({ kind: "indeterminate", what: `tool ${name} (${id}) started without a result` });
  parts.openTools.clear();
  return notices;
}

/**
 * What is in flight between this client and the worker across generations: requests, dialogs,
 * host tool calls, the queue mirror, the run, and the current generation's started tools. An
 * exit settles it; a lost link (connection-live.ts) settles what that link could answer.
 */
export class InFlight implements InFlightWork {
  constructor(
    private readonly tables: SessionTables,
    private readonly tracker: WorkerTracker,
    private readonly current: CurrentSession,
    private readonly notices: NoticeSink,
  ) {}

  parts(): ExitParts {
    return { ...this.tables, queues: this.tracker.queues, openTools: this.current.openTools() };
  }

  runGoing(): boolean {
    return this.tracker.runGoing();
  }

  endRun(): void {
    this.tracker.workerGone();
  }

  /** A generation ended: what it left is rejected, closed, aborted or reported, and its run is over. */
  settleExit(info: WorkerExitInfo): void {
    for (const n of cleanUpAfterExit(this.parts(), info)) this.notices.emit(n);
    this.endRun();
  }

  /** Answer every open dialog `cancelled` (docs/protocol.md §7.4, §7.6): on shutdown, before a session change. */
  cancelDialogs(): void {
    const { frames, notices } = this.tables.ui.cancelAllWithAnswers();
    for (const frame of frames) this.current.send(frame);
    for (const n of notices) this.notices.emit(n);
  }
}
