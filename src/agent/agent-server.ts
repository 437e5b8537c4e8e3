// Wires one worker process: stdout takeover and frame writer, configuration, model choice,
// session store, tools, extensions, runtime, command table, stdin server, ready frame, and
// the shutdown paths (stdin end → 0, SIGTERM → 143, SIGHUP → 129, EPIPE → client gone).
// `agent-rpc serve` swaps stdio for the live transport (src/agent/live/).

import { randomUUID } from "node:crypto";
import type { CliOptions } from "./cli.js";
import { agentHome, loadConfig } from "./config.js";
import { buildCommandTable, type AgentServices, type CommandContext } from "./commands/registry.js";
import { ModelRegistry } from "./providers/model-registry.js";
import { createFrameWriter, takeOverStdout } from "./rpc/frame-writer.js";
import { startRpcServer } from "./rpc/rpc-server.js";
import { AgentRuntime } from "./runtime/agent-runtime.js";
import { HookRegistry, type FinishedToolCall, type ToolResultOverride } from "./runtime/hooks.js";
import type { WireEvent } from "./runtime/wire-events.js";
import { openSessionManager } from "./session/index.js";
import { getSessionFeatures, installSessionFeatures } from "./session/features.js";
import { setupExtensions } from "./extensions/index.js";
import { isThinkingLevel } from "./providers/thinking.js";
import { loadAgentCore } from "./providers/lazy.js";
import { BUILTIN_TOOL_NAMES } from "./tools/prompt-info.js";
import { guardStderr, installCredentialGuard, maskSecrets } from "./security/credential-guard.js";
import { createLiveTransport, type LiveTransport } from "./live/live-transport.js";
import { idleGraceMs } from "./live/idle-exit.js";
import { buildState } from "./commands/state-commands.js";

export interface StartOptions {
  cli: CliOptions;
  version: string;
  cwd: string;
}

const warn = (message: string): void => {
  process.stderr.write(`agent-rpc: ${message}\n`);
};

export async function startAgent({ cli, version, cwd }: StartOptions): Promise<void> {
  let shuttingDown = false;
  // A client that closed our stderr must not crash the worker: diagnostics are best effort.
  process.stderr.on("error", (error) => {
    if ((error as NodeJS.ErrnoException).code !== "EPIPE") void shutdown(1);
  });
  // A stray rejection in a tool or extension is reported, not fatal: the session stays usable.
  process.on("unhandledRejection", (reason) => {
    warn(`unhandled rejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
  });
  // Before anything can print: stderr is masked from the first byte (credential-named
  // variables), and with models.json's values once the configuration is loaded.
  guardStderr();
  const sink = takeOverStdout();
  const config = loadConfig(agentHome(), warn);
  installCredentialGuard({ models: config.models, policy: config.settings.shellEnvironment });
  const models = new ModelRegistry(config.models);
  const hooks = new HookRegistry();

  // Session problems (lines skipped, a file that could not be opened) are told to the client
  // as a `notify` warning, not only on stderr; those found before `ready` follow it.
  let readySent = false;
  const earlyNotices: object[] = [];
  const notice = (message: string): void => {
    warn(message);
    const frame = { type: "extension_ui_request", id: `session-notice-${randomUUID()}`, method: "notify", message, notifyType: "warning" };
    if (readySent) writer.write(frame);
    else earlyNotices.push(frame);
  };
  const session = openSessionManager({
    cwd,
    agentHome: config.home,
    ...(cli.sessionDir ? { sessionDir: cli.sessionDir } : {}),
    ...(cli.session ? { sessionFile: cli.session } : {}),
    noSession: cli.noSession,
    continueRecent: cli.continueSession,
    ...(cli.name ? { name: cli.name } : {}),
    warn,
    notice,
  });
  const live: LiveTransport | undefined = cli.serve
    ? createLiveTransport({ agentHome: config.home, version, liveId: session.sessionId, graceMs: idleGraceMs(cli.idleExitSeconds, config.rawSettings), handshake: sink, warn })
    : undefined;
  const writer = live?.writer ?? createFrameWriter({ sink, onClientGone: () => void shutdown(0) });

  // A resumed session brings its model and thinking level unless the CLI names them.
  const restored = session.buildContext();
  let choice = await models.resolveInitial(cli, config.settings);
  if (!cli.model && !cli.provider && restored.model) {
    const model = await models.find(restored.model.provider, restored.model.modelId);
    if (model) choice = { model };
  }
  if (choice.notice) warn(choice.notice);
  if (choice.error) warn(choice.error);
  const restoredThinking = isThinkingLevel(restored.thinkingLevel) ? restored.thinkingLevel : undefined;

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
    ...(choice.model ? { model: choice.model } : {}),
    ...((cli.thinking ?? choice.thinkingLevel ?? restoredThinking) ? { thinkingLevel: cli.thinking ?? choice.thinkingLevel ?? restoredThinking } : {}),
  });

  const frameRoutes = new Map<string, (frame: Record<string, unknown>) => boolean>();
  const services: AgentServices = {
    version,
    cwd,
    cli,
    config,
    session,
    shutdown: (code) => void shutdown(code),
    frameRoutes,
    slots: new Map(),
  };

  // Todos, host tools and compaction plug into the runtime's hooks and the stdin routes.
  installSessionFeatures(runtime, services);

  const extensions = await setupExtensions({
    cwd,
    home: config.home,
    cliPaths: cli.extensions,
    settings: config.rawSettings,
    emit: (frame) => writer.write(frame),
    warn,
    runtime: {
      isIdle: () => !runtime.isStreaming,
      abort: () => runtime.abort(),
      hasPendingMessages: () => runtime.queues.pendingCount > 0,
      waitForIdle: () => runtime.waitForIdle(),
      shutdown: () => void shutdown(0),
      sendUserMessage: (content, options) => {
        const text = typeof content === "string" ? content : content.map((c) => (c.type === "text" ? c.text : "")).join("");
        if (runtime.isStreaming) return runtime.queueMessage(options.deliverAs === "followUp" ? "followUp" : "steering", text);
        return runtime.prompt(text);
      },
      setSessionName: (name) => {
        session.setName(name);
        writer.write({ type: "session_info_changed", name });
      },
      getSessionName: () => session.getName(),
      appendEntry: (customType, data) => void session.appendCustom(customType, data),
      setLabel: (entryId, label) => void session.appendLabel(entryId, label),
      getThinkingLevel: () => runtime.thinkingLevel,
      setThinkingLevel: (level) => {
        if (isThinkingLevel(level)) runtime.setThinkingLevel(level);
      },
      toolNames: () => runtime.toolNames(),
      activeToolNames: () => runtime.activeToolNames(),
      setActiveTools: (names) => runtime.setActiveTools(names),
      allTools: () => runtime.allTools(),
      setModel: (provider, modelId) => runtime.selectModel(provider, modelId),
      signal: () => runtime.signal,
      sendMessage: (message, options) => {
        const custom = { role: "custom" as const, customType: message.customType, content: message.content, display: message.display ?? true, timestamp: Date.now(), ...(message.details !== undefined ? { details: message.details } : {}) };
        runtime.sendCustomMessage(custom, options).catch((error: unknown) => warn(`sendMessage failed: ${(error as Error).message}`));
      },
    },
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

  const table = buildCommandTable();
  const contextFor = (id: string | undefined): CommandContext => ({
    runtime,
    services,
    emit: (event) => runtime.emit(event),
    ...(id !== undefined ? { id } : {}),
  });

  const server = startRpcServer({
    ...(live ? { reply: live.reply, intercept: live.intercept, afterCommand: live.afterCommand } : { input: process.stdin }),
    writer,
    table,
    contextFor,
    frameRoutes,
    onInputEnd: () => void shutdown(0),
  });
  if (live) {
    await live.start({
      server,
      cwd,
      session,
      snapshot: () => ({ state: buildState(runtime), messages: runtime.messages }),
      runIdle: () => !runtime.isStreaming && !runtime.isCompacting,
      hostTools: () => getSessionFeatures(services)?.hostTools,
      shutdown: (code) => void shutdown(code),
    });
  } else {
    writer.write({ type: "ready", version });
  }
  readySent = true;
  for (const frame of earlyNotices.splice(0)) writer.write(frame);
  // Warm pi-ai/pi-agent-core once the client's startup queries are answered, so the first
  // prompt does not pay for loading them; unref'd so it never delays an exit.
  setTimeout(() => {
    loadAgentCore()
      .then(() => runtime.prepareTools())
      .catch((error: unknown) => warn(`preloading the agent loop failed: ${(error as Error).message}`));
  }, 300).unref();

  async function shutdown(code: number): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    try {
      // Host tool calls nobody will answer fail with the disconnect message (docs/protocol.md §1.6, §8.4), not
      // as aborted: reject them before the abort cancels them.
      getSessionFeatures(services)?.hostTools.rejectAllDisconnected();
      await withTimeout(runtime.abort(), 2000);
      // The hooks' shutdown resolves open extension dialogs to their defaults, so a command
      // waiting on one finishes now instead of holding the idle wait below to its timeout.
      await withTimeout(hooks.shutdown(), 1000);
      await withTimeout(server.idle(), 2000);
      session.close();
      await withTimeout(writer.drained(), 1000);
      // A live worker tells its client it ended on purpose, so the client does not reconnect.
      if (live) await withTimeout(live.close("shutdown"), 2000);
    } catch (error) {
      warn(`shutdown: ${(error as Error).message}`);
    }
    process.exit(code);
  }

  process.on("SIGTERM", () => void shutdown(143));
  // A live worker has no terminal: a stray hangup must not end the run it keeps going.
  process.on("SIGHUP", () => (live ? warn("SIGHUP ignored (live worker; agent-rpc sessions --stop ends it)") : void shutdown(129)));
  process.on("SIGINT", () => void shutdown(130));
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
