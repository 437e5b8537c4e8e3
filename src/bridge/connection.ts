// The worker connection and supervisor: spawns generations, routes frames, keeps the pending
// table, UI dialogs, host tools and run state consistent across crashes, and restarts under
// a budget with rehydration (§11.2–11.4); a live worker is reconnected instead
// (connection-live.ts). Never replays a prompt or tool call.
import { serializeFrame } from "../protocol/index.js";
import { BridgeError } from "./errors.js";
import { createRedactor, withCommandLineSecrets } from "./redact.js";
import { createFrameRouter, type FrameRouter, type RoutedFrame } from "./frame-router.js";
import { decodeData } from "./normalise.js";
import { createPendingTable } from "./pending.js";
import { createUiRouter } from "./ui-router.js";
import { createHostToolServer } from "./host-tools.js";
import { createNoticeBatcher } from "./notice-batcher.js";
import type { RunInput } from "./run-state.js";
import { createRunStateDriver } from "./run-state-driver.js";
import { applyProbe, initialCapabilities, noteEvent } from "./capabilities.js";
import { exitDuringStartup, PROBE_TIMEOUT_MS } from "./startup.js";
import { createRequestSender, readSessionFile } from "./connection-requests.js";
import { bringUpGeneration } from "./connection-bring-up.js";
import { degradeLater, scheduleRestart as runRestart } from "./connection-restart.js";
import { createRestartBudget, DEFAULT_RESTART_POLICY } from "./restart-policy.js";
import { spawnOptionsFrom, spawnWorker, terminateWorker, type WorkerProcess } from "./worker-process.js";
import { createRpcClient } from "./rpc-client.js";
import { createQueueTracker } from "./queue-mirror.js";
import { cleanUpAfterExit, describeExit } from "./exit-cleanup.js";
import { createProtocolHealth } from "./protocol-health.js";
import { createLiveSupport } from "./connection-live.js";
import type { AgentEvent } from "./wire-types.js";
import type { BridgeNotice, BridgeSnapshot, SupervisorState, WorkerConnection, WorkerConnectionOptions, WorkerExitInfo } from "./types.js";

const SESSION_REPLACING = new Set(["new_session", "switch_session", "fork", "branch", "clone"]);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function createWorkerConnection(options: WorkerConnectionOptions): WorkerConnection {
  if (options.command.length === 0) throw new Error("createWorkerConnection: command is empty");
  const env = options.env ?? process.env;
  // A key on the command line (`--agent "… KEY=… …"`) is masked wherever it is echoed back.
  const redact = withCommandLineSecrets(createRedactor(env), options.command);
  const notices = createNoticeBatcher(options.batchIntervalMs ?? 16);
  const pending = createPendingTable(options.requestTimeoutsMs);
  const ui = createUiRouter((n) => notices.push(n));
  const hostTools = createHostToolServer((frame) => trySend(frame));
  const budget = createRestartBudget(options.restart === undefined ? DEFAULT_RESTART_POLICY : options.restart);
  const degradedThreshold = options.degradedThreshold ?? 3;

  let command = options.command;
  let caps = initialCapabilities();
  let supervisor: SupervisorState = "stopped";
  let generation = 0;
  let worker: WorkerProcess | undefined;
  let router: FrameRouter = createFrameRouter(redact);
  let lastFrame: WorkerExitInfo["lastFrame"];
  let lastExit: WorkerExitInfo | undefined;
  let sessionFile: string | undefined;
  const health = createProtocolHealth();
  let everRunning = false;
  let stopping = false;
  let exitReason: string | undefined;
  let readyWaiter: { resolve: (version: string | undefined) => void } | undefined;
  let readyPromise: Promise<void> = Promise.resolve();
  const openTools = new Map<string, string>();
  // Raw get_state data of this generation: the flavour is classified by the keys the worker
  // sent (§3.12); decoded data has pendingMessageCount filled in from queuedMessageCount, which
  // made oh-my-pi 18 (queuedMessageCount + todoPhases) look like ours and never settle.
  let rawState: Record<string, unknown> | undefined;

  const emit = (notice: BridgeNotice): void => notices.push(notice);
  // Workers without queue_update (oh-my-pi, xcsh) get a client-side mirror (§6.4).
  const queues = createQueueTracker(
    () => caps.events["queue_update"] !== true,
    (q) => emit({ kind: "event", event: { type: "queue_update", steering: [...q.steering], followUp: [...q.followUp] } }),
  );
  const setSupervisor = (state: SupervisorState, info?: WorkerExitInfo): void => {
    supervisor = state;
    emit(info ? { kind: "supervisor", state, info } : { kind: "supervisor", state });
  };
  const setCaps = (next: typeof caps): void => {
    if (next === caps) return;
    caps = next;
    if (runDriver.model().synthesise !== caps.synthesisedSettled) stepRun({ type: "set_synthesise", synthesise: caps.synthesisedSettled });
    emit({ kind: "capabilities", capabilities: caps });
  };

  function cancelDialogs(): void {
    const { frames, notices: closed } = ui.cancelAllWithAnswers();
    for (const frame of frames) trySend(frame);
    for (const n of closed) emit(n);
  }

  function trySend(frame: Record<string, unknown>): void {
    try {
      if (!worker?.isAlive()) throw new BridgeError("not_running", "No worker is running");
      worker.writer.write(serializeFrame(frame));
    } catch (error) {
      emit({ kind: "notification", level: "warning", message: `Could not send ${String(frame["type"])}: ${(error as Error).message}` });
    }
  }

  // ---- run state -------------------------------------------------------------------------
  const runDriver = createRunStateDriver(
    options.settleQuietMs ?? 500,
    options.continuationQuietMs ?? 3000,
    async () => {
      const data = await internalRequest("get_state", {}, PROBE_TIMEOUT_MS);
      const s = isRecord(data) ? data : {};
      if (typeof s["pendingMessageCount"] === "number") queues.onPendingCount(s["pendingMessageCount"]);
      return { isStreaming: s["isStreaming"] === true, isCompacting: s["isCompacting"] === true };
    },
    (state) => emit({ kind: "run_state", state }),
  );
  const stepRun = (input: RunInput): void => runDriver.step(input);

  const live = createLiveSupport({
    request: (type, fields, timeoutMs) => internalRequest(type, fields, timeoutMs),
    emit,
    dispatchFrame: (frame) => handleFrame(generation, router.route(JSON.stringify(frame))),
    parts: { pending, ui, hostTools, queues, openTools },
    stepRun,
    setSupervisor,
    lastExit: () => lastExit,
    canReconnect: () => options.live !== undefined,
    relaunch: () => launch(true),
    killCurrent: () => {
      if (worker) void terminate(worker);
    },
    stopping: () => stopping,
    ...(options.live?.reconnectDelaysMs ? { delaysMs: options.live.reconnectDelaysMs } : {}),
  });

  // ---- frames ----------------------------------------------------------------------------
  function onProtocolError(message: string, excerpt: string): void {
    emit({ kind: "protocol_error", message, excerpt });
    const recent = health.record();
    if (recent >= degradedThreshold && supervisor === "running" && worker) {
      exitReason = `Degraded: ${recent} protocol errors within 60 s (last: ${message})`;
      setSupervisor("degraded");
      void terminate(worker);
    }
  }

  function onEvent(event: AgentEvent, continues = false): void {
    setCaps(noteEvent(caps, event.type));
    if (event.type === "agent_start") pending.noteAgentStart();
    else if (event.type === "tool_execution_start") openTools.set(event.toolCallId, event.toolName);
    else if (event.type === "tool_execution_end") openTools.delete(event.toolCallId);
    const input: RunInput = { type: "event", eventType: event.type };
    if ("willRetry" in event && typeof event.willRetry === "boolean") input.willRetry = event.willRetry;
    if (event.type === "auto_retry_end") input.success = event.success;
    if (continues) input.isTerminal = false;
    stepRun(input);
    emit({ kind: "event", event });
    const idle = runDriver.model().state === "idle" || runDriver.model().state === "settled";
    const stranded = queues.onEvent(event, idle && caps.flavour !== "ours");
    if (stranded) emit({ kind: "notification", level: "info", message: stranded });
  }

  function onFrame(gen: number, routed: RoutedFrame): void {
    if (gen !== generation) return; // a late frame of a dead generation
    if (!live.admit(routed)) return; // covered by the live_attach answer still to come
    handleFrame(gen, routed);
  }

  function handleFrame(gen: number, routed: RoutedFrame): void {
    if (routed.kind !== "protocol_error" && routed.kind !== "ignored") {
      const type = routed.kind === "response" ? "response" : routed.kind === "event" ? routed.event.type : routed.kind;
      lastFrame = { type, at: Date.now(), ...(routed.kind === "response" && routed.frame.command ? { command: routed.frame.command } : {}) };
    }
    switch (routed.kind) {
      case "response": {
        if (routed.frame.command === "get_state" && isRecord(routed.frame.data)) rawState = routed.frame.data;
        live.onResponse(routed.frame);
        const outcome = pending.settle(routed.frame, decodeData);
        if (outcome.kind === "late_prompt_failure") {
          emit({ kind: "late_prompt_failure", id: outcome.id, error: outcome.error });
        } else if (outcome.kind === "unmatched") {
          const command = routed.frame.command;
          if (command === "parse") onProtocolError(`Worker could not parse a command: ${routed.frame.error ?? ""}`, "");
          else if (command?.startsWith("extension_send")) emit({ kind: "notification", level: "error", message: routed.frame.error ?? command });
          // Other unmatched responses (timed out, other generation) are dropped by design (§2.5 rule 3).
        }
        if (outcome.kind === "resolved" && !routed.frame.success && routed.frame.error?.startsWith("Unknown command:")) {
          setCaps(applyProbe(caps, outcome.type, false));
        }
        break;
      }
      case "ready":
        if (routed.version !== undefined) caps = { ...caps, version: routed.version };
        readyWaiter?.resolve(routed.version);
        live.onReady(routed.live);
        break;
      case "live_detached":
        live.link.onDetached(routed.reason);
        emit({ kind: "live_detached", reason: routed.reason });
        break;
      case "ui_request":
        for (const n of ui.handle(routed.request, gen)) emit(n);
        break;
      case "host_tool_call":
        hostTools.call(routed.call, gen);
        break;
      case "host_tool_cancel":
        hostTools.cancel(routed.targetId);
        break;
      case "event":
        onEvent(routed.event, routed.continues === true);
        // A handoff may continue in a new session: keep the file a restart reopens current.
        if (routed.refetchState && supervisor === "running") void noteSessionFile();
        break;
      case "unknown_event":
        emit({ kind: "unknown_event", type: routed.type, raw: routed.raw });
        break;
      case "protocol_error":
        onProtocolError(routed.message, routed.excerpt);
        break;
      case "ignored":
        break;
      default: {
        const never: never = routed;
        return never;
      }
    }
  }

  // ---- requests --------------------------------------------------------------------------
  const internalRequest = createRequestSender({ pending, current: () => ({ worker, generation }), onProtocolError });

  async function request(type: string, fields: Record<string, unknown>): Promise<unknown> {
    if (supervisor === "starting" || supervisor === "recovering") await readyPromise; // §11.2: queue input while starting
    if (supervisor === "reconnecting") throw new BridgeError("not_running", "Not connected to the live worker (reconnecting)", { command: type });
    if (supervisor !== "running") {
      throw new BridgeError("not_running", `Worker is ${supervisor}${lastExit ? ` (last exit code ${lastExit.code ?? "none"}, signal ${lastExit.signal ?? "none"})` : ""}`, { command: type });
    }
    if (caps.commands[type] === false) throw new BridgeError("unsupported", `The worker does not support ${type}`, { command: type });
    if (SESSION_REPLACING.has(type)) {
      cancelDialogs(); // §7.6: dialogs of the old session are answered `cancelled` before the switch.
    }
    const runState = runDriver.model().state;
    const queuedPrompt = type === "prompt" && runState !== "idle" && runState !== "settled";
    const data = await internalRequest(type, fields);
    queues.onAccepted(type, fields, queuedPrompt);
    if (SESSION_REPLACING.has(type)) await noteSessionFile();
    return data;
  }

  /** After /new, /resume, /fork…: a restart must reopen the session now open, not the first one. */
  async function noteSessionFile(): Promise<void> {
    const read = await readSessionFile(internalRequest, (message) => emit({ kind: "notification", level: "warning", message }));
    if (read) sessionFile = read.file;
  }

  const rpc = createRpcClient({ request, supports: (type) => caps.commands[type] !== false });

  // ---- lifecycle -------------------------------------------------------------------------
  function onExit(gen: number, w: WorkerProcess, code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void {
    if (gen !== generation) return;
    worker = undefined;
    const reason = spawnError ? redact(`Could not start worker: ${spawnError.message}`) : exitReason;
    exitReason = undefined;
    const info: WorkerExitInfo = {
      generation: gen,
      code,
      signal,
      intentional: stopping,
      stderrTail: w.stderr.tail(),
      ...(lastFrame ? { lastFrame } : {}),
      ...(reason ? { reason } : {}),
    };
    lastExit = info;
    if (live.onExit(info)) {
      readyWaiter = undefined;
      return;
    }
    // The worker let us go on purpose (taken over, or it ended): nothing to restart.
    if (live.link.ended !== undefined) stopping = true;
    for (const n of cleanUpAfterExit({ pending, ui, hostTools, queues, openTools }, info)) emit(n);
    stepRun({ type: "worker_gone" });
    readyWaiter = undefined;
    if (stopping) {
      setSupervisor("stopped", info);
      return;
    }
    setSupervisor("exited", info);
    if (everRunning) void scheduleRestart();
    else setSupervisor("failed", info);
  }

  const scheduleRestart = (): Promise<void> =>
    runRestart({
      budget,
      lastExit: () => lastExit,
      setSupervisor,
      stillRecovering: () => !stopping && supervisor === "recovering",
      relaunch: () => launch(true),
      killCurrent: () => {
        if (worker && generation > 0) void terminate(worker);
      },
      emit,
    });

  async function launch(isRestart: boolean): Promise<void> {
    generation += 1;
    const gen = generation;
    router = createFrameRouter(redact);
    lastFrame = undefined;
    rawState = undefined;
    health.reset();
    const extra = isRestart && options.sessionArgsForRestart ? options.sessionArgsForRestart(sessionFile) : [];
    const base = live.reconnecting && options.live && live.link.id ? options.live.reconnectCommand(live.link.id) : command;
    const w: WorkerProcess = spawnWorker(
      {
        ...spawnOptionsFrom(options),
        argv: [...base, ...extra],
        env,
        redact,
      },
      {
        onRecord: (line) => onFrame(gen, router.route(line)),
        onFramingError: (message) => {
          if (gen === generation) onProtocolError(message, "");
        },
        onStderrLine: (line) => {
          if (options.forwardStderr) emit({ kind: "stderr", line });
        },
        // A worker whose stdout closed or stdin broke but that stays alive is Degraded (§11.2).
        onStdoutEnd: () => degradeIfStillAlive(gen, "Worker closed stdout but kept running"),
        onStdinError: (error) => {
          if (gen !== generation) return;
          emit({ kind: "notification", level: "warning", message: `Worker stdin: ${error.message}` });
          degradeIfStillAlive(gen, `Worker stdin failed (${error.message}) but the worker kept running`);
        },
        onExit: (code, signal, spawnError) => onExit(gen, w, code, signal, spawnError),
      },
    );
    worker = w;

    // Readiness: ready frame or first successful get_state, whichever comes first (§1.1).
    let readyResolve: () => void = () => undefined;
    readyPromise = new Promise<void>((resolve) => {
      readyResolve = resolve;
    });
    const readyFrame = new Promise<void>((resolve) => {
      readyWaiter = { resolve: () => resolve() };
    });
    const startup = exitDuringStartup(w.exited, () => (lastExit ? describeExit(lastExit) : "Worker exited during startup"));
    try {
      await bringUpGeneration({
        options,
        request: internalRequest,
        readyFrame,
        failed: startup.failed,
        isRestart: () => live.needsRehydrate(isRestart),
        afterReady: () => live.attached(),
        rawState: () => rawState,
        caps: () => caps,
        setCaps,
        sessionFile: () => sessionFile,
        setSessionFile: (file) => {
          sessionFile = file;
        },
        hostTools: () => hostTools.registeredTools(),
        emit,
      });
      everRunning = true;
      setSupervisor("running");
    } catch (error) {
      if (worker === w && w.isAlive()) {
        exitReason = (error as Error).message;
        w.kill("SIGKILL");
      }
      throw error;
    } finally {
      startup.done();
      readyResolve();
    }
  }

  const terminate = (w: WorkerProcess): Promise<void> => terminateWorker(w, options.shutdownTimeoutsMs);
  function degradeIfStillAlive(gen: number, reason: string): void {
    degradeLater(
      () => (gen === generation && worker?.isAlive() === true && supervisor === "running" ? worker : undefined),
      (w) => {
        exitReason = reason;
        setSupervisor("degraded");
        void terminate(w);
      },
    );
  }

  return {
    async start() {
      if (supervisor !== "stopped" && supervisor !== "failed") throw new Error(`start(): worker is ${supervisor}`);
      stopping = false;
      everRunning = false;
      setSupervisor("starting");
      await launch(false);
      notices.flushNow();
    },
    rpc,
    subscribe: (listener) => notices.subscribe(listener),
    getSnapshot(): BridgeSnapshot {
      return {
        supervisor,
        runState: runDriver.model().state,
        generation,
        ...(worker?.pid !== undefined ? { pid: worker.pid } : {}),
        capabilities: caps,
        ...(lastExit ? { lastExit } : {}),
        restartsInWindow: budget.used(),
        stderrTail: worker?.stderr.tail() ?? lastExit?.stderrTail ?? "",
        ...(sessionFile !== undefined ? { sessionFile } : {}),
        pendingRequests: pending.size(),
        openDialogs: ui.openCount(),
        protocolErrors: health.total(),
        ...(live.link.id !== undefined ? { live: { id: live.link.id, ...(live.link.ended !== undefined ? { ended: live.link.ended } : {}) } } : {}),
      };
    },
    respondToUi(id, response) {
      const frame = ui.answer(id, response);
      if (frame) trySend(frame);
    },
    async registerHostTools(tools, handler) {
      hostTools.setRegistry(tools, handler);
      await rpc.setHostTools(tools);
    },
    async restart() {
      if (supervisor !== "failed" && supervisor !== "stopped") throw new Error(`restart(): worker is ${supervisor}`);
      stopping = false;
      budget.reset();
      setSupervisor("recovering");
      await launch(everRunning);
      notices.flushNow();
    },
    async stop() {
      stopping = true;
      live.cancel();
      const w = worker;
      if (w) {
        cancelDialogs(); // §7.4: every dialog gets an answer, also on shutdown (pi's editor would wait forever).
        await terminate(w);
      }
      else if (supervisor !== "stopped") setSupervisor("stopped", lastExit);
      notices.flushNow();
    },
    async shutdownWorker() {
      if (live.link.id !== undefined && live.link.ended === undefined && supervisor === "running") {
        try {
          await internalRequest("shutdown", {}, PROBE_TIMEOUT_MS);
        } catch (error) {
          emit({ kind: "notification", level: "warning", message: `Could not end the live worker: ${(error as Error).message}` });
        }
      }
      await this.stop();
    },
    async switchWorker(next, current) {
      await (current === "end" ? this.shutdownWorker() : this.stop());
      command = next;
      live.link.reset();
      await this.start();
    },
  };
}
