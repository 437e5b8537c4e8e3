// In-process agent for session tests: a real AgentRuntime on pi-ai's faux provider with a
// real SessionManager, the session features installed, and the session command table.
import { rmSync } from "node:fs";
import { registerFauxProvider, type FauxProviderRegistration } from "@mariozechner/pi-ai";
import { parseCli } from "../../../src/agent/cli.js";
import { sessionCommands } from "../../../src/agent/commands/session-commands.js";
import type { AgentServices, CommandContext } from "../../../src/agent/commands/command-table.js";
import { DEFAULT_SETTINGS, type LoadedConfig } from "../../../src/agent/config.js";
import { ModelRegistry } from "../../../src/agent/providers/model-registry.js";
import { AgentRuntime } from "../../../src/agent/runtime/agent-runtime.js";
import { HookRegistry } from "../../../src/agent/runtime/hooks.js";
import type { WireEvent } from "../../../src/agent/runtime/wire-events.js";
import { installSessionFeatures, type SessionFeatures } from "../../../src/agent/session/features.js";
import type { SessionManager } from "../../../src/agent/session/index.js";
import { createWaitList } from "../helpers/wait-list.js";
import { makeTempDir, quietSession } from "./helpers.js";

export type AgentHarness = {
  dir: string;
  faux: FauxProviderRegistration;
  runtime: AgentRuntime;
  services: AgentServices;
  session: SessionManager;
  features: SessionFeatures;
  events: WireEvent[];
  /** Run a session command handler as the rpc server would. */
  command(type: string, fields?: Record<string, unknown>): Promise<unknown>;
  waitFor(predicate: (event: WireEvent) => boolean, timeoutMs?: number): Promise<WireEvent>;
  /** Prompt and wait for the activity's agent_settled (retries, compaction, reminders included). */
  settle(text: string): Promise<void>;
  dispose(): void;
};

export function createAgentHarness(options: { rawSettings?: Record<string, unknown> } = {}): AgentHarness {
  const dir = makeTempDir("session-agent-");
  const faux = registerFauxProvider({
    provider: "faux",
    models: [{ id: "faux-1", reasoning: true, contextWindow: 1000 }],
  });
  const config: LoadedConfig = {
    home: dir,
    models: {
      providers: {
        faux: {
          baseUrl: "http://127.0.0.1:9",
          api: faux.api,
          apiKey: "faux-key",
          models: [{ id: "faux-1", reasoning: true, contextWindow: 1000 }],
        },
      },
    },
    settings: { ...structuredClone(DEFAULT_SETTINGS), retry: { enabled: true, maxRetries: 2, baseDelayMs: 1 } },
    rawSettings: options.rawSettings ?? {},
  };
  const models = new ModelRegistry(config.models, {});
  const model = models.findLocal("faux", "faux-1");
  const session = quietSession(dir, { cwd: dir });
  const log = createWaitList<WireEvent>((seen) => seen.map((e) => e.type).join(","), 3000);
  const hooks = new HookRegistry();
  const runtime = new AgentRuntime({
    cwd: dir,
    config,
    models,
    hooks,
    store: session,
    emit: (event) => log.push(event),
    ...(model ? { model } : {}),
  });
  const services: AgentServices = {
    version: "test",
    cwd: dir,
    cli: parseCli([]),
    config,
    session,
    shutdown: () => undefined,
    frameRoutes: new Map(),
    slots: new Map(),
  };
  const features = installSessionFeatures(runtime, services);
  const context = (): CommandContext => ({ runtime, services, emit: (event) => runtime.emit(event) });
  const table = sessionCommands as Record<
    string,
    ((cmd: unknown, ctx: CommandContext) => Promise<unknown>) | undefined
  >;
  return {
    dir,
    faux,
    runtime,
    services,
    session,
    features,
    events: log.items,
    async command(type, fields = {}) {
      const handler = table[type];
      if (!handler) throw new Error(`no handler for ${type}`);
      return handler({ type, ...fields }, context());
    },
    waitFor: (predicate, timeoutMs) => log.waitFor(predicate, timeoutMs === undefined ? {} : { timeoutMs }),
    async settle(text) {
      const from = log.mark();
      await runtime.prompt(text);
      await log.waitFor((e) => e.type === "agent_settled", { from });
    },
    dispose() {
      features.todos.dispose();
      session.close();
      faux.unregister();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
