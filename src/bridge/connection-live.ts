// The worker connection's live-session part (docs/protocol-notes.md, "Live sessions"): attach
// on a live worker's ready frame (the answer's snapshot or missed events come in stream order),
// drop and count frames for the resume cursor, and when the link drops while the worker lives
// on, reconnect with backoff (2, 4, 8… s up to 30 s) until it is back or the user gives up.
// Nothing unanswered is resent: commands in flight are reported as of unknown outcome.
import { isRecord } from "./client-values.js";
import { BridgeError } from "./errors.js";
import type { ExitParts } from "./exit-cleanup.js";
import type { ResponseFrame, RoutedFrame } from "./frame-router.js";
import type { RunInput } from "./run-state.js";
import { createLiveLink, DEFAULT_RECONNECT_DELAYS_MS, reconnectDelay, type AttachKind, type LiveIdentity, type LiveLink } from "./live-link.js";
import { PROBE_TIMEOUT_MS, type RequestFn } from "./startup.js";
import { decodeData } from "./normalise.js";
import type { AgentMessage, RpcSessionState, SessionStats } from "./wire-types.js";
import type { BridgeNotice, LiveAttachMode, LiveWorkerSummary, WorkerExitInfo } from "./types.js";

export interface LiveSupportDeps {
  request: RequestFn;
  emit(notice: BridgeNotice): void;
  /** Route one frame object of the attach answer as if it had been read (not counted). */
  dispatchFrame(frame: Record<string, unknown>): void;
  /** What a worker exit leaves behind (pending requests, dialogs, host tools, queue, the current generation's tools). */
  parts(): ExitParts;
  stepRun(input: RunInput): void;
  setSupervisor(state: "reconnecting" | "exited", info?: WorkerExitInfo): void;
  lastExit(): WorkerExitInfo | undefined;
  /** Whether a lost link may be reconnected (the caller gave a reconnect command). */
  canReconnect(): boolean;
  /** Launch the next generation with the reconnect command; rejects when it does not come up. */
  relaunch(): Promise<void>;
  /** Kill what a failed attempt left running. */
  killCurrent(): void;
  stopping(): boolean;
  /** A run is going (by the run state): what a replaced worker takes with it. */
  runGoing(): boolean;
  delaysMs?: readonly number[];
  /** live_attach's `tail`: a snapshot carries only the last this many messages. */
  snapshotTail?: number;
}

export interface LiveSupport {
  readonly link: LiveLink;
  /** A reconnect loop is running. */
  readonly reconnecting: boolean;
  /** false: drop this frame (before the attach answer); counts it otherwise. */
  admit(routed: RoutedFrame): boolean;
  onReady(live: LiveIdentity | undefined): void;
  /** Every response, before it settles its request: the attach answer is applied here, in stream order. */
  onResponse(frame: ResponseFrame): void;
  /** Resolves once this generation attached (or is not live). */
  attached(): Promise<void>;
  /** Whether bring-up must rehydrate like a restart (not when the same worker resumed). */
  needsRehydrate(launchedAsRestart: boolean): boolean;
  /** A generation exited; true when the live part handles it (reconnecting). */
  onExit(info: WorkerExitInfo): boolean;
  /** stop(): end the backoff wait at once. */
  cancel(): void;
}

export function createLiveSupport(deps: LiveSupportDeps): LiveSupport {
  return new LiveConnection(deps);
}

class LiveConnection implements LiveSupport {
  readonly link: LiveLink = createLiveLink();
  private readonly delays: readonly number[];
  /** How this generation's worker relates to the one followed before. */
  private kind: AttachKind = "none";
  /** How the last attach went: what a restored link may say was kept. */
  private lastMode: LiveAttachMode | undefined;
  /** The worker replaced during this reconnect had a run going: its unfinished answer is lost. */
  private runLost = false;
  private attachedPromise: Promise<void> = Promise.resolve();
  private resolveAttached: () => void = () => undefined;
  private looping = false;
  /** Ends the current backoff wait early (stop()). */
  private wake: (() => void) | undefined;

  constructor(private readonly deps: LiveSupportDeps) {
    this.delays = deps.delaysMs ?? DEFAULT_RECONNECT_DELAYS_MS;
  }

  get reconnecting(): boolean {
    return this.looping;
  }

  admit(routed: RoutedFrame): boolean {
    if (this.link.discards(routed.kind)) return false;
    this.link.count(routed.kind);
    return true;
  }

  onReady(live: LiveIdentity | undefined): void {
    this.kind = this.link.onReady(live);
    if (this.kind === "none") return;
    if (this.kind === "replaced") this.workerReplaced();
    this.attachedPromise = new Promise<void>((resolve) => {
      this.resolveAttached = resolve;
    });
    const tail = this.deps.snapshotTail;
    this.deps.request("live_attach", { ...this.link.attachFields(), ...(tail !== undefined ? { tail } : {}) }, PROBE_TIMEOUT_MS).then(
      () => this.resolveAttached(),
      (error: unknown) => {
        this.deps.emit({ kind: "notification", level: "warning", message: `Could not attach to the live worker: ${(error as Error).message}` });
        this.resolveAttached();
      },
    );
  }

  onResponse(frame: ResponseFrame): void {
    if (frame.command !== "live_attach" || !frame.success) return;
    this.applyAnswer(isRecord(frame.data) ? frame.data : {});
  }

  attached(): Promise<void> {
    return this.attachedPromise;
  }

  needsRehydrate(launchedAsRestart: boolean): boolean {
    return launchedAsRestart && this.kind !== "resume";
  }

  onExit(info: WorkerExitInfo): boolean {
    const { deps } = this;
    if (deps.stopping()) return false;
    if (!this.looping && (!this.link.reconnectable || !deps.canReconnect())) return false;
    // Answers that were on the dropped link never come; nothing is resent (the user decides).
    for (const r of deps.parts().pending.rejectAll(linkLostError)) {
      if (!r.type.startsWith("get_") && r.type !== "live_attach") {
        deps.emit({
          kind: "indeterminate",
          what: `${r.type} (request ${r.id}) was not answered before the link dropped`,
          ...(r.text !== undefined ? { text: r.text } : {}),
        });
      }
    }
    if (this.looping) return true; // a failed attempt: the loop tries again
    this.looping = true;
    this.linkLost(info);
    void this.reconnect();
    return true;
  }

  cancel(): void {
    this.wake?.();
  }

  /** Forget the run in progress (its events will not come): tools, run state. */
  private forgetRun(): string[] {
    const parts = this.deps.parts();
    const cut = [...parts.openTools].map(([id, name]) => `tool ${name} (${id}) started without a result`);
    parts.openTools.clear();
    this.deps.stepRun({ type: "worker_gone" });
    return cut;
  }

  /** The link dropped, the worker lives on: fail only what that link could answer. */
  private linkLost(info: WorkerExitInfo): void {
    const parts = this.deps.parts();
    for (const n of parts.ui.closeAll()) this.deps.emit(n);
    for (const what of parts.hostTools.abortAll()) this.deps.emit({ kind: "indeterminate", what: `${what} had no result` });
    this.deps.setSupervisor("reconnecting", info);
    this.deps.emit({ kind: "live_link", state: "lost" });
  }

  /** Another worker answered the reconnect: the old one and its run are gone (as a crash). */
  private workerReplaced(): void {
    this.runLost = this.deps.runGoing();
    for (const what of this.forgetRun()) this.deps.emit({ kind: "indeterminate", what });
    for (const lost of this.deps.parts().queues.takeLost()) {
      this.deps.emit({ kind: "indeterminate", what: `queued ${lost.lane === "steering" ? "steering" : "follow-up"} message was lost`, text: lost.text });
    }
    // The exit the bridge saw is its link's (a relay ends with 0 when the socket closes), not the
    // dead worker's, whose code nobody here received: say only when it ended.
    const last = this.deps.lastExit();
    this.deps.setSupervisor("exited", last ? { ...last, code: null, signal: null, reason: "it ended while the link was down" } : undefined);
  }

  private applyAnswer(data: Record<string, unknown>): void {
    this.link.onAttached(typeof data["seq"] === "number" ? data["seq"] : 0);
    const resumed = data["resumed"] === true;
    const mode: LiveAttachMode = this.kind === "resume" ? (resumed ? "resumed" : "snapshot") : this.kind === "replaced" ? "replaced" : "first";
    this.lastMode = mode;
    // The missed events are not coming: the snapshot's frames rebuild the run instead.
    if (mode === "snapshot") this.forgetRun();
    const printed = mode === "first" || mode === "snapshot";
    const messages = printed ? ((Array.isArray(data["messages"]) ? data["messages"] : []) as AgentMessage[]) : [];
    // A worker that honoured `tail` says where its messages start (older ones send them all).
    const offset = printed && typeof data["messagesOffset"] === "number" && data["messagesOffset"] > 0 ? data["messagesOffset"] : undefined;
    const listId = offset !== undefined && typeof data["messagesListId"] === "number" ? data["messagesListId"] : undefined;
    // The answer's get_state data (decoded like any get_state) names the session printed.
    const state = printed && isRecord(data["state"]) ? decodeData("get_state", data["state"]) : undefined;
    const worker = printed ? decodeWorkerSummary(data["worker"]) : undefined;
    // Its totals as of the answer: the events after it add to them, in stream order.
    const stats = printed && isRecord(data["stats"]) ? decodeData("get_session_stats", data["stats"]) : undefined;
    this.deps.emit({
      kind: "live_attached",
      id: this.link.id ?? "",
      mode,
      messages,
      ...(offset !== undefined ? { messagesOffset: offset } : {}),
      ...(listId !== undefined ? { messagesListId: listId } : {}),
      ...(state?.ok ? { state: state.value as RpcSessionState } : {}),
      ...(worker ? { worker } : {}),
      ...(stats?.ok ? { stats: stats.value as SessionStats } : {}),
    });
    const frames = Array.isArray(data["frames"]) ? data["frames"] : [];
    for (const frame of frames) if (isRecord(frame)) this.deps.dispatchFrame(frame);
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private async reconnect(): Promise<void> {
    const { deps } = this;
    this.lastMode = undefined;
    this.runLost = false;
    for (let attempt = 1; ; attempt++) {
      const delayMs = reconnectDelay(attempt, this.delays);
      deps.emit({ kind: "live_link", state: "waiting", attempt, delayMs });
      await this.wait(delayMs);
      if (deps.stopping()) break;
      try {
        await deps.relaunch();
        break;
      } catch (error) {
        if (deps.stopping()) break;
        // The attempt's own exit was absorbed by onExit; say why and try again later.
        deps.emit({ kind: "notification", level: "warning", message: `Reconnect attempt ${attempt} failed: ${(error as Error).message}` });
        deps.killCurrent();
      }
    }
    this.looping = false;
    // A new worker that is not live has no attach answer: it replaced the one followed.
    const mode: LiveAttachMode = this.kind === "none" || this.kind === "replaced" ? "replaced" : (this.lastMode ?? "snapshot");
    if (!deps.stopping()) deps.emit({ kind: "live_link", state: "restored", mode, ...(mode === "replaced" ? { runLost: this.runLost } : {}) });
  }
}

/** The attach answer's `worker` (docs/protocol-notes.md, "Live sessions"), or undefined when absent or malformed. */
export function decodeWorkerSummary(raw: unknown): LiveWorkerSummary | undefined {
  if (!isRecord(raw) || typeof raw["attachedBefore"] !== "boolean") return undefined;
  const state = raw["state"] === "working" || raw["state"] === "waiting" ? raw["state"] : "idle";
  const stateMs = typeof raw["stateMs"] === "number" && Number.isFinite(raw["stateMs"]) ? Math.max(0, raw["stateMs"]) : 0;
  const title = typeof raw["title"] === "string" && raw["title"].trim() !== "" ? raw["title"] : undefined;
  return { attachedBefore: raw["attachedBefore"], state, stateMs, ...(title !== undefined ? { title } : {}) };
}

/** Why a command in flight on a dropped link has no answer (it may or may not have run). */
export function linkLostError(type: string): BridgeError {
  return new BridgeError("worker_exit", "The link to the live worker dropped before the answer came", { command: type });
}
