// The worker connection's live-session part (docs/protocol-notes.md, "Live sessions"): attach
// on a live worker's ready frame (the answer's snapshot or missed events come in stream order),
// drop and count frames for the resume cursor, and when the link drops while the worker lives
// on, reconnect with backoff (2, 4, 8… s up to 30 s) until it is back or the user gives up.
// When the process that exited was the worker itself (attach --or-serve), or a relay says its
// worker is gone, the worker is known dead: that is said as a crash and a new worker is started
// without waiting.
// Nothing unanswered is resent: commands in flight are reported as of unknown outcome.
import { RELAY_EXIT_WORKER_DIED } from "../protocol/index.js";
import { isRecord } from "./client-values.js";
import { BridgeError } from "./errors.js";
import type { InFlightWork } from "./exit-cleanup.js";
import type { ResponseFrame, RoutedFrame } from "./frame-router.js";
import {
  createLiveLink,
  DEFAULT_RECONNECT_DELAYS_MS,
  liveRole,
  reconnectDelay,
  type LiveRole,
  type AttachKind,
  type LiveIdentity,
  type LiveLink,
} from "./live-link.js";
import { PROBE_TIMEOUT_MS, type RequestFn } from "./startup.js";
import { decodeData } from "./normalise.js";
import type { AgentMessage, RpcSessionState, SessionStats } from "./wire-types.js";
import type { NoticeSink } from "./notice-batcher.js";
import type { LiveAttachMode, LiveWorkerSummary, WorkerConnectionOptions, WorkerExitInfo } from "./types.js";
import type { FrameGate } from "./worker-session.js";
import type { ExitKind } from "./worker-supervisor.js";

/** What the live part asks of the supervisor: the link's state, the exit it saw, another attempt. */
export interface ReconnectControl {
  /**
   * `reconnecting` while the link is re-established, `exited` when the worker died (seen at its
   * exit, or when another worker answered), `recovering` while its replacement starts.
   */
  markLink(state: "reconnecting" | "exited" | "recovering", info?: WorkerExitInfo): void;
  lastExitInfo(): WorkerExitInfo | undefined;
  /** Launch the next generation with the reconnect command; rejects when it does not come up. */
  reconnect(): Promise<void>;
  /** Kill what a failed attempt left running. */
  endCurrent(): void;
  isStopping(): boolean;
}

/** The newest generation as the live part uses it: live_attach goes out, the answer's frames come back in. */
export interface AttachChannel {
  request: RequestFn;
  /** Route one frame object of the attach answer as if it had been read (not counted). */
  receiveEmbedded(frame: Record<string, unknown>): void;
}

export interface LiveParts {
  notices: NoticeSink;
  channel: AttachChannel;
  work: InFlightWork;
  supervisor: ReconnectControl;
}

/**
 * The connection's live options: without them a lost link is a crash. `snapshotTail` is
 * live_attach's `tail` (a snapshot carries only the last this many messages).
 */
export type LiveOptions = NonNullable<WorkerConnectionOptions["live"]>;

export interface LiveSupport extends FrameGate {
  readonly link: LiveLink;
  /** The next generation's argv: the reconnect command while a reconnect loop runs, else `command`. */
  argv(command: string[]): string[];
  /** A generation's ready frame, with the live worker it names when it is one. */
  onReady(live: LiveIdentity | undefined): void;
  /** Every response, before it settles its request: the attach answer is applied here, in stream order. */
  onResponse(frame: ResponseFrame): void;
  /** The live worker let this client go (`taken_over`, `shutdown`). */
  onDetached(reason: string): void;
  /** The live worker says this client controls it or watches (`live_control`). */
  onControl(role: LiveRole): void;
  /** This client ends or leaves the worker on purpose (switchWorker): its goodbye is no news. */
  expectEnd(): void;
  /** Resolves once this generation attached (or is not live). */
  attached(): Promise<void>;
  /** Whether bring-up must rehydrate like a restart (not when the same worker resumed). */
  needsRehydrate(launchedAsRestart: boolean): boolean;
  /** What an exit means (worker-supervisor.ts): a lost link is reconnected here, a released worker not restarted. */
  classifyExit(info: WorkerExitInfo): ExitKind;
  /** stop(): end the backoff wait at once. */
  cancel(): void;
}

export function createLiveSupport(options: LiveOptions | undefined, parts: LiveParts): LiveSupport {
  return new LiveConnection(options, parts);
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
  /** The followed worker's pid, from its ready frame. */
  private workerPid: number | undefined;
  /** The worker's death was reported when its exit was seen: its replacement says it no more. */
  private deathReported = false;
  /** Set by expectEnd() until the next generation is ready: a live_detached then is not said. */
  private leaving = false;

  private readonly notices: NoticeSink;

  constructor(
    private readonly options: LiveOptions | undefined,
    private readonly parts: LiveParts,
  ) {
    this.delays = options?.reconnectDelaysMs ?? DEFAULT_RECONNECT_DELAYS_MS;
    this.notices = parts.notices;
  }

  argv(command: string[]): string[] {
    const id = this.link.id;
    return this.looping && this.options && id !== undefined ? this.options.reconnectCommand(id, command) : command;
  }

  admit(routed: RoutedFrame): boolean {
    if (this.link.discards(routed.kind)) return false;
    this.link.count(routed.kind);
    return true;
  }

  onReady(live: LiveIdentity | undefined): void {
    this.leaving = false;
    this.kind = this.link.onReady(live);
    this.workerPid = live?.pid;
    if (this.kind === "none") return;
    if (this.kind === "replaced") this.workerReplaced();
    this.attachedPromise = new Promise<void>((resolve) => {
      this.resolveAttached = resolve;
    });
    const tail = this.options?.snapshotTail;
    const fields = { ...this.link.attachFields(), ...(tail !== undefined ? { tail } : {}) };
    this.parts.channel.request("live_attach", fields, PROBE_TIMEOUT_MS).then(
      () => this.resolveAttached(),
      (error: unknown) => {
        const message = `Could not attach to the live worker: ${(error as Error).message}`;
        this.notices.emit({ kind: "notification", level: "warning", message });
        this.resolveAttached();
      },
    );
  }

  onResponse(frame: ResponseFrame): void {
    if (frame.command !== "live_attach" || !frame.success) return;
    this.applyAnswer(isRecord(frame.data) ? frame.data : {});
  }

  onDetached(reason: string): void {
    this.link.onDetached(reason);
    if (!this.leaving) this.notices.emit({ kind: "live_detached", reason });
  }

  onControl(role: LiveRole): void {
    this.notices.emit({ kind: "live_control", role });
  }

  expectEnd(): void {
    this.leaving = true;
  }

  attached(): Promise<void> {
    return this.attachedPromise;
  }

  needsRehydrate(launchedAsRestart: boolean): boolean {
    return launchedAsRestart && this.kind !== "resume";
  }

  classifyExit(info: WorkerExitInfo): ExitKind {
    if (this.linkLost(info)) return "link_lost";
    return this.link.ended !== undefined ? "released" : "crash";
  }

  cancel(): void {
    this.wake?.();
  }

  /**
   * A generation exited; true when the live part handles it: a link that dropped (reconnected)
   * or a worker known dead (replaced at once).
   */
  private linkLost(info: WorkerExitInfo): boolean {
    const { supervisor } = this.parts;
    if (supervisor.isStopping()) return false;
    if (!this.looping && (!this.link.reconnectable || this.options === undefined)) return false;
    // Answers that were on the dropped link never come; nothing is resent (the user decides).
    for (const r of this.parts.work.parts().pending.rejectAll(linkLostError)) {
      if (!r.type.startsWith("get_") && r.type !== "live_attach") {
        this.notices.emit({
          kind: "indeterminate",
          what: `${r.type} (request ${r.id}) was not answered before the link dropped`,
          ...(r.text !== undefined ? { text: r.text } : {}),
        });
      }
    }
    if (this.looping) return true; // a failed attempt: the loop tries again
    this.looping = true;
    this.lastMode = undefined;
    this.runLost = false;
    const died = this.deathOf(info);
    if (died) this.workerDied(died);
    else this.failLink(info);
    void this.reconnect(died !== undefined);
    return true;
  }

  /**
   * Whether this exit means the worker died, and how: the process that exited was the worker
   * itself (attach --or-serve: its own signal or code), or the relay found it gone (the relay's
   * code is not the worker's, whose status nobody here received). Undefined: only the link dropped.
   */
  private deathOf(info: WorkerExitInfo): WorkerExitInfo | undefined {
    if (this.workerPid !== undefined && info.pid === this.workerPid) return info;
    if (info.code === RELAY_EXIT_WORKER_DIED) return { ...info, code: null, signal: null, stderrTail: "" };
    return undefined;
  }

  /** Forget the run in progress (its events will not come): tools, run state. */
  private forgetRun(): string[] {
    const { openTools } = this.parts.work.parts();
    const cut = [...openTools].map(([id, name]) => `tool ${name} (${id}) started without a result`);
    openTools.clear();
    this.parts.work.endRun();
    return cut;
  }

  /** The link dropped, the worker lives on: fail only what that link could answer. */
  private failLink(info: WorkerExitInfo): void {
    this.closeLinkParts();
    this.parts.supervisor.markLink("reconnecting", info);
    this.notices.emit({ kind: "live_link", state: "lost" });
  }

  /**
   * Our own child was the worker and it exited: the worker is dead, which is said as a crash
   * with its real signal or code (never as a link that may come back), and its run, dialogs,
   * host tools and queue go with it; the footer shows the restart that follows.
   */
  private workerDied(info: WorkerExitInfo): void {
    this.closeLinkParts();
    this.deathReported = true;
    this.dropDeadWorker(info);
    this.parts.supervisor.markLink("recovering");
  }

  /** What only the dropped link could answer: its dialogs and the host tools it was running. */
  private closeLinkParts(): void {
    const { ui, hostTools } = this.parts.work.parts();
    for (const n of ui.closeAll()) this.notices.emit(n);
    for (const what of hostTools.abortAll()) {
      this.notices.emit({ kind: "indeterminate", what: `${what} had no result` });
    }
  }

  /** Another worker answered the reconnect: the old one and its run are gone (as a crash). */
  private workerReplaced(): void {
    if (this.deathReported) {
      this.deathReported = false;
      return;
    }
    // The exit the bridge saw is its link's (a relay ends with 0 when the socket closes), not the
    // dead worker's, whose code nobody here received: say only when it ended.
    const last = this.parts.supervisor.lastExitInfo();
    this.dropDeadWorker(last ? { ...last, code: null, signal: null, reason: "while the link was down" } : undefined);
  }

  /** Say the worker died (first, while the run still counts as going), then forget its run and queue. */
  private dropDeadWorker(info: WorkerExitInfo | undefined): void {
    this.runLost = this.parts.work.runGoing();
    this.parts.supervisor.markLink("exited", info);
    for (const what of this.forgetRun()) this.notices.emit({ kind: "indeterminate", what });
    for (const lost of this.parts.work.parts().queues.takeLost())
      this.notices.emit({ kind: "queue_lost", lane: lost.lane, text: lost.text });
  }

  private applyAnswer(data: Record<string, unknown>): void {
    this.link.onAttached(typeof data["seq"] === "number" ? data["seq"] : 0);
    const resumed = data["resumed"] === true;
    const mode: LiveAttachMode =
      this.kind === "resume" ? (resumed ? "resumed" : "snapshot") : this.kind === "replaced" ? "replaced" : "first";
    this.lastMode = mode;
    // The missed events are not coming: the snapshot's frames rebuild the run instead.
    if (mode === "snapshot") this.forgetRun();
    const printed = mode === "first" || mode === "snapshot";
    const messages = printed ? ((Array.isArray(data["messages"]) ? data["messages"] : []) as AgentMessage[]) : [];
    // A worker that honoured `tail` says where its messages start (older ones send them all).
    const offset =
      printed && typeof data["messagesOffset"] === "number" && data["messagesOffset"] > 0
        ? data["messagesOffset"]
        : undefined;
    const listId =
      offset !== undefined && typeof data["messagesListId"] === "number" ? data["messagesListId"] : undefined;
    // The answer's get_state data (decoded like any get_state) names the session printed.
    const state = printed && isRecord(data["state"]) ? decodeData("get_state", data["state"]) : undefined;
    const worker = printed ? decodeWorkerSummary(data["worker"]) : undefined;
    // Its totals as of the answer: the events after it add to them, in stream order.
    const stats = printed && isRecord(data["stats"]) ? decodeData("get_session_stats", data["stats"]) : undefined;
    this.notices.emit({
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
    // The role this client has from now on (workers without watchers do not say: it controls).
    const role = liveRole(data["role"]);
    if (role !== undefined) this.notices.emit({ kind: "live_control", role, attached: true });
    const frames = Array.isArray(data["frames"]) ? data["frames"] : [];
    for (const frame of frames) if (isRecord(frame)) this.parts.channel.receiveEmbedded(frame);
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

  /** `now`: the worker is known dead, so its replacement starts at once (no one to wait for). */
  private async reconnect(now: boolean): Promise<void> {
    const { supervisor } = this.parts;
    for (let attempt = 1; ; attempt++) {
      if (!now || attempt > 1) {
        const delayMs = reconnectDelay(now ? attempt - 1 : attempt, this.delays);
        this.notices.emit({ kind: "live_link", state: "waiting", attempt, delayMs });
        await this.wait(delayMs);
      }
      if (supervisor.isStopping()) break;
      try {
        await supervisor.reconnect();
        break;
      } catch (error) {
        if (supervisor.isStopping()) break;
        // The attempt's own exit was absorbed by classifyExit; say why and try again later.
        const message = `Reconnect attempt ${attempt} failed: ${(error as Error).message}`;
        this.notices.emit({ kind: "notification", level: "warning", message });
        supervisor.endCurrent();
      }
    }
    this.looping = false;
    // A new worker that is not live has no attach answer: it replaced the one followed.
    const mode: LiveAttachMode =
      this.kind === "none" || this.kind === "replaced" ? "replaced" : (this.lastMode ?? "snapshot");
    if (supervisor.isStopping()) return;
    const runLost = mode === "replaced" ? { runLost: this.runLost } : {};
    this.notices.emit({ kind: "live_link", state: "restored", mode, ...runLost });
  }
}

/** The attach answer's `worker` (docs/protocol-notes.md, "Live sessions"), or undefined when absent or malformed. */
export function decodeWorkerSummary(raw: unknown): LiveWorkerSummary | undefined {
  if (!isRecord(raw) || typeof raw["attachedBefore"] !== "boolean") return undefined;
  const state = raw["state"] === "working" || raw["state"] === "waiting" ? raw["state"] : "idle";
  const stateMs =
    typeof raw["stateMs"] === "number" && Number.isFinite(raw["stateMs"]) ? Math.max(0, raw["stateMs"]) : 0;
  const title = typeof raw["title"] === "string" && raw["title"].trim() !== "" ? raw["title"] : undefined;
  return { attachedBefore: raw["attachedBefore"], state, stateMs, ...(title !== undefined ? { title } : {}) };
}

/** Why a command in flight on a dropped link has no answer (it may or may not have run). */
export function linkLostError(type: string): BridgeError {
  return new BridgeError("worker_exit", "The link to the live worker dropped before the answer came", {
    command: type,
  });
}
