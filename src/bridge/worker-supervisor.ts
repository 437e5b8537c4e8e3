// The worker supervisor: starts generation after generation of the worker, notices each exit,
// restarts under the restart budget with back-off, degrades a worker that can no longer be
// driven, and stops it on request (docs/protocol.md §11.2–11.3). It knows processes, not frames:
// what a generation says is the business of its WorkerSession.
import type { NoticeSink } from "./notice-batcher.js";
import type { RestartBudget } from "./restart-policy.js";
import type { SupervisorState, WorkerExitInfo } from "./types.js";
import { terminateWorker, type WorkerProcess } from "./worker-process.js";

/** Where generations come from: the parts that involve frames (the owner's sessions). */
export interface GenerationSource {
  /**
   * Spawn (or connect to) generation `generation`. The returned process must call `exited`
   * exactly once when it is gone (also when it could not be started: `spawnError`).
   */
  spawn(generation: number, isRestart: boolean, exited: ExitCallback): WorkerProcess;
  /** Readiness, capabilities, rehydration; resolves once the generation can be driven, throws otherwise. */
  bringUp(generation: number, isRestart: boolean): Promise<void>;
  /** The last valid frame of the current generation, for the exit report. */
  lastFrame(): WorkerExitInfo["lastFrame"];
}

export type ExitCallback = (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => void;

/** What an exit means to the owner, and the owner's part in settling it. */
export interface ExitHandler {
  /**
   * Asked before anything else happens: `crash` (restart under the budget), `released` (a live
   * worker let this client go: as stop()), or `link_lost` (a live worker runs on behind a
   * dropped link: the owner reconnects, see reconnect()).
   */
  classify(info: WorkerExitInfo): ExitKind;
  /** The generation ended: settle everything it left in flight. Runs before the state change. */
  settle(info: WorkerExitInfo): void;
}

export type ExitKind = "crash" | "released" | "link_lost";

export interface SupervisorOptions {
  budget: RestartBudget;
  shutdownTimeoutsMs?: { closeWaitMs?: number; termWaitMs?: number };
  /** How long a worker that lost a pipe may still look alive before it is degraded. */
  pipeLossGraceMs?: number;
  /**
   * Live workers: ending a generation releases it (WorkerProcess.release) instead of closing,
   * signalling and killing it. Its process may be the live worker itself, which must outlive
   * this client; the worker ends only on its own (shutdown, idle exit, `sessions --stop`).
   */
  releaseOnEnd?: boolean;
}

/** What the supervisor knows, as one value (getSnapshot() of the connection reads it). */
export interface SupervisorView {
  state: SupervisorState;
  generation: number;
  worker: WorkerProcess | undefined;
  lastExit: WorkerExitInfo | undefined;
  restartsInWindow: number;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class WorkerSupervisor {
  private state: SupervisorState = "stopped";
  private generation = 0;
  private worker: WorkerProcess | undefined;
  private lastExit: WorkerExitInfo | undefined;
  /** A generation was running once since start(): later exits restart instead of failing start(). */
  private everRunning = false;
  /** stop() was asked: the exit that follows is intentional. */
  private stopping = false;
  /** Why the supervisor itself ended the current generation (degraded, failed bring-up). */
  private exitReason: string | undefined;
  /** Settles when the current start-up (first start or restart) is over, either way. */
  private startup: Promise<void> = Promise.resolve();

  /** State changes and failed restarts are reported to `notices`, as the UI sees them. */
  constructor(
    private readonly generations: GenerationSource,
    private readonly exits: ExitHandler,
    private readonly notices: NoticeSink,
    private readonly options: SupervisorOptions,
  ) {}

  view(): SupervisorView {
    return {
      state: this.state,
      generation: this.generation,
      worker: this.worker,
      lastExit: this.lastExit,
      restartsInWindow: this.options.budget.used(),
    };
  }

  /** True while `generation` is the live one (frames of older generations are stale). */
  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /** Resolves once a start-up in progress is over; input sent meanwhile waits here (docs/protocol.md §11.2). */
  async whenStarted(): Promise<void> {
    if (this.state === "starting" || this.state === "recovering") await this.startup;
  }

  async start(): Promise<void> {
    if (this.state !== "stopped" && this.state !== "failed") throw new Error(`start(): worker is ${this.state}`);
    this.stopping = false;
    this.everRunning = false;
    this.setState("starting");
    await this.launch(false);
  }

  /** Manual restart after Failed or Stopped: the budget starts afresh. */
  async restart(): Promise<void> {
    if (this.state !== "failed" && this.state !== "stopped") throw new Error(`restart(): worker is ${this.state}`);
    this.stopping = false;
    this.options.budget.reset();
    this.setState("recovering");
    await this.launch(this.everRunning);
  }

  /**
   * Close stdin, wait, SIGTERM, wait, SIGKILL (docs/protocol.md §1.6). `beforeTerminate` runs first when a
   * worker is alive (the owner answers open dialogs there).
   */
  async stop(beforeTerminate: () => void = () => undefined): Promise<void> {
    this.stopping = true;
    const w = this.worker;
    if (w) {
      beforeTerminate();
      await this.terminate(w);
    } else if (this.state !== "stopped") {
      this.setState("stopped", this.lastExit);
    }
  }

  /**
   * A live worker's link: `reconnecting` while it is re-established, `exited` when the worker
   * died, `recovering` while its replacement starts.
   */
  markLink(state: "reconnecting" | "exited" | "recovering", info?: WorkerExitInfo): void {
    this.setState(state, info);
  }

  /** One reconnect attempt: the next generation, brought up like a restart; rejects when it does not come up. */
  reconnect(): Promise<void> {
    return this.launch(true);
  }

  /** End what a failed reconnect attempt left running. */
  endCurrent(): void {
    if (this.worker) void this.terminate(this.worker);
  }

  /** A live worker let this client go (taken over): release its generation, as its relay would have exited. */
  releaseCurrent(): void {
    this.worker?.release();
  }

  isStopping(): boolean {
    return this.stopping;
  }

  /** The exit of the last generation that ended, if any. */
  lastExitInfo(): WorkerExitInfo | undefined {
    return this.lastExit;
  }

  /** The running generation cannot be driven any more (protocol errors): mark it and end it. */
  degrade(generation: number, reason: string): void {
    const w = this.worker;
    if (!w || generation !== this.generation || this.state !== "running") return;
    this.exitReason = reason;
    this.setState("degraded");
    void this.terminate(w);
  }

  /**
   * A closed stdout or broken stdin normally precedes the exit by milliseconds; a worker that
   * still looks drivable after the grace period never will be again: degrade it.
   */
  degradeIfStillAlive(generation: number, reason: string): void {
    setTimeout(() => {
      if (this.worker?.isAlive() === true) this.degrade(generation, reason);
    }, this.options.pipeLossGraceMs ?? 1000).unref();
  }

  private setState(state: SupervisorState, info?: WorkerExitInfo): void {
    this.state = state;
    this.notices.emit(info ? { kind: "supervisor", state, info } : { kind: "supervisor", state });
  }

  private terminate(w: WorkerProcess): Promise<void> {
    if (!this.options.releaseOnEnd) return terminateWorker(w, this.options.shutdownTimeoutsMs);
    w.release();
    return w.exited;
  }

  private async launch(isRestart: boolean): Promise<void> {
    this.generation += 1;
    const generation = this.generation;
    const exited: ExitCallback = (code, signal, spawnError) => this.exited(generation, w, code, signal, spawnError);
    const w = this.generations.spawn(generation, isRestart, exited);
    this.worker = w;
    let startupOver: () => void = () => undefined;
    this.startup = new Promise<void>((resolve) => {
      startupOver = resolve;
    });
    try {
      await this.generations.bringUp(generation, isRestart);
      this.everRunning = true;
      this.setState("running");
    } catch (error) {
      if (this.worker === w && w.isAlive()) {
        this.exitReason = (error as Error).message;
        w.kill("SIGKILL");
      }
      throw error;
    } finally {
      startupOver();
    }
  }

  private exited(
    generation: number,
    w: WorkerProcess,
    code: number | null,
    signal: NodeJS.Signals | null,
    spawnError?: Error,
  ): void {
    if (generation !== this.generation) return;
    this.worker = undefined;
    const reason = spawnError ? `Could not start worker: ${spawnError.message}` : this.exitReason;
    this.exitReason = undefined;
    const lastFrame = this.generations.lastFrame();
    let info: WorkerExitInfo = {
      generation,
      code,
      signal,
      intentional: this.stopping,
      ...(w.pid !== undefined ? { pid: w.pid } : {}),
      stderrTail: w.stderr.tail(),
      ...(lastFrame ? { lastFrame } : {}),
      ...(reason ? { reason } : {}),
    };
    this.lastExit = info;
    const kind = this.exits.classify(info);
    if (kind === "link_lost") return;
    if (kind === "released") {
      this.stopping = true;
      info = { ...info, intentional: true };
      this.lastExit = info;
    }
    this.exits.settle(info);
    if (this.stopping) {
      this.setState("stopped", info);
      return;
    }
    this.setState("exited", info);
    if (this.everRunning) void this.restartAfterExit();
    else this.setState("failed", info);
  }

  /** The restart step (docs/protocol.md §11.3): ask the budget, back off, relaunch with rehydration. */
  private async restartAfterExit(): Promise<void> {
    const decision = this.options.budget.next();
    if (!decision.restart) {
      this.setState("failed", this.lastExit);
      return;
    }
    this.setState("recovering");
    await delay(decision.delayMs);
    if (this.stopping || this.state !== "recovering") return;
    try {
      await this.launch(true);
    } catch (error) {
      const message = `Restart failed: ${(error as Error).message}`;
      this.notices.emit({ kind: "notification", level: "error", message });
      // The generation the failed relaunch left behind, if any, is ended; its exit drives the next attempt.
      if (this.worker && this.generation > 0) void this.terminate(this.worker);
    }
  }
}
