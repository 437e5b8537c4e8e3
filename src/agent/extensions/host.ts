// The extension host: runs extension factories against a pi-compatible `pi` object, keeps their
// commands, tools and event handlers, and dispatches events to them. A throwing handler becomes an
// `extension_error` frame (docs/protocol.md §4.10) and the agent keeps going.
import { isObject } from "../../protocol/decode/result.js";
import type { AgentMessage, AgentTool } from "@mariozechner/pi-agent-core";
import type {
  BeforeAgentStartEvent,
  BeforeAgentStartResult,
  CancelResult,
  CustomMessageInput,
  CommandInfo,
  CommandOptions,
  ExtensionCommandContext,
  ExtensionContext,
  ExtensionEvent,
  ExtensionFactory,
  ExtensionOrigin,
  InputResult,
  SessionBeforeCompactEvent,
  SessionBeforeForkEvent,
  SessionCompactEvent,
  SessionBeforeSwitchEvent,
  SessionShutdownEvent,
  SessionStartEvent,
  ToolCallEvent,
  ToolCallResult,
  ToolResultEvent,
  ToolResultPatch,
  ToolInfo,
} from "./api.js";
import { createEventBus, createExtensionApi, type ApiRegistry, type EventBus } from "./pi-api.js";
import { createUiBridge, type UiBridge } from "./ui-bridge.js";
import { describeTools } from "./tool-adapter.js";
import { createLoopEventMapper } from "./loop-events.js";
import type { HostRuntime } from "./runtime-port.js";

export interface ExtensionHostOptions {
  cwd: string;
  /** The protocol writer: extension_ui_request and extension_error frames go through it. */
  emit: (frame: { type: string } & Record<string, unknown>) => void;
  /** Late-bound runtime operations (sendUserMessage, abort, …); see setRuntime. */
  runtime?: HostRuntime;
  /** Deterministic ids for tests; UUIDs by default. */
  newId?: () => string;
}

interface Handler {
  ext: ExtensionOrigin;
  fn: (event: never, ctx: ExtensionContext) => unknown;
}

interface RegisteredCommand {
  name: string;
  ext: ExtensionOrigin;
  options: CommandOptions;
}

interface RegisteredTool {
  ext: ExtensionOrigin;
  tool: AgentTool;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A before_agent_start handler's message: pi's fields checked, the rest passed on as the extension gave it. */
function isCustomMessageInput(value: unknown): value is CustomMessageInput {
  if (!isObject(value) || typeof value["customType"] !== "string") return false;
  return typeof value["content"] === "string" || Array.isArray(value["content"]);
}

export class ExtensionHost {
  readonly bridge: UiBridge;
  readonly cwd: string;
  private runtime: HostRuntime;
  private readonly emitFrame: ExtensionHostOptions["emit"];
  private readonly handlers = new Map<string, Handler[]>();
  private readonly commands: RegisteredCommand[] = [];
  private readonly tools: RegisteredTool[] = [];
  private readonly origins: ExtensionOrigin[] = [];
  /** Loop events are delivered one after another, in stream order, even though onEvent is sync. */
  private eventChain: Promise<void> = Promise.resolve();
  private readonly toLoopEvent = createLoopEventMapper();
  private commandLister: () => CommandInfo[] = () => this.extensionCommands();
  private readonly bus: EventBus = createEventBus((path, event, error) => this.emitError(path, event, error));
  /** What the `pi` objects write into. */
  private readonly registry: ApiRegistry = {
    cwd: "",
    runtime: () => this.runtime,
    addHandler: (event, ext, fn) => this.handlers.set(event, [...(this.handlers.get(event) ?? []), { ext, fn }]),
    addCommand: (name, ext, options) => void this.commands.push({ name, ext, options }),
    addTool: (ext, tool) => {
      const existing = this.tools.findIndex((t) => t.tool.name === tool.name);
      if (existing >= 0) this.tools.splice(existing, 1);
      this.tools.push({ ext, tool });
      this.runtime.toolsChanged?.();
    },
    createContext: () => this.createContext(),
    emitError: (path, event, error) => this.emitError(path, event, error),
    listCommands: () => this.commandLister(),
    listTools: () => this.listTools(),
  };

  constructor(options: ExtensionHostOptions) {
    this.cwd = options.cwd;
    this.registry.cwd = options.cwd;
    this.emitFrame = options.emit;
    this.runtime = options.runtime ?? {};
    this.bridge = createUiBridge({ emit: (frame) => options.emit(frame), newId: options.newId });
  }

  setRuntime(runtime: HostRuntime): void {
    this.runtime = runtime;
  }

  /** Lets get_commands-style listings (templates, skills) answer pi.getCommands() too. */
  setCommandLister(lister: () => CommandInfo[]): void {
    this.commandLister = lister;
  }

  get extensions(): readonly ExtensionOrigin[] {
    return this.origins;
  }

  emitError(extensionPath: string, event: string, error: unknown): void {
    this.emitFrame({ type: "extension_error", extensionPath, event, error: errorText(error) });
  }

  /** Runs one factory (awaiting an async one, as pi). Throws if the factory throws. */
  async register(origin: ExtensionOrigin, factory: ExtensionFactory): Promise<void> {
    this.origins.push(origin);
    await factory(createExtensionApi(origin, this.registry, this.bus));
  }

  // ---- contexts ----

  /** `signal` overrides the runtime's (a tool call's own signal, so its dialogs close on abort). */
  createContext(signal?: AbortSignal): ExtensionContext {
    const runtime = this.runtime;
    const bound = signal ?? runtime.signal?.();
    return {
      ui: this.bridge.uiFor(bound),
      hasUI: true,
      mode: "rpc",
      cwd: this.cwd,
      signal: bound,
      isIdle: () => runtime.isIdle?.() ?? true,
      abort: () => void runtime.abort?.(),
      hasPendingMessages: () => runtime.hasPendingMessages?.() ?? false,
      shutdown: () => runtime.shutdown?.(),
    };
  }

  createCommandContext(): ExtensionCommandContext {
    const runtime = this.runtime;
    return { ...this.createContext(), waitForIdle: async () => runtime.waitForIdle?.() };
  }

  // ---- commands ----

  /** Invocation names: duplicates across extensions get `:1`, `:2` suffixes in load order (pi). */
  private invocationNames(): { name: string; command: RegisteredCommand }[] {
    const counts = new Map<string, number>();
    for (const c of this.commands) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    const seen = new Map<string, number>();
    return this.commands.map((command) => {
      if ((counts.get(command.name) ?? 0) < 2) return { name: command.name, command };
      const n = (seen.get(command.name) ?? 0) + 1;
      seen.set(command.name, n);
      return { name: `${command.name}:${n}`, command };
    });
  }

  /** pi parses `/name args` at the first space. */
  private parseCommand(text: string): { command: RegisteredCommand; name: string; args: string } | undefined {
    if (!text.startsWith("/")) return undefined;
    const space = text.indexOf(" ");
    const name = space === -1 ? text.slice(1) : text.slice(1, space);
    const args = space === -1 ? "" : text.slice(space + 1);
    const match = this.invocationNames().find((entry) => entry.name === name);
    return match ? { command: match.command, name, args } : undefined;
  }

  isCommand(text: string): boolean {
    return this.parseCommand(text) !== undefined;
  }

  /** Runs an extension command to completion (dialogs included). False when `text` is not one. */
  async runCommand(text: string): Promise<boolean> {
    const parsed = this.parseCommand(text);
    if (!parsed) return false;
    try {
      await parsed.command.options.handler(parsed.args, this.createCommandContext());
    } catch (error) {
      this.emitError(`command:${parsed.name}`, "command", error);
    }
    return true;
  }

  extensionCommands(): CommandInfo[] {
    return this.invocationNames().map(({ name, command }) => ({
      name,
      description: command.options.description,
      source: "extension",
      path: command.ext.path,
      sourceInfo: { path: command.ext.path, source: command.ext.source, scope: command.ext.scope, origin: "top-level" },
    }));
  }

  getTools(): AgentTool[] {
    return this.tools.map((t) => t.tool);
  }

  /** pi.getAllTools (the runtime's list when bound, else this host's extension tools). */
  listTools(): ToolInfo[] {
    return describeTools(
      this.runtime.allTools?.() ?? this.tools.map(({ tool }) => ({ tool, builtin: false })),
      this.tools,
    );
  }

  // ---- events ----

  hasHandlers(event: string): boolean {
    return (this.handlers.get(event)?.length ?? 0) > 0;
  }

  /** Calls every handler of `event.type` in load order; errors become extension_error frames. */
  private async dispatch(
    event: ExtensionEvent,
    onResult?: (result: unknown, ext: ExtensionOrigin) => boolean,
  ): Promise<void> {
    const list = this.handlers.get(event.type);
    if (!list) return;
    for (const { ext, fn } of [...list]) {
      let result: unknown;
      try {
        result = await fn(event as never, this.createContext());
      } catch (error) {
        this.emitError(ext.path, event.type, error);
        continue;
      }
      if (onResult?.(result, ext)) return;
    }
  }

  /** Observes a wire event (agent/turn/message/tool execution) without blocking the stream. */
  observe(event: { type: string } & Record<string, unknown>): void {
    const mapped = this.toLoopEvent(event);
    if (!mapped || !this.hasHandlers(mapped.type)) return;
    this.eventChain = this.eventChain.then(() => this.dispatch(mapped));
  }

  /** Resolves once every observed event has been handled (tests, shutdown). */
  async idle(): Promise<void> {
    await this.eventChain;
  }

  /**
   * tool_call: the first `{block:true}` wins. A throwing handler blocks the call (pi's fail-safe)
   * and is reported as extension_error; the model sees the reason as an error tool result.
   */
  async beforeToolCall(
    call: { toolCallId: string; toolName: string; args: unknown },
    signal?: AbortSignal,
  ): Promise<ToolCallResult | undefined> {
    if (!this.hasHandlers("tool_call")) return undefined;
    const input = isObject(call.args) ? (call.args as Record<string, unknown>) : {};
    const event: ToolCallEvent = { type: "tool_call", toolCallId: call.toolCallId, toolName: call.toolName, input };
    let gate: ToolCallResult | undefined;
    for (const { ext, fn } of [...(this.handlers.get("tool_call") ?? [])]) {
      try {
        const result = await fn(event as never, this.createContext(signal));
        if (isObject(result) && result.block === true) {
          return { block: true, reason: typeof result.reason === "string" ? result.reason : undefined };
        }
      } catch (error) {
        this.emitError(ext.path, "tool_call", error);
        gate = { block: true, reason: `Extension failed, blocking execution: ${errorText(error)}` };
        return gate;
      }
    }
    return gate;
  }

  /** tool_result: handlers chain like middleware; each sees the previous patch applied. */
  async afterToolCall(event: Omit<ToolResultEvent, "type">): Promise<ToolResultPatch | undefined> {
    if (!this.hasHandlers("tool_result")) return undefined;
    const current: ToolResultEvent = { type: "tool_result", ...event };
    let changed = false;
    await this.dispatch(current, (result) => {
      if (!isObject(result)) return false;
      if (Array.isArray(result.content)) current.content = result.content as ToolResultEvent["content"];
      if ("details" in result) current.details = result.details;
      if (typeof result.isError === "boolean") current.isError = result.isError;
      changed = true;
      return false;
    });
    return changed ? { content: current.content, details: current.details, isError: current.isError } : undefined;
  }

  /** before_agent_start: messages collect in load order; system prompt replacements chain. */
  async beforeAgentStart(event: Omit<BeforeAgentStartEvent, "type">): Promise<BeforeAgentStartResult | undefined> {
    if (!this.hasHandlers("before_agent_start")) return undefined;
    const current: BeforeAgentStartEvent = { type: "before_agent_start", ...event };
    const messages: CustomMessageInput[] = [];
    let replaced = false;
    await this.dispatch(current, (result) => {
      if (!isObject(result)) return false;
      const message = result.message;
      if (isCustomMessageInput(message)) messages.push(message);
      if (typeof result.systemPrompt === "string") {
        current.systemPrompt = result.systemPrompt;
        replaced = true;
      }
      return false;
    });
    return replaced ? { messages, systemPrompt: current.systemPrompt } : { messages };
  }

  /** input: transforms chain; the first "handled" wins. */
  async emitInput(text: string, source: "rpc" | "extension" = "rpc"): Promise<InputResult> {
    if (!this.hasHandlers("input")) return { action: "continue" };
    let current = text;
    let handled = false;
    await this.dispatch({ type: "input", text, source }, (result) => {
      if (!isObject(result)) return false;
      if (result.action === "handled") {
        handled = true;
        return true;
      }
      if (result.action === "transform" && typeof result.text === "string") current = result.text;
      return false;
    });
    if (handled) return { action: "handled" };
    return current === text ? { action: "continue" } : { action: "transform", text: current };
  }

  private async cancellable(event: ExtensionEvent): Promise<boolean> {
    let cancelled = false;
    await this.dispatch(event, (result) => (cancelled = isObject(result) && (result as CancelResult).cancel === true));
    return cancelled;
  }

  /** True when an extension cancelled the switch / new session. */
  beforeSessionSwitch(event: Omit<SessionBeforeSwitchEvent, "type">): Promise<boolean> {
    return this.cancellable({ type: "session_before_switch", ...event });
  }

  /** True when an extension cancelled the fork / clone. */
  beforeSessionFork(event: Omit<SessionBeforeForkEvent, "type">): Promise<boolean> {
    return this.cancellable({ type: "session_before_fork", ...event });
  }

  /** context: each handler gets a deep copy of the current list; a returned list replaces it. */
  async emitContext(messages: AgentMessage[]): Promise<AgentMessage[] | undefined> {
    if (!this.hasHandlers("context")) return undefined;
    let current = messages;
    let changed = false;
    for (const { ext, fn } of [...(this.handlers.get("context") ?? [])]) {
      try {
        const result = await fn({ type: "context", messages: structuredClone(current) } as never, this.createContext());
        if (isObject(result) && Array.isArray(result.messages)) {
          current = result.messages as AgentMessage[];
          changed = true;
        }
      } catch (error) {
        this.emitError(ext.path, "context", error);
      }
    }
    return changed ? current : undefined;
  }

  /** True when an extension cancelled the compaction. */
  beforeCompact(event: Omit<SessionBeforeCompactEvent, "type">): Promise<boolean> {
    return this.cancellable({ type: "session_before_compact", ...event });
  }

  async afterCompact(event: Omit<SessionCompactEvent, "type">): Promise<void> {
    await this.dispatch({ type: "session_compact", ...event });
  }

  async sessionStart(event: Omit<SessionStartEvent, "type">): Promise<void> {
    await this.dispatch({ type: "session_start", ...event });
  }

  /** Before a session is replaced or the worker exits: pending dialogs resolve to defaults first. */
  async sessionShutdown(event: Omit<SessionShutdownEvent, "type">): Promise<void> {
    // On quit nobody will answer again: later dialogs (a command still running) resolve at once.
    if (event.reason === "quit") this.bridge.close();
    else this.bridge.cancelAll();
    await this.dispatch({ type: "session_shutdown", ...event });
  }
}
