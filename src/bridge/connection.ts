// The worker connection the TUI drives: a WorkerSupervisor (processes, exits, restarts) and one
// WorkerSession per generation (frames), around the state that outlives a generation: pending
// requests, dialogs, host tools, capabilities, run state, the queue mirror and the session file
// a restart reopens (docs/protocol.md §11). A live worker behind a dropped link is reconnected
// instead of restarted (connection-live.ts). Never replays a prompt or tool call.
import { BridgeError } from "./errors.js";
import { createRedactor, withCommandLineSecrets, type Redactor } from "./redact.js";
import { createPendingTable, type PendingTable } from "./pending.js";
import { createUiRouter, type UiRouter } from "./ui-router.js";
import { createHostToolServer, type HostToolServer } from "./host-tools.js";
import { createNoticeBatcher, type NoticeBatcher } from "./notice-batcher.js";
import { exitDuringStartup, PROBE_TIMEOUT_MS, readSessionFile } from "./startup.js";
import { bringUpGeneration } from "./generation-bring-up.js";
import { createRestartBudget, DEFAULT_RESTART_POLICY } from "./restart-policy.js";
import { spawnOptionsFrom, spawnWorker, type WorkerProcess } from "./worker-process.js";
import { createRpcClient, type RpcClient } from "./rpc-client.js";
import { InFlight } from "./exit-cleanup.js";
import { createProtocolHealth, type ProtocolHealth } from "./protocol-health.js";
import { WorkerSupervisor } from "./worker-supervisor.js";
import type { ExitCallback, ExitHandler, ExitKind, GenerationSource } from "./worker-supervisor.js";
import { WorkerSession, type SessionSignal } from "./worker-session.js";
import { WorkerTracker } from "./worker-tracker.js";
import { CurrentSession } from "./current-session.js";
import { createLiveSupport, type LiveSupport } from "./connection-live.js";
import type { HostToolDefinition } from "./wire-types.js";
import type { BridgeNotice, BridgeSnapshot, HostToolHandler, UiResponse, WorkerConnection, WorkerConnectionOptions, WorkerExitInfo } from "./types.js";

const SESSION_REPLACING = new Set(["new_session", "switch_session", "fork", "branch", "clone"]);

export function createWorkerConnection(options: WorkerConnectionOptions): WorkerConnection {
  if (options.command.length === 0) throw new Error("createWorkerConnection: command is empty");
  return new Connection(options);
}

class Connection implements WorkerConnection, GenerationSource, ExitHandler {
  readonly rpc: RpcClient;
  private readonly env: NodeJS.ProcessEnv;
  private readonly redact: Redactor;
  private readonly notices: NoticeBatcher;
  private readonly pending: PendingTable;
  private readonly ui: UiRouter;
  private readonly hostTools: HostToolServer;
  private readonly tracker: WorkerTracker;
  private readonly health: ProtocolHealth;
  private readonly supervisor: WorkerSupervisor;
  /** The session file a restart reopens: kept current across /new, /resume, /fork and handoffs. */
  private sessionFile: string | undefined;
  private readonly current: CurrentSession;
  private readonly inFlight: InFlight;
  /** The worker command: switchWorker() replaces it. */
  private command: string[];
  private readonly live: LiveSupport;

  constructor(private readonly options: WorkerConnectionOptions) {
    this.env = options.env ?? process.env;
    this.command = options.command;
    // A key on the command line (`--agent "… KEY=… …"`) is masked wherever it is echoed back.
    this.redact = withCommandLineSecrets(createRedactor(this.env), options.command);
    this.notices = createNoticeBatcher(options.batchIntervalMs ?? 16);
    this.current = new CurrentSession(this.notices);
    this.pending = createPendingTable(options.requestTimeoutsMs);
    this.ui = createUiRouter(this.notices.emit);
    this.hostTools = createHostToolServer(this.current.send);
    this.health = createProtocolHealth(options.degradedThreshold ?? 3);
    this.tracker = new WorkerTracker(this.notices, this.current.request, {
      settleQuietMs: options.settleQuietMs ?? 500,
      continuationQuietMs: options.continuationQuietMs ?? 3000,
    });
    const tables = { pending: this.pending, ui: this.ui, hostTools: this.hostTools };
    this.inFlight = new InFlight(tables, this.tracker, this.current, this.notices);
    // The supervisor asks this connection for generations and for what their exits mean (see below).
    this.supervisor = new WorkerSupervisor(this, this, this.notices, {
      budget: createRestartBudget(options.restart === undefined ? DEFAULT_RESTART_POLICY : options.restart),
      ...(options.shutdownTimeoutsMs ? { shutdownTimeoutsMs: options.shutdownTimeoutsMs } : {}),
      ...(options.live ? { releaseOnEnd: true } : {}),
    });
    this.live = createLiveSupport(options.live, {
      notices: this.notices,
      channel: this.current,
      work: this.inFlight,
      supervisor: this.supervisor,
    });
    this.rpc = createRpcClient({ request: (type, fields) => this.request(type, fields), supports: (type) => this.tracker.supports(type) });
  }

  // ---- public surface --------------------------------------------------------------------

  async start(): Promise<void> {
    await this.supervisor.start();
    this.notices.flushNow();
  }

  async restart(): Promise<void> {
    await this.supervisor.restart();
    this.notices.flushNow();
  }

  async stop(): Promise<void> {
    this.live.cancel();
    // docs/protocol.md §7.4: every dialog gets an answer, also on shutdown (pi's editor would wait forever).
    await this.supervisor.stop(() => this.inFlight.cancelDialogs());
    this.notices.flushNow();
  }

  /** End the worker: a live one with the `shutdown` command first (it would outlive stop()). */
  async shutdownWorker(): Promise<void> {
    const link = this.live.link;
    if (link.id !== undefined && link.ended === undefined && this.supervisor.view().state === "running") {
      try {
        await this.current.request("shutdown", {}, PROBE_TIMEOUT_MS);
      } catch (error) {
        this.emit({ kind: "notification", level: "warning", message: `Could not end the live worker: ${(error as Error).message}` });
      }
    }
    await this.stop();
  }

  async switchWorker(next: string[], current: "end" | "detach"): Promise<void> {
    await (current === "end" ? this.shutdownWorker() : this.stop());
    this.command = next;
    this.live.link.reset();
    await this.start();
  }

  subscribe(listener: (batch: readonly BridgeNotice[]) => void): () => void {
    return this.notices.subscribe(listener);
  }

  getSnapshot(): BridgeSnapshot {
    const s = this.supervisor.view();
    return {
      supervisor: s.state,
      runState: this.tracker.runState,
      generation: s.generation,
      ...(s.worker?.pid !== undefined ? { pid: s.worker.pid } : {}),
      capabilities: this.tracker.capabilities,
      ...(s.lastExit ? { lastExit: s.lastExit } : {}),
      restartsInWindow: s.restartsInWindow,
      stderrTail: s.worker?.stderr.tail() ?? s.lastExit?.stderrTail ?? "",
      ...(this.sessionFile !== undefined ? { sessionFile: this.sessionFile } : {}),
      pendingRequests: this.pending.size(),
      openDialogs: this.ui.openCount(),
      protocolErrors: this.health.total(),
      ...(this.live.link.id !== undefined
        ? { live: { id: this.live.link.id, ...(this.live.link.ended !== undefined ? { ended: this.live.link.ended } : {}) } }
        : {}),
    };
  }

  respondToUi(id: string, response: UiResponse): void {
    const frame = this.ui.answer(id, response);
    if (frame) this.current.send(frame);
  }

  async registerHostTools(tools: HostToolDefinition[], handler: HostToolHandler): Promise<void> {
    this.hostTools.setRegistry(tools, handler);
    await this.rpc.setHostTools(tools);
  }

  // ---- requests --------------------------------------------------------------------------

  private async request(type: string, fields: Record<string, unknown>): Promise<unknown> {
    await this.supervisor.whenStarted(); // docs/protocol.md §11.2: input sent while starting waits for readiness
    const { state, lastExit } = this.supervisor.view();
    if (state === "reconnecting") throw new BridgeError("not_running", "Not connected to the live worker (reconnecting)", { command: type });
    if (state !== "running") {
      const exit = lastExit ? ` (last exit code ${lastExit.code ?? "none"}, signal ${lastExit.signal ?? "none"})` : "";
      throw new BridgeError("not_running", `Worker is ${state}${exit}`, { command: type });
    }
    if (!this.tracker.supports(type)) throw new BridgeError("unsupported", `The worker does not support ${type}`, { command: type });
    if (SESSION_REPLACING.has(type)) this.inFlight.cancelDialogs(); // docs/protocol.md §7.6: the old session's dialogs are answered `cancelled` first.
    const queuedPrompt = type === "prompt" && this.tracker.runGoing();
    const data = await this.current.request(type, fields);
    this.tracker.queues.onAccepted(type, fields, queuedPrompt);
    if (SESSION_REPLACING.has(type)) await this.noteSessionFile();
    return data;
  }

  /** After /new, /resume, /fork…: a restart must reopen the session now open, not the first one. */
  private async noteSessionFile(): Promise<void> {
    const read = await readSessionFile(this.current.request, (message) => this.emit({ kind: "notification", level: "warning", message }));
    if (read) this.sessionFile = read.file;
  }

  // ---- one generation --------------------------------------------------------------------

  spawn(generation: number, isRestart: boolean, exited: ExitCallback): WorkerProcess {
    const extra = isRestart && this.options.sessionArgsForRestart ? this.options.sessionArgsForRestart(this.sessionFile) : [];
    const current = (): WorkerSession | undefined => (this.supervisor.isCurrent(generation) ? session : undefined);
    const base = this.live.argv(this.command);
    const worker = spawnWorker(
      { ...spawnOptionsFrom(this.options), argv: [...base, ...extra], env: this.env, redact: this.redact },
      {
        onRecord: (line) => current()?.receive(line),
        onFramingError: (message) => current()?.protocolError(message),
        onStderrLine: (line) => {
          if (this.options.forwardStderr) this.emit({ kind: "stderr", line });
        },
        // A worker whose stdout closed or stdin broke but that stays alive is Degraded (docs/protocol.md §11.2).
        onStdoutEnd: () => this.supervisor.degradeIfStillAlive(generation, "Worker closed stdout but kept running"),
        onStdinError: (error) => {
          if (!current()) return;
          this.emit({ kind: "notification", level: "warning", message: `Worker stdin: ${error.message}` });
          this.supervisor.degradeIfStillAlive(generation, `Worker stdin failed (${error.message}) but the worker kept running`);
        },
        // A spawn error quotes argv[0], which may carry a secret.
        onExit: (code, signal, spawnError) => exited(code, signal, spawnError ? new Error(this.redact(spawnError.message)) : undefined),
      },
    );
    const session = new WorkerSession(generation, worker, {
      redact: this.redact,
      tables: { pending: this.pending, ui: this.ui, hostTools: this.hostTools },
      health: this.health,
      notices: this.notices,
      reports: this.tracker,
      gate: this.live,
      signal: (signal) => this.onSignal(generation, signal),
    });
    this.current.set(session);
    this.health.reset();
    return worker;
  }

  /** What a generation's session says of it: its live link, its answers, its health. */
  private onSignal(generation: number, signal: SessionSignal): void {
    switch (signal.kind) {
      case "ready":
        return this.live.onReady(signal.live);
      case "response":
        // Events the worker sent before this answer reach subscribers before its caller resumes
        // (a /compact that failed after compaction_start must see that start in the store).
        this.notices.flushNow();
        return this.live.onResponse(signal.frame);
      case "detached":
        this.live.onDetached(signal.reason);
        // The worker closes this link next: a relay would exit, a worker serving it in place runs on.
        setImmediate(() => {
          if (this.supervisor.isCurrent(generation)) this.supervisor.releaseCurrent();
        });
        return;
      case "degraded":
        return this.supervisor.degrade(generation, signal.reason);
      case "session_changed":
        if (this.supervisor.view().state === "running") void this.noteSessionFile();
        return;
    }
  }

  async bringUp(generation: number, isRestart: boolean): Promise<void> {
    const session = this.current.of(generation);
    if (!session) throw new Error(`bringUp(): generation ${generation} has no session`);
    const startup = exitDuringStartup(session.worker.exited, () => this.supervisor.view().lastExit);
    try {
      await bringUpGeneration({
        options: this.options,
        request: this.current.request,
        readyFrame: session.readyFrame,
        failed: startup.failed,
        isRestart: () => this.live.needsRehydrate(isRestart),
        afterReady: () => this.live.attached(),
        rawState: () => session.rawGetState(),
        caps: () => this.tracker.capabilities,
        setCaps: (next) => this.tracker.setCapabilities(next),
        sessionFile: () => this.sessionFile,
        setSessionFile: (file) => {
          this.sessionFile = file;
        },
        hostTools: () => this.hostTools.registeredTools(),
        emit: (notice) => this.emit(notice),
      });
    } finally {
      startup.done();
    }
  }

  lastFrame(): WorkerExitInfo["lastFrame"] {
    return this.current.lastFrame();
  }

  /** A live worker behind a dropped link is reconnected; one that let us go is not restarted. */
  classify(info: WorkerExitInfo): ExitKind {
    return this.live.classifyExit(info);
  }

  settle(info: WorkerExitInfo): void {
    this.inFlight.settleExit(info);
  }

  private emit(notice: BridgeNotice): void {
    this.notices.emit(notice);
  }
}
