// What the connection knows of the worker across generations, kept current by what the worker
// says: its capabilities (docs/protocol.md §3.12), the run state with synthesised settledness
// (§4.12) and, for workers without queue_update, the client-side queue mirror (§6.4).
import { isRecord } from "./client-values.js";
import { toClientEvent } from "./client-events.js";
import { toSessionSnapshot } from "./client-values.js";
import { applyProbe, initialCapabilities, noteEvent } from "./capabilities.js";
import type { NoticeSink } from "./notice-batcher.js";
import { createQueueTracker, type QueueTracker } from "./queue-mirror.js";
import type { RunInput } from "./run-state.js";
import { createRunStateDriver, type RunStateDriver } from "./run-state-driver.js";
import { PROBE_TIMEOUT_MS, type RequestFn } from "./startup.js";
import type { Capabilities, RunPhase } from "./types.js";
import type { AgentEvent } from "./wire-types.js";
import type { WorkerReports } from "./worker-session.js";

/** The capabilities as bring-up detects them and everyone else reads them. */
export interface CapabilityStore {
  readonly capabilities: Capabilities;
  setCapabilities(next: Capabilities): void;
}

export interface TrackerTimings {
  /** Quiet period before settledness is synthesised. */
  settleQuietMs: number;
  /** Quiet period after omp's non-terminal agent_end before the settledness probe. */
  continuationQuietMs: number;
}

export class WorkerTracker implements WorkerReports, CapabilityStore {
  private caps: Capabilities = initialCapabilities();
  /** Workers without queue_update (oh-my-pi, xcsh) get a client-side mirror (docs/protocol.md §6.4). */
  readonly queues: QueueTracker;
  private readonly run: RunStateDriver;

  /** `request`: the current generation's, for the settledness probe (get_state). */
  constructor(
    private readonly notices: NoticeSink,
    private readonly request: RequestFn,
    timings: TrackerTimings,
  ) {
    this.queues = createQueueTracker(
      () => this.caps.events["queue_update"] !== true,
      (q) => {
        const event = { type: "queue_update" as const, steering: [...q.steering], followUp: [...q.followUp] };
        notices.emit({ kind: "event", event });
      },
    );
    this.run = createRunStateDriver(
      timings.settleQuietMs,
      timings.continuationQuietMs,
      () => this.probeRunState(),
      (state) => notices.emit({ kind: "run_state", state }),
    );
  }

  get capabilities(): Capabilities {
    return this.caps;
  }

  /** false when the worker is known not to support `type`. */
  supports(type: string): boolean {
    return this.caps.commands[type] !== false;
  }

  get runState(): RunPhase {
    return this.run.model().state;
  }

  /** A run is going (by the run state): a prompt now is queued, a replaced worker takes it with it. */
  runGoing(): boolean {
    const state = this.runState;
    return state !== "idle" && state !== "settled";
  }

  /** The worker (or the run it had going) is gone: its events will not come. */
  workerGone(): void {
    this.run.step({ type: "worker_gone" });
  }

  setCapabilities(next: Capabilities): void {
    if (next === this.caps) return;
    this.caps = next;
    if (this.run.model().synthesise !== next.synthesisedSettled) {
      this.run.step({ type: "set_synthesise", synthesise: next.synthesisedSettled });
    }
    this.notices.emit({ kind: "capabilities", capabilities: next });
  }

  event(event: AgentEvent, continues: boolean): void {
    this.setCapabilities(noteEvent(this.caps, event.type));
    const input: RunInput = { type: "event", eventType: event.type };
    if ("willRetry" in event && typeof event.willRetry === "boolean") input.willRetry = event.willRetry;
    if (event.type === "auto_retry_end") input.success = event.success;
    if (continues) input.isTerminal = false;
    this.run.step(input);
    const client = toClientEvent(event);
    if (client) this.notices.emit({ kind: "event", event: client });
    const stranded = this.queues.onEvent(event, !this.runGoing() && this.caps.flavour !== "ours");
    if (stranded) this.notices.emit({ kind: "notification", level: "info", message: stranded });
  }

  stateSeen(data: Record<string, unknown>): void {
    this.notices.emit({ kind: "session_state", snapshot: toSessionSnapshot(data) });
  }

  unsupported(command: string): void {
    this.setCapabilities(applyProbe(this.caps, command, false));
  }

  version(version: string): void {
    this.caps = { ...this.caps, version };
  }

  private async probeRunState(): Promise<{ isStreaming: boolean; isCompacting: boolean }> {
    const data = await this.request("get_state", {}, PROBE_TIMEOUT_MS);
    const s = isRecord(data) ? data : {};
    if (typeof s["pendingMessageCount"] === "number") this.queues.onPendingCount(s["pendingMessageCount"]);
    return { isStreaming: s["isStreaming"] === true, isCompacting: s["isCompacting"] === true };
  }
}
