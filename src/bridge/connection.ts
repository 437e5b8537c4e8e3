// The worker connection the TUI drives: a WorkerSupervisor (processes, exits, restarts) over
// generations from a GenerationFactory (a process and its WorkerSession each), around the state
// that outlives a generation: pending requests, dialogs, host tools (InFlight), capabilities, run
// state and the queue mirror (WorkerTracker), and the session file a restart reopens
// (docs/protocol.md §11). A live worker behind a dropped link is reconnected instead of restarted
// (connection-live.ts). Never replays a prompt or tool call.
import { BridgeError } from "./errors.js";
import { createLiveSupport, type LiveSupport } from "./connection-live.js";
import { CurrentSession } from "./current-session.js";
import { InFlight } from "./exit-cleanup.js";
import { GenerationFactory } from "./generation-factory.js";
import { createHostToolServer, type HostToolServer } from "./host-tools.js";
import { createNoticeBatcher, type NoticeBatcher } from "./notice-batcher.js";
import { createPendingTable, type PendingTable } from "./pending.js";
import { createProtocolHealth, type ProtocolHealth } from "./protocol-health.js";
import { createRedactor, withCommandLineSecrets } from "./redact.js";
import { createRestartBudget, DEFAULT_RESTART_POLICY } from "./restart-policy.js";
import { createRpcClient, type RpcClient, type RpcTransport } from "./rpc-client.js";
import { SessionFile } from "./session-file.js";
import { PROBE_TIMEOUT_MS } from "./startup.js";
import { createUiRouter, type UiRouter } from "./ui-router.js";
import type { HostToolDefinition } from "./wire-types.js";
import type { WorkerProcess } from "./worker-process.js";
import type { ExitCallback, ExitHandler, ExitKind, GenerationSource } from "./worker-supervisor.js";
import { WorkerSupervisor } from "./worker-supervisor.js";
import { WorkerTracker } from "./worker-tracker.js";
import type { BridgeNotice, BridgeSnapshot, HostToolHandler, UiResponse } from "./types.js";
import type { WorkerConnection, WorkerConnectionOptions, WorkerExitInfo } from "./types.js";

const SESSION_REPLACING = new Set(["new_session", "switch_session", "fork", "branch", "clone"]);

export function createWorkerConnection(options: WorkerConnectionOptions): WorkerConnection {
  if (options.command.length === 0) throw new Error("createWorkerConnection: command is empty");
  return new Connection(options);
}

/**
 * Also what its supervisor asks for (GenerationSource, ExitHandler): the supervisor is made
 * before the parts that need it, so the connection hands its questions on to them.
 */
class Connection implements WorkerConnection, RpcTransport, GenerationSource, ExitHandler {
  readonly rpc: RpcClient;
  private readonly notices: NoticeBatcher;
  private readonly current: CurrentSession;
  private readonly pending: PendingTable;
  private readonly ui: UiRouter;
  private readonly hostTools: HostToolServer;
  private readonly health: ProtocolHealth;
  private readonly tracker: WorkerTracker;
  private readonly sessionFile: SessionFile;
  private readonly inFlight: InFlight;
  private readonly supervisor: WorkerSupervisor;
  private readonly live: LiveSupport;
  private readonly generations: GenerationFactory;

  constructor(options: WorkerConnectionOptions) {
    const env = options.env ?? process.env;
    this.notices = createNoticeBatcher(options.batchIntervalMs ?? 16);
    this.current = new CurrentSession(this.notices);
    this.pending = createPendingTable(options.requestTimeoutsMs);
    this.ui = createUiRouter(this.notices.emit);
    this.hostTools = createHostToolServer(this.current.send);
    this.health = createProtocolHealth(options.degradedThreshold ?? 3);
    const quiet = {
      settleQuietMs: options.settleQuietMs ?? 500,
      continuationQuietMs: options.continuationQuietMs ?? 3000,
    };
    this.tracker = new WorkerTracker(this.notices, this.current.request, quiet);
    this.sessionFile = new SessionFile(this.current.request, this.notices);
    const tables = { pending: this.pending, ui: this.ui, hostTools: this.hostTools };
    this.inFlight = new InFlight(tables, this.tracker, this.current, this.notices);
    this.supervisor = new WorkerSupervisor(this, this, this.notices, {
      budget: createRestartBudget(options.restart === undefined ? DEFAULT_RESTART_POLICY : options.restart),
      ...(options.shutdownTimeoutsMs ? { shutdownTimeoutsMs: options.shutdownTimeoutsMs } : {}),
      ...(options.live ? { releaseOnEnd: true } : {}),
    });
    const { notices, current, supervisor } = this;
    this.live = createLiveSupport(options.live, { notices, channel: current, work: this.inFlight, supervisor });
    // A key on the command line (`--agent "… KEY=… …"`) is masked wherever it is echoed back.
    const redact = withCommandLineSecrets(createRedactor(env), options.command);
    this.generations = new GenerationFactory(options, env, redact, {
      notices,
      current,
      tables,
      health: this.health,
      tracker: this.tracker,
      live: this.live,
      sessionFile: this.sessionFile,
      supervisor,
    });
    this.rpc = createRpcClient(this);
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
        const message = `Could not end the live worker: ${(error as Error).message}`;
        this.notices.emit({ kind: "notification", level: "warning", message });
      }
    }
    await this.stop();
  }

  async switchWorker(next: string[], current: "end" | "detach"): Promise<void> {
    // The worker left on purpose says goodbye (live_detached): the switch is the news, not that.
    this.live.expectEnd();
    await (current === "end" ? this.shutdownWorker() : this.stop());
    this.generations.command = next;
    this.live.link.reset();
    await this.start();
  }

  subscribe(listener: (batch: readonly BridgeNotice[]) => void): () => void {
    return this.notices.subscribe(listener);
  }

  getSnapshot(): BridgeSnapshot {
    const s = this.supervisor.view();
    const { id, ended } = this.live.link;
    const sessionFile = this.sessionFile.file;
    return {
      supervisor: s.state,
      runState: this.tracker.runState,
      generation: s.generation,
      ...(s.worker?.pid !== undefined ? { pid: s.worker.pid } : {}),
      capabilities: this.tracker.capabilities,
      ...(s.lastExit ? { lastExit: s.lastExit } : {}),
      restartsInWindow: s.restartsInWindow,
      stderrTail: s.worker?.stderr.tail() ?? s.lastExit?.stderrTail ?? "",
      ...(sessionFile !== undefined ? { sessionFile } : {}),
      pendingRequests: this.pending.size(),
      openDialogs: this.ui.openCount(),
      protocolErrors: this.health.total(),
      ...(id !== undefined ? { live: { id, ...(ended !== undefined ? { ended } : {}) } } : {}),
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

  // ---- the typed client's requests (rpc-client.ts) ------------------------------------------

  supports(type: string): boolean {
    return this.tracker.supports(type);
  }

  async request(type: string, fields: Record<string, unknown>): Promise<unknown> {
    await this.supervisor.whenStarted(); // docs/protocol.md §11.2: input sent while starting waits for readiness
    const { state, lastExit } = this.supervisor.view();
    if (state === "reconnecting") {
      throw new BridgeError("not_running", "Not connected to the live worker (reconnecting)", { command: type });
    }
    if (state !== "running") {
      const exit = lastExit ? ` (last exit code ${lastExit.code ?? "none"}, signal ${lastExit.signal ?? "none"})` : "";
      throw new BridgeError("not_running", `Worker is ${state}${exit}`, { command: type });
    }
    if (!this.supports(type)) {
      throw new BridgeError("unsupported", `The worker does not support ${type}`, { command: type });
    }
    // docs/protocol.md §7.6: the old session's dialogs are answered `cancelled` first.
    if (SESSION_REPLACING.has(type)) this.inFlight.cancelDialogs();
    const queuedPrompt = type === "prompt" && this.tracker.runGoing();
    const data = await this.current.request(type, fields);
    this.tracker.queues.onAccepted(type, fields, queuedPrompt);
    // After /new, /resume, /fork…: a restart must reopen the session now open, not the first one.
    if (SESSION_REPLACING.has(type)) await this.sessionFile.refresh();
    return data;
  }

  // ---- what the supervisor asks --------------------------------------------------------------

  spawn(generation: number, isRestart: boolean, exited: ExitCallback): WorkerProcess {
    return this.generations.spawn(generation, isRestart, exited);
  }

  bringUp(generation: number, isRestart: boolean): Promise<void> {
    return this.generations.bringUp(generation, isRestart);
  }

  lastFrame(): WorkerExitInfo["lastFrame"] {
    return this.generations.lastFrame();
  }

  /** A live worker behind a dropped link is reconnected; one that let us go is not restarted. */
  classify(info: WorkerExitInfo): ExitKind {
    return this.live.classifyExit(info);
  }

  settle(info: WorkerExitInfo): void {
    this.inFlight.settleExit(info);
  }
}
