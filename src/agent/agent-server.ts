// Wires one worker process: stdout takeover and frame writer, configuration, model choice,
// session store, tools, extensions (what they may do: extension-port.ts), runtime, command
// table, stdin server, ready frame, and the shutdown paths (stdin end → 0, SIGTERM → 143,
// SIGHUP → 129, EPIPE → client gone).
// `agent-rpc serve` swaps stdio for the live transport (src/agent/live/).

import { randomUUID } from "node:crypto";
import type { CliOptions } from "./cli.js";
import { agentHome, loadConfig, type LoadedConfig } from "./config.js";
import type { AgentServices, CommandContext } from "./commands/command-table.js";
import { buildCommandTable } from "./commands/registry.js";
import { DEMO_PROVIDER } from "./providers/demo-model.js";
import { ModelRegistry } from "./providers/model-registry.js";
import {
  createFrameWriter,
  STREAM_COALESCE_MS,
  takeOverStdout,
  type FrameSink,
  type FrameWriter,
} from "./rpc/frame-writer.js";
import { startRpcServer, type RpcServer } from "./rpc/rpc-server.js";
import { AgentRuntime, type RuntimeOptions } from "./runtime/agent-runtime.js";
import { HookRegistry, type FinishedToolCall, type ToolResultOverride } from "./runtime/hooks.js";
import type { WireEvent } from "./runtime/wire-events.js";
import { openSessionManager, type SessionManager } from "./session/index.js";
import { getSessionFeatures, installSessionFeatures } from "./session/features.js";
import { setupExtensions } from "./extensions/index.js";
import { extensionPort } from "./extension-port.js";
import { isThinkingLevel } from "./providers/thinking.js";
import { loadAgentCore } from "./providers/lazy.js";
import { BUILTIN_TOOL_NAMES } from "./tools/prompt-info.js";
import { guardStderr, installCredentialGuard, maskSecrets } from "./security/credential-guard.js";
import { setToolNice } from "./tools/tool-priority.js";
import type { LiveTotals, LiveTransport } from "./live/live-transport.js";
import { buildState, sessionStats } from "./commands/state-commands.js";
import { installCheckpoints } from "./checkpoints/turn-hooks.js";
import { whenQuiet } from "./rpc/when-quiet.js";

export interface StartOptions {
  cli: CliOptions;
  version: string;
  cwd: string;
  /** Warnings for the client, sent as `notify` after ready (e.g. why live sessions are off). */
  notices?: readonly string[];
}

const warn = (message: string): void => {
  process.stderr.write(`agent-rpc: ${message}\n`);
};

type Shutdown = (code: number) => void;

/** stdin frames that are not commands (dialog answers, host tool results), by frame type. */
type FrameRoutes = Map<string, (frame: Record<string, unknown>) => boolean>;

/** Everything shutdown needs; filled in as start-up proceeds (a part not there yet is skipped). */
type Parts = {
  runtime?: AgentRuntime;
  hooks?: HookRegistry;
  services?: AgentServices;
  server?: RpcServer;
  session?: SessionManager;
  writer?: FrameWriter;
  live?: LiveTransport;
};

/** A client that closed stderr must not crash the worker; a stray rejection is reported, not fatal. */
function guardProcess(shutdown: Shutdown): void {
  process.stderr.on("error", (error) => {
    if ((error as NodeJS.ErrnoException).code !== "EPIPE") shutdown(1);
  });
  process.on("unhandledRejection", (reason) => {
    warn(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
}

/**
 * Session problems (lines skipped, a file that could not be opened) are told to the client as a
 * `notify` warning, not only on stderr; those found before `ready` follow it.
 */
function createSessionNotices(): { notice(message: string): void; ready(writer: FrameWriter): void } {
  let writer: FrameWriter | undefined;
  const early: object[] = [];
  return {
    notice(message) {
      warn(message);
      const frame = {
        type: "extension_ui_request",
        id: `session-notice-${randomUUID()}`,
        method: "notify",
        message,
        notifyType: "warning",
      };
      if (writer) writer.write(frame);
      else early.push(frame);
    },
    ready(w) {
      writer = w;
      for (const frame of early.splice(0)) w.write(frame);
    },
  };
}

function openSession(cli: CliOptions, cwd: string, home: string, notice: (message: string) => void): SessionManager {
  return openSessionManager({
    cwd,
    agentHome: home,
    ...(cli.sessionDir ? { sessionDir: cli.sessionDir } : {}),
    ...(cli.session ? { sessionFile: cli.session } : {}),
    noSession: cli.noSession,
    continueRecent: cli.continueSession,
    ...(cli.name ? { name: cli.name } : {}),
    warn,
    notice,
  });
}

/** The model and thinking level to start with: the CLI's, else a resumed session's, else the settings'. */
async function initialModel(
  cli: CliOptions,
  config: LoadedConfig,
  models: ModelRegistry,
  session: SessionManager,
): Promise<Pick<RuntimeOptions, "model" | "thinkingLevel">> {
  const restored = session.getContextSettings();
  let choice = await models.resolveInitial(cli, config.settings);
  if (!cli.model && !cli.provider && restored.model) {
    const model = await models.find(restored.model.provider, restored.model.modelId);
    if (model) choice = { model };
  }
  if (choice.notice) warn(choice.notice);
  if (choice.error) warn(choice.error);
  const restoredThinking = isThinkingLevel(restored.thinkingLevel) ? restored.thinkingLevel : undefined;
  const thinkingLevel = cli.thinking ?? choice.thinkingLevel ?? restoredThinking;
  return { ...(choice.model ? { model: choice.model } : {}), ...(thinkingLevel ? { thinkingLevel } : {}) };
}

/** The command table served on stdin (or on the live transport), then the ready frame. */
async function serve(
  parts: Required<Pick<Parts, "runtime" | "services" | "writer">> & Pick<Parts, "live">,
  frameRoutes: FrameRoutes,
  version: string,
  shutdown: Shutdown,
  onCommand: () => void,
): Promise<RpcServer> {
  const { runtime, services, writer, live } = parts;
  const contextFor = (id: string | undefined): CommandContext => ({
    runtime,
    services,
    emit: (event) => runtime.emit(event),
    ...(id !== undefined ? { id } : {}),
  });
  const server = startRpcServer({
    ...(live ? { reply: live.reply, intercept: live.intercept } : { input: process.stdin }),
    afterCommand: (type) => {
      live?.afterCommand(type);
      onCommand();
    },
    writer,
    table: buildCommandTable(),
    contextFor,
    frameRoutes,
    onInputEnd: () => shutdown(0),
  });
  if (live) {
    await live.start({
      server,
      cwd: services.cwd,
      session: services.session,
      // The state as get_state gives it, cwd included: a client attaching from elsewhere shows the session's folder.
      snapshot: () => {
        const state = { ...buildState(runtime), cwd: services.cwd };
        return { state, messages: runtime.messages, stats: statsForAttach(runtime, services) };
      },
      runIdle: () => !runtime.isStreaming && !runtime.isCompacting,
      totals: () => liveTotals(statsForAttach(runtime, services)),
      hostTools: () => getSessionFeatures(services)?.hostTools,
      shutdown,
    });
  } else {
    writer.write({ type: "ready", version });
  }
  return server;
}

/** The orderly way out: abort, settle dialogs and host calls, drain, close, exit with `code`. */
function createShutdown(parts: Parts): (code: number) => Promise<void> {
  let shuttingDown = false;
  return async (code) => {
    if (shuttingDown) return;
    shuttingDown = true;
    try {
      // Host tool calls nobody will answer fail with the disconnect message (docs/protocol.md §1.6, §8.4), not
      // as aborted: reject them before the abort cancels them.
      if (parts.services) getSessionFeatures(parts.services)?.hostTools.rejectAllDisconnected();
      if (parts.runtime) await withTimeout(parts.runtime.abort(), 2000);
      // The hooks' shutdown resolves open extension dialogs to their defaults, so a command
      // waiting on one finishes now instead of holding the idle wait below to its timeout.
      if (parts.hooks) await withTimeout(parts.hooks.shutdown(), 1000);
      if (parts.server) await withTimeout(parts.server.idle(), 2000);
      parts.session?.close();
      if (parts.writer) await withTimeout(parts.writer.drained(), 1000);
      // A live worker tells its client it ended on purpose, so the client does not reconnect.
      if (parts.live) await withTimeout(parts.live.close("shutdown"), 2000);
    } catch (error) {
      warn(`shutdown: ${(error as Error).message}`);
    }
    process.exit(code);
  };
}

function onSignals(shutdown: Shutdown, live: LiveTransport | undefined): void {
  process.on("SIGTERM", () => shutdown(143));
  // A live worker has no terminal: a stray hangup must not end the run it keeps going.
  process.on("SIGHUP", () =>
    live ? warn("SIGHUP ignored (live worker; agent-rpc sessions --stop ends it)") : shutdown(129),
  );
  process.on("SIGINT", () => shutdown(130));
}

/** `agent-rpc serve`'s modules, loaded only then: a stdio worker never needs them. */
function loadLiveModules(): Promise<
  [
    typeof import("./live/live-transport.js"),
    typeof import("./live/idle-exit.js"),
    typeof import("./live/stdio-link.js"),
  ]
> {
  return Promise.all([
    import("./live/live-transport.js"),
    import("./live/idle-exit.js"),
    import("./live/stdio-link.js"),
  ]);
}

function createLive(
  [{ createLiveTransport }, { idleGraceMs }, { linkStdio }]: Awaited<ReturnType<typeof loadLiveModules>>,
  o: { cli: CliOptions; config: LoadedConfig; version: string; liveId: string; sink: FrameSink },
): LiveTransport {
  const { cli, sink } = o;
  return createLiveTransport({
    agentHome: o.config.home,
    version: o.version,
    liveId: o.liveId,
    graceMs: idleGraceMs(cli.idleExitSeconds, o.config.rawSettings),
    onListening: cli.stdioLink
      ? (where) => {
          linkStdio(where.socket, process.stdin, sink, warn);
        }
      : (where) => sink.write(`${JSON.stringify({ type: "live_listening", ...where })}\n`),
    warn,
  });
}

export async function startAgent({ cli, version, cwd, notices }: StartOptions): Promise<void> {
  const parts: Parts = {};
  const stop = createShutdown(parts);
  const shutdown: Shutdown = (code) => void stop(code);
  guardProcess(shutdown);
  // Before anything can print: stderr is masked from the first byte (credential-named
  // variables), and with models.json's values once the configuration is loaded.
  guardStderr();
  const sink = takeOverStdout();
  const config = loadConfig(agentHome(), warn);
  installCredentialGuard({ models: config.models, policy: config.settings.shellEnvironment });
  setToolNice(config.settings.toolNice);
  const models = new ModelRegistry(config.models);
  const hooks = new HookRegistry();
  const sessionNotices = createSessionNotices();
  for (const notice of notices ?? []) sessionNotices.notice(notice);
  // Asked for before the session is read, so the files are read while it is parsed.
  const liveModules = cli.serve ? loadLiveModules() : undefined;
  const session = openSession(cli, cwd, config.home, (message) => sessionNotices.notice(message));
  const live = liveModules
    ? createLive(await liveModules, { cli, config, version, liveId: session.sessionId, sink })
    : undefined;
  const writer =
    live?.writer ?? createFrameWriter({ sink, onClientGone: () => shutdown(0), coalesceMs: STREAM_COALESCE_MS });
  Object.assign(parts, { hooks, session, writer, live });
  const emit = (event: WireEvent): void => writer.write(event);
  const runtime = new AgentRuntime({
    cwd,
    config,
    models,
    hooks,
    emit,
    store: session,
    // The tool modules load typebox (~170 ms): on the first run's preflight or the warm-up below.
    lazyTools: {
      names: BUILTIN_TOOL_NAMES,
      load: async () => (await import("./tools/index.js")).createCodingTools({ cwd }),
    },
    ...(await initialModel(cli, config, models, session)),
  });
  const frameRoutes: FrameRoutes = new Map();
  const services: AgentServices = { version, cwd, cli, config, session, shutdown, frameRoutes, slots: new Map() };
  Object.assign(parts, { runtime, services });
  // Todos, host tools and compaction plug into the runtime's hooks and the stdin routes.
  installSessionFeatures(runtime, services);
  // Working-tree checkpoints at every user turn (docs/protocol-notes.md "Checkpoints").
  installCheckpoints(hooks, services);
  const extensions = await setupExtensions({
    cwd,
    home: config.home,
    cliPaths: cli.extensions,
    settings: config.rawSettings,
    ...(cli.provider === DEMO_PROVIDER ? { demo: true } : {}),
    emit: (frame) => writer.write(frame),
    warn,
    runtime: extensionPort({ runtime, session, writer, shutdown, warn }),
  });
  hooks.add(extensions.hooks);
  // Last, after extensions rewrote results: a tool that printed a credential (cat models.json)
  // must not put it into the next model request.
  hooks.add({ afterToolCall: (call) => maskToolResult(call.result.content) });
  services.extensions = extensions;
  frameRoutes.set("extension_ui_response", (frame) => {
    if (typeof frame["id"] === "string") live?.dialogAnswered(frame["id"]);
    return extensions.handleUiResponse(frame);
  });
  // Warm pi-ai/pi-agent-core once the client's startup queries are answered, so the first
  // prompt does not pay for loading them.
  const warmUp = whenQuiet(() => {
    loadAgentCore()
      .then(() => runtime.prepareTools())
      .catch((error: unknown) => warn(`preloading the agent loop failed: ${(error as Error).message}`));
  });
  parts.server = await serve({ runtime, services, writer, live }, frameRoutes, version, shutdown, warmUp.touch);
  sessionNotices.ready(writer);
  onSignals(shutdown, live);
}

function maskToolResult(content: FinishedToolCall["result"]["content"]): ToolResultOverride | undefined {
  let changed = false;
  const masked = content.map((block) => {
    if (block.type !== "text") return block;
    const text = maskSecrets(block.text);
    if (text === block.text) return block;
    changed = true;
    return { ...block, text };
  });
  return changed ? { content: masked } : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The totals an attach answer carries: optional, so a session the counting cannot read is
 * attached without them (the client asks get_session_stats, which answers the error) rather
 * than ending the worker with the attach.
 */
function statsForAttach(
  runtime: Parameters<typeof sessionStats>[0],
  services: Parameters<typeof sessionStats>[1],
): Record<string, unknown> | undefined {
  try {
    return sessionStats(runtime, services);
  } catch (error) {
    warn(`session totals left out of the attach answer: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The registry entry's totals, from get_session_stats data. */
function liveTotals(stats: Record<string, unknown> | undefined): LiveTotals {
  const tokens = stats?.["tokens"] as { input?: unknown; output?: unknown } | undefined;
  const cost = stats?.["cost"];
  const totals: LiveTotals = {};
  if (typeof tokens?.input === "number" && typeof tokens.output === "number")
    totals.tokens = { input: tokens.input, output: tokens.output };
  if (typeof cost === "number") totals.cost = cost;
  return totals;
}
