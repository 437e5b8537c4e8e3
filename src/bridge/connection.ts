// The worker connection the TUI drives: a WorkerSupervisor (processes, exits, restarts) and one
// WorkerSession per generation (frames), around the state that outlives a generation: pending
// requests, dialogs, host tools, capabilities, run state, the queue mirror and the session file
// a restart reopens (docs/protocol.md §11). A live worker behind a dropped link is reconnected
// instead of restarted (connection-live.ts). Never replays a prompt or tool call.
import { isRecord } from "./client-values.js";
import { toClientEvent } from "./client-events.js";
import { toSessionSnapshot } from "./client-values.js";
import { BridgeError } from "./errors.js";
import { createRedactor, withCommandLineSecrets, type Redactor } from "./redact.js";
import { createPendingTable, type PendingTable } from "./pending.js";
import { createUiRouter, type UiRouter } from "./ui-router.js";
import { createHostToolServer, type HostToolServer } from "./host-tools.js";
import { createNoticeBatcher, type NoticeBatcher } from "./notice-batcher.js";
import type { RunInput } from "./run-state.js";
import { createRunStateDriver, type RunStateDriver } from "./run-state-driver.js";
import { applyProbe, initialCapabilities, noteEvent } from "./capabilities.js";
import { exitDuringStartup, PROBE_TIMEOUT_MS, readSessionFile, type RequestFn } from "./startup.js";
import { bringUpGeneration } from "./generation-bring-up.js";
import { createRestartBudget, DEFAULT_RESTART_POLICY } from "./restart-policy.js";
import { spawnOptionsFrom, spawnWorker, type WorkerProcess } from "./worker-process.js";
import { createRpcClient, type RpcClient } from "./rpc-client.js";
import { createQueueTracker, type QueueTracker } from "./queue-mirror.js";
import { cleanUpAfterExit, type ExitParts } from "./exit-cleanup.js";
import { createProtocolHealth } from "./protocol-health.js";
import { WorkerSupervisor, type ExitKind } from "./worker-supervisor.js";
import { WorkerSession } from "./worker-session.js";
import { createLiveSupport, type LiveSupport } from "./connection-live.js";
import type { AgentEvent, HostToolDefinition } from "./wire-types.js";
import type {
  BridgeNotice,
  BridgeSnapshot,
  Capabilities,
  HostToolHandler,
  UiResponse,
  WorkerConnection,
  WorkerConnectionOptions,
  WorkerExitInfo,
} from "./types.js";

const SESSION_REPLACING = new Set(["new_session", "switch_session", "fork", "branch", "clone"]);

export function createWorkerConnection(options: WorkerConnectionOptions): WorkerConnection {
  if (options.command.length === 0) throw new Error("createWorkerConnection: command is empty");
  return new Connection(options);
}

class Connection implements WorkerConnection {
  readonly rpc: RpcClient;
  private readonly env: NodeJS.ProcessEnv;
  private readonly redact: Redactor;
  private readonly notices: NoticeBatcher;
  private readonly pending: PendingTable;
  private readonly ui: UiRouter;
  private readonly hostTools: HostToolServer;
  private readonly queues: QueueTracker;
  private readonly runDriver: RunStateDriver;
  private readonly health = createProtocolHealth();
  private readonly supervisor: WorkerSupervisor;
  private caps: Capabilities = initialCapabilities();
  /** The session file a restart reopens: kept current across /new, /resume, /fork and handoffs. */
  private sessionFile: string | undefined;
  /** The session of the newest generation (its worker may have exited). */
  private session: WorkerSession | undefined;
  /** The worker command: switchWorker() replaces it. */
  private command: string[];
  private readonly live: LiveSupport;

  constructor(private readonly options: WorkerConnectionOptions) {
    this.env = options.env ?? process.env;
    this.command = options.command;
    // A key on the command line (`--agent "… KEY=… …"`) is masked wherever it is echoed back.
    this.redact = withCommandLineSecrets(createRedactor(this.env), options.command);
    this.notices = createNoticeBatcher(options.batchIntervalMs ?? 16);
    this.pending = createPendingTable(options.requestTimeoutsMs);
    this.ui = createUiRouter((n) => this.emit(n));
    this.hostTools = createHostToolServer((frame) => this.send(frame));
    // Workers without queue_update (oh-my-pi, xcsh) get a client-side mirror (docs/protocol.md §6.4).
    this.queues = createQueueTracker(
      () => this.caps.events["queue_update"] !== true,
      (q) => this.emit({ kind: "event", event: { type: "queue_update", steering: [...q.steering], followUp: [...q.followUp] } }),
    );
    this.runDriver = createRunStateDriver(
      options.settleQuietMs ?? 500,
      options.continuationQuietMs ?? 3000,
      () => this.probeRunState(),
      (state) => this.emit({ kind: "run_state", state }),
    );
    this.supervisor = new WorkerSupervisor(
      {
        spawn: (generation, isRestart, exited) => this.spawn(generation, isRestart, exited),
        bringUp: (generation, isRestart) => this.bringUp(generation, isRestart),
        lastFrame: () => this.session?.lastFrame(),
        ended: (info) => this.generationEnded(info),
        stateChanged: (state, info) => this.emit(info ? { kind: "supervisor", state, info } : { kind: "supervisor", state }),
        restartFailed: (message) => this.emit({ kind: "notification", level: "error", message }),
        classifyExit: (info) => this.classifyExit(info),
      },
      {
        budget: createRestartBudget(options.restart === undefined ? DEFAULT_RESTART_POLICY : options.restart),
        ...(options.shutdownTimeoutsMs ? { shutdownTimeoutsMs: options.shutdownTimeoutsMs } : {}),
        ...(options.live ? { releaseOnEnd: true } : {}),
      },
    );
    this.live = createLiveSupport({
      request: this.internalRequest,
      emit: (notice) => this.emit(notice),
      dispatchFrame: (frame) => this.session?.receiveEmbedded(frame),
      parts: () => this.exitParts(),
      stepRun: (input) => this.stepRun(input),
      setSupervisor: (state, info) => this.supervisor.markLink(state, info),
      lastExit: () => this.supervisor.view().lastExit,
      canReconnect: () => options.live !== undefined,
      relaunch: () => this.supervisor.reconnect(),
      killCurrent: () => this.supervisor.endCurrent(),
      stopping: () => this.supervisor.isStopping(),
      runGoing: () => !["idle", "settled"].includes(this.runDriver.model().state),
      ...(options.live?.reconnectDelaysMs ? { delaysMs: options.live.reconnectDelaysMs } : {}),
      ...(options.live?.snapshotTail !== undefined ? { snapshotTail: options.live.snapshotTail } : {}),
    });
    this.rpc = createRpcClient({ request: (type, fields) => this.request(type, fields), supports: (type) => this.caps.commands[type] !== false });
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
    await this.supervisor.stop(() => this.cancelDialogs());
    this.notices.flushNow();
  }

  /** End the worker: a live one with the `shutdown` command first (it would outlive stop()). */
  async shutdownWorker(): Promise<void> {
    const link = this.live.link;
    if (link.id !== undefined && link.ended === undefined && this.supervisor.view().state === "running") {
      try {
        await this.internalRequest("shutdown", {}, PROBE_TIMEOUT_MS);
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
      runState: this.runDriver.model().state,
      generation: s.generation,
      ...(s.worker?.pid !== undefined ? { pid: s.worker.pid } : {}),
      capabilities: this.caps,
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
    if (frame) this.send(frame);
  }

  async registerHostTools(tools: HostToolDefinition[], handler: HostToolHandler): Promise<void> {
    this.hostTools.setRegistry(tools, handler);
    await this.rpc.setHostTools(tools);
  }

  // ---- requests --------------------------------------------------------------------------

  /** A request of the current generation, without the checks of the public path. */
  private readonly internalRequest: RequestFn = (type, fields, timeoutMs) =>
    this.session ? this.session.request(type, fields, timeoutMs) : Promise.reject(new BridgeError("not_running", "No worker is running", { command: type }));

  private async request(type: string, fields: Record<string, unknown>): Promise<unknown> {
    await this.supervisor.whenStarted(); // docs/protocol.md §11.2: input sent while starting waits for readiness
    const { state, lastExit } = this.supervisor.view();
    if (state === "reconnecting") throw new BridgeError("not_running", "Not connected to the live worker (reconnecting)", { command: type });
    if (state !== "running") {
      const exit = lastExit ? ` (last exit code ${lastExit.code ?? "none"}, signal ${lastExit.signal ?? "none"})` : "";
      throw new BridgeError("not_running", `Worker is ${state}${exit}`, { command: type });
    }
    if (this.caps.commands[type] === false) throw new BridgeError("unsupported", `The worker does not support ${type}`, { command: type });
    if (SESSION_REPLACING.has(type)) this.cancelDialogs(); // docs/protocol.md §7.6: the old session's dialogs are answered `cancelled` first.
    const runState = this.runDriver.model().state;
    const queuedPrompt = type === "prompt" && runState !== "idle" && runState !== "settled";
    const data = await this.internalRequest(type, fields);
    this.queues.onAccepted(type, fields, queuedPrompt);
    if (SESSION_REPLACING.has(type)) await this.noteSessionFile();
    return data;
  }

  /** After /new, /resume, /fork…: a restart must reopen the session now open, not the first one. */
  private async noteSessionFile(): Promise<void> {
    const read = await readSessionFile(this.internalRequest, (message) => this.emit({ kind: "notification", level: "warning", message }));
    if (read) this.sessionFile = read.file;
  }

  private async probeRunState(): Promise<{ isStreaming: boolean; isCompacting: boolean }> {
    const data = await this.internalRequest("get_state", {}, PROBE_TIMEOUT_MS);
    const s = isRecord(data) ? data : {};
    if (typeof s["pendingMessageCount"] === "number") this.queues.onPendingCount(s["pendingMessageCount"]);
    return { isStreaming: s["isStreaming"] === true, isCompacting: s["isCompacting"] === true };
  }

  // ---- one generation --------------------------------------------------------------------

  private spawn(
    generation: number,
    isRestart: boolean,
    exited: (code: number | null, signal: NodeJS.Signals | null, spawnError?: Error) => void,
  ): WorkerProcess {
    const extra = isRestart && this.options.sessionArgsForRestart ? this.options.sessionArgsForRestart(this.sessionFile) : [];
    const current = (): WorkerSession | undefined => (this.supervisor.isCurrent(generation) ? session : undefined);
    const id = this.live.link.id;
    const base = this.live.reconnecting && this.options.live && id !== undefined ? this.options.live.reconnectCommand(id) : this.command;
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
    const session = this.newSession(generation, worker);
    this.session = session;
    this.health.reset();
    return worker;
  }

  private newSession(generation: number, worker: WorkerProcess): WorkerSession {
    return new WorkerSession(generation, worker, {
      redact: this.redact,
      pending: this.pending,
      ui: this.ui,
      hostTools: this.hostTools,
      health: this.health,
      degradedThreshold: this.options.degradedThreshold ?? 3,
      emit: (notice) => this.emit(notice),
      event: (event, continues) => this.onEvent(event, continues),
      stateSeen: (data) => this.emit({ kind: "session_state", snapshot: toSessionSnapshot(data) }),
      unsupported: (command) => this.setCaps(applyProbe(this.caps, command, false)),
      version: (version) => {
        this.caps = { ...this.caps, version };
      },
      sessionMayHaveChanged: () => {
        if (this.supervisor.view().state === "running") void this.noteSessionFile();
      },
      degrade: (reason) => this.supervisor.degrade(generation, reason),
      admit: (routed) => this.live.admit(routed),
      ready: (live) => this.live.onReady(live),
      responseSeen: (frame) => {
        // Events the worker sent before this answer reach subscribers before its caller resumes
        // (a /compact that failed after compaction_start must see that start in the store).
        this.notices.flushNow();
        this.live.onResponse(frame);
      },
      detached: (reason) => {
        this.live.link.onDetached(reason);
        this.emit({ kind: "live_detached", reason });
        // The worker closes this link next: a relay would exit, a worker serving it in place runs on.
        setImmediate(() => {
          if (this.supervisor.isCurrent(generation)) this.supervisor.releaseCurrent();
        });
      },
    });
  }

  private async bringUp(generation: number, isRestart: boolean): Promise<void> {
    const session = this.session;
    if (!session || session.generation !== generation) throw new Error(`bringUp(): generation ${generation} has no session`);
    const startup = exitDuringStartup(session.worker.exited, () => this.supervisor.view().lastExit);
    try {
      await bringUpGeneration({
        options: this.options,
        request: this.internalRequest,
        readyFrame: session.readyFrame,
        failed: startup.failed,
        isRestart: () => this.live.needsRehydrate(isRestart),
        afterReady: () => this.live.attached(),
        rawState: () => session.rawGetState(),
        caps: () => this.caps,
        setCaps: (next) => this.setCaps(next),
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

  /** A live worker behind a dropped link is reconnected; one that let us go is not restarted. */
  private classifyExit(info: WorkerExitInfo): ExitKind {
    if (this.live.onExit(info)) return "link_lost";
    return this.live.link.ended !== undefined ? "released" : "crash";
  }

  private generationEnded(info: WorkerExitInfo): void {
    for (const n of cleanUpAfterExit(this.exitParts(), info)) this.emit(n);
    this.stepRun({ type: "worker_gone" });
  }

  // ---- events and state ------------------------------------------------------------------

  private onEvent(event: AgentEvent, continues: boolean): void {
    this.setCaps(noteEvent(this.caps, event.type));
    const input: RunInput = { type: "event", eventType: event.type };
    if ("willRetry" in event && typeof event.willRetry === "boolean") input.willRetry = event.willRetry;
    if (event.type === "auto_retry_end") input.success = event.success;
    if (continues) input.isTerminal = false;
    this.stepRun(input);
    const client = toClientEvent(event);
    if (client) this.emit({ kind: "event", event: client });
    const run = this.runDriver.model().state;
    const stranded = this.queues.onEvent(event, (run === "idle" || run === "settled") && this.caps.flavour !== "ours");
    if (stranded) this.emit({ kind: "notification", level: "info", message: stranded });
  }

  /** What a worker exit leaves behind: requests, dialogs, host tools, the queue, this generation's tools. */
  private exitParts(): ExitParts {
    const openTools = this.session?.openTools ?? new Map<string, string>();
    return { pending: this.pending, ui: this.ui, hostTools: this.hostTools, queues: this.queues, openTools };
  }

  private stepRun(input: RunInput): void {
    this.runDriver.step(input);
  }

  private setCaps(next: Capabilities): void {
    if (next === this.caps) return;
    this.caps = next;
    if (this.runDriver.model().synthesise !== next.synthesisedSettled) this.stepRun({ type: "set_synthesise", synthesise: next.synthesisedSettled });
    this.emit({ kind: "capabilities", capabilities: next });
  }

  private emit(notice: BridgeNotice): void {
    this.notices.push(notice);
  }

  private cancelDialogs(): void {
    const { frames, notices } = this.ui.cancelAllWithAnswers();
    for (const frame of frames) this.send(frame);
    for (const n of notices) this.emit(n);
  }

  /** A frame that expects no response, to the live worker; without one, a warning. */
  private send(frame: Record<string, unknown>): void {
    if (this.session) this.session.send(frame);
    else this.emit({ kind: "notification", level: "warning", message: `Could not send ${String(frame["type"])}: No worker is running` });
  }
}
