// Plugs the session-side features into a running agent: the todo store and todo_write tool,
// host tools (stdin routes for host_tool_update/result), the compaction controller, and
// the hook set the runtime consults (tools, get_state fields, after-run compaction, shutdown).
// session/ sits below runtime/ and commands/: the runtime and the services come in as parameters
// (typed by what is used of them here), and only the runtime's plug-in types are imported.
import { isObject } from "../../protocol/decode/result.js";
import type { AgentMessage, AgentTool } from "@mariozechner/pi-agent-core";
import type { Api, AssistantMessage, Model } from "@mariozechner/pi-ai";
import type { HookRegistry, RuntimeHooks } from "../runtime/hooks.js";
import type { WireEvent } from "../runtime/wire-events.js";
import { CompactionController } from "./compaction.js";
import type { CompactionSettings } from "./compaction-plan.js";
import type { RetrySettings } from "./compaction-summary.js";
import { HostToolRegistry } from "./host-tools.js";
import type { SessionManager } from "./session-manager.js";
import { TODO_WRITE_TOOL_NAME, TodoStore } from "./todo-state.js";
import { TodoReminders } from "./todo-reminder.js";

export const SESSION_FEATURES_SLOT = "sessionFeatures";

/** What the features use of the runtime (the AgentRuntime the caller passes). */
export interface FeatureRuntime {
  readonly messages: readonly AgentMessage[];
  readonly model: Model<Api> | undefined;
  readonly models: { apiKeyFor(provider: string): Promise<string | undefined> };
  readonly thinkingLevel: string;
  readonly autoRetry: boolean;
  readonly autoCompaction: boolean;
  isCompacting: boolean;
  readonly hooks: Pick<HookRegistry, "add" | "beforeCompact" | "afterCompact">;
  emit(event: WireEvent): void;
  toolNames(): string[];
  setStore(store: SessionManager): void;
  onAbort(listener: () => void): unknown;
}

/** What the features use of the process-wide services (the AgentServices the caller passes). */
export interface FeatureServices {
  readonly session: SessionManager;
  readonly config: { readonly rawSettings: unknown; readonly settings: { readonly retry: RetrySettings } };
  /** Routes for non-command stdin frames: the host_tool_* frames are added here. */
  readonly frameRoutes: Map<string, (frame: Record<string, unknown>) => boolean>;
  /** Where the installed features are kept, so a second install returns them. */
  readonly slots: Map<string, unknown>;
}

type Send = (frame: WireEvent) => void;

/** Extra hook methods for compaction and todo reminders, called by the runtime's loop. */
export type CompactionHooks = {
  /** Sync, at agent_end of a normal answer: will a todo-reminder run follow (willRetry)? */
  willContinueAfterRun(last: AssistantMessage | undefined): boolean;
  /**
   * After afterRun (no retry): messages to start another run with (emitting todo_reminder
   * first), or undefined to settle.
   */
  continueAfterRun(last: AssistantMessage | undefined): Promise<{ messages: AgentMessage[] } | undefined>;
  /** Sync, at agent_end: will the failed answer be retried after an overflow compaction? */
  willRetryAfterRun(last: AssistantMessage | undefined): boolean;
  /** After agent_end, before agent_settled: compact if needed; `retry` = re-run the request. */
  afterRun(last: AssistantMessage | undefined): Promise<{ retry: boolean }>;
  /** Prompt preflight: compact first when the context is already above the threshold. */
  beforePrompt(): Promise<void>;
};

export type SessionFeatures = {
  readonly session: SessionManager;
  readonly todos: TodoStore;
  readonly hostTools: HostToolRegistry;
  readonly compaction: CompactionController;
  readonly hooks: RuntimeHooks & CompactionHooks;
  /** After the session was replaced: rebuild the runtime context and the todo state. */
  afterSessionChange(): void;
};

function isSessionFeatures(value: unknown): value is SessionFeatures {
  return isObject(value) && value.compaction instanceof CompactionController;
}

function compactionSettings(raw: unknown): Partial<CompactionSettings> {
  const section = isObject(raw) ? raw.compaction : undefined;
  const result: Partial<CompactionSettings> = {};
  if (!isObject(section)) return result;
  if (typeof section.reserveTokens === "number" && section.reserveTokens >= 0)
    result.reserveTokens = section.reserveTokens;
  if (typeof section.keepRecentTokens === "number" && section.keepRecentTokens >= 0)
    result.keepRecentTokens = section.keepRecentTokens;
  return result;
}

function todoClearDelay(raw: unknown): number | undefined {
  const tasks = isObject(raw) ? raw.tasks : undefined;
  return isObject(tasks) && typeof tasks.todoClearDelay === "number" ? tasks.todoClearDelay : undefined;
}

function reminderOptions(raw: unknown): { enabled: boolean; maxAttempts: number } {
  const tasks = isObject(raw) ? raw.tasks : undefined;
  const enabled = isObject(tasks) && typeof tasks.reminders === "boolean" ? tasks.reminders : true;
  const maxAttempts = isObject(tasks) && typeof tasks.maxReminders === "number" ? tasks.maxReminders : 3;
  return { enabled, maxAttempts };
}

function lastAssistantInContext(runtime: FeatureRuntime): AssistantMessage | undefined {
  for (let i = runtime.messages.length - 1; i >= 0; i--) {
    const message = runtime.messages[i];
    if (message?.role === "assistant") return message;
  }
  return undefined;
}

/** The installed features, if installSessionFeatures ran for these services. */
export function getSessionFeatures(services: FeatureServices): SessionFeatures | undefined {
  const value = services.slots.get(SESSION_FEATURES_SLOT);
  return isSessionFeatures(value) ? value : undefined;
}

function createHostTools(runtime: FeatureRuntime, send: Send): HostToolRegistry {
  const hostTools: HostToolRegistry = new HostToolRegistry({
    send: (frame) => send({ ...frame }),
    reservedNames: () => {
      const own = new Set(hostTools.getDefinitions().map((definition) => definition.name));
      return runtime.toolNames().filter((name) => !own.has(name));
    },
  });
  return hostTools;
}

function createCompaction(runtime: FeatureRuntime, services: FeatureServices, send: Send): CompactionController {
  const session = services.session;
  const compaction = new CompactionController({
    session: () => session,
    emit: (event) => {
      // The context must reflect the new compaction entry before clients hear about it.
      if (event.type === "compaction_end" && event.result) runtime.setStore(session);
      send({ ...event });
    },
    modelAccess: async () => {
      const model = runtime.model;
      if (!model) return undefined;
      return { model, apiKey: await runtime.models.apiKeyFor(model.provider) };
    },
    thinkingLevel: () => runtime.thinkingLevel,
    retry: () => ({ ...services.config.settings.retry, enabled: runtime.autoRetry }),
    settings: () => compactionSettings(services.config.rawSettings),
    enabled: () => runtime.autoCompaction,
    onCompactingChange: (compacting) => {
      runtime.isCompacting = compacting;
    },
    beforeCompact: (preview) => runtime.hooks.beforeCompact(preview),
    afterCompact: (event) => runtime.hooks.afterCompact(event),
  });
  runtime.onAbort(() => compaction.abort());
  return compaction;
}

type HookParts = {
  runtime: FeatureRuntime;
  todos: TodoStore;
  todoTool: () => AgentTool | undefined;
  prepareTodoTool: () => Promise<void>;
  hostTools: HostToolRegistry;
  compaction: CompactionController;
  reminders: TodoReminders;
  send: (frame: WireEvent) => void;
};

/** What the session features add to every run: their tools, state fields, and the after-run steps. */
function sessionHooks(p: HookParts): RuntimeHooks & CompactionHooks {
  const { runtime, todos, hostTools, compaction, reminders } = p;
  const currentModel = (): { provider: string; id: string; contextWindow: number } | undefined => runtime.model;
  return {
    tools: () => {
      const todoTool = p.todoTool();
      return [...(todoTool ? [todoTool] : []), ...hostTools.tools()];
    },
    prepareTools: p.prepareTodoTool,
    toolNames: () => [TODO_WRITE_TOOL_NAME, ...hostTools.tools().map((tool) => tool.name)],
    stateFields: () => ({ todoPhases: todos.getPhases() }),
    onShutdown: () => {
      hostTools.rejectAllDisconnected();
      todos.dispose();
    },
    willRetryAfterRun: (last) => {
      const model = currentModel();
      return (
        last !== undefined && model !== undefined && compaction.willRecoverOverflow(last, model.contextWindow, model)
      );
    },
    afterRun: async (last) => {
      const model = currentModel();
      if (!last || !model) return { retry: false };
      const outcome = await compaction.afterRun(last, model.contextWindow, model);
      return { retry: outcome.retry };
    },
    willContinueAfterRun: (last) => reminders.willRemind(last),
    continueAfterRun: async (last) => {
      const reminder = reminders.next(last);
      if (!reminder) return undefined;
      p.send({ ...reminder.event });
      return { messages: [reminder.message] };
    },
    beforePrompt: async () => {
      reminders.reset();
      compaction.resetOverflowGuard();
      const model = currentModel();
      const last = lastAssistantInContext(runtime);
      if (!last || !model) return;
      await compaction.afterRun(last, model.contextWindow, model, { includeAborted: true });
    },
  };
}

/** host_tool_update / host_tool_result frames from stdin go to the registry (docs/protocol.md §8.2). */
function routeHostToolFrames(services: FeatureServices, hostTools: HostToolRegistry, send: Send): void {
  const route = (frame: Record<string, unknown>): boolean => {
    const outcome = hostTools.handleHostToolFrame(frame);
    if (outcome.kind === "invalid") {
      send({ type: "response", command: String(frame.type), success: false, error: outcome.error });
    }
    return outcome.kind === "handled";
  };
  services.frameRoutes.set("host_tool_update", route);
  services.frameRoutes.set("host_tool_result", route);
}

/**
 * Create the features once per process and register their hooks with the runtime. Call at
 * startup (after the runtime exists); later calls return the same instance.
 */
export function installSessionFeatures(runtime: FeatureRuntime, services: FeatureServices): SessionFeatures {
  const existing = getSessionFeatures(services);
  if (existing) return existing;
  const session = services.session;
  const send = (frame: WireEvent): void => runtime.emit(frame);
  const clearDelay = todoClearDelay(services.config.rawSettings);
  const todos = new TodoStore({
    onAutoClear: () => send({ type: "todo_auto_clear" }),
    ...(clearDelay !== undefined ? { clearDelayMs: clearDelay } : {}),
  });
  // todo_write is built before the first run (its schema library stays off the startup path).
  let todoTool: AgentTool | undefined;
  const prepareTodoTool = async (): Promise<void> => {
    if (todoTool) return;
    const { createTodoWriteTool } = await import("./todo-tool.js");
    todoTool ??= createTodoWriteTool(todos, () => (session.persist ? "session" : "memory"));
  };
  const hostTools = createHostTools(runtime, send);
  const compaction = createCompaction(runtime, services, send);
  // Read at each use: set_setting changes tasks.* while the worker runs.
  const reminders = new TodoReminders(todos, {
    get enabled() {
      return reminderOptions(services.config.rawSettings).enabled;
    },
    get maxAttempts() {
      return reminderOptions(services.config.rawSettings).maxAttempts;
    },
  });
  const hooks = sessionHooks({
    runtime,
    todos,
    todoTool: () => todoTool,
    prepareTodoTool,
    hostTools,
    compaction,
    reminders,
    send,
  });
  runtime.hooks.add(hooks);
  routeHostToolFrames(services, hostTools, send);
  const features: SessionFeatures = {
    session,
    todos,
    hostTools,
    compaction,
    hooks,
    afterSessionChange: () => {
      runtime.setStore(session);
      todos.restoreFromBranch(session.getBranch());
    },
  };
  todos.restoreFromBranch(session.getBranch());
  services.slots.set(SESSION_FEATURES_SLOT, features);
  return features;
}
