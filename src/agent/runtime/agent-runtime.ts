// The agent runtime: one conversation, its model and thinking level, the two queues and the
// inputs that feed them (prompt, steer/follow-up, extension messages); the runs themselves are
// the ActivityLoop's. Commands call these methods; every observable change is a wire event.
// Layering: runtime/ sits below commands/, which call these methods and which nothing here imports,
// and above session/, whose message types and stats it uses. session/ plugs into the runtime
// through the types of hooks.ts and wire-events.ts only, and gets the runtime as a parameter.

import type { AgentTool, StreamFn } from "@mariozechner/pi-agent-core";
import type { ImageContent } from "@mariozechner/pi-ai";
import type { InterruptMode, LoadedConfig } from "../config.js";
import { loadAgentCore } from "../providers/lazy.js";
import type { AnyModel, ModelRegistry } from "../providers/model-registry.js";
import type { ThinkingLevelName } from "../providers/thinking.js";
import { ModelState } from "./model-state.js";
import type { AgentMessage, BashExecutionMessage, CustomMessage } from "./agent-messages.js";
import { MemoryStore, type ConversationStore } from "./conversation-store.js";
import type { HookRegistry } from "./hooks.js";
import { createUserMessage, MessageQueues, type QueueKind, type QueueSnapshot } from "./queues.js";
import { ActivityLoop, type LoopHost } from "./activity-loop.js";
import { buildSystemPrompt, loadContextFiles } from "./system-prompt.js";
import type { WireEvent } from "./wire-events.js";
import type { RuntimeOptions } from "./runtime-types.js";
import { ToolSet } from "./tool-set.js";
import { cutOffResult, unansweredToolCalls } from "./cut-off-tools.js";

export const BUSY_ERROR =
  "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";
export const NOTHING_TO_CONTINUE =
  "Nothing to continue: the conversation does not end with a message awaiting an answer";
export { SKIPPED_BY_STEERING } from "./run-once.js";

export type { RuntimeOptions } from "./runtime-types.js";

export class AgentRuntime extends ModelState implements LoopHost {
  readonly cwd: string;
  readonly queues: MessageQueues;
  interruptMode: InterruptMode;
  autoRetry: boolean;
  autoCompaction: boolean;
  isCompacting = false;
  /** A fixed system prompt (tests, extensions); by default one is built per run. */
  systemPrompt: string | undefined;
  messages: AgentMessage[];
  store: ConversationStore;
  private readonly tools: ToolSet;
  private readonly loop: ActivityLoop;
  /** Extension messages to send along with the next prompt (deliverAs "nextTurn"). */
  private readonly nextTurn: AgentMessage[] = [];
  private contextFiles: { path: string; text: string }[] | undefined;

  constructor(private readonly options: RuntimeOptions) {
    super(options.model, options.thinkingLevel ?? options.config.settings.defaultThinkingLevel ?? "medium");
    const settings = options.config.settings;
    this.cwd = options.cwd;
    this.queues = new MessageQueues(settings.steeringMode, settings.followUpMode);
    this.interruptMode = settings.interruptMode;
    this.autoRetry = settings.retry.enabled;
    this.autoCompaction = settings.compaction.enabled;
    this.systemPrompt = options.systemPrompt;
    this.tools = new ToolSet(options.hooks, options.tools ?? [], options.lazyTools);
    this.store = options.store ?? new MemoryStore();
    this.messages = this.store.buildContextMessages();
    this.loop = new ActivityLoop(this);
  }

  get models(): ModelRegistry {
    return this.options.models;
  }

  get hooks(): HookRegistry {
    return this.options.hooks;
  }

  get config(): LoadedConfig {
    return this.options.config;
  }

  get streamFn(): StreamFn | undefined {
    return this.options.streamFn;
  }

  /** A run is active or an input is in its preflight (about to start one). */
  get isStreaming(): boolean {
    return this.loop.busy;
  }

  emit(event: WireEvent): void {
    this.options.hooks.onEvent(event);
    this.options.emit(event);
  }

  /** Replace the conversation store (session switch); the context is rebuilt from it. */
  setStore(store: ConversationStore): void {
    this.store = store;
    this.messages = store.buildContextMessages();
  }

  setTools(tools: AgentTool[]): void {
    this.tools.set(tools);
  }

  /** Tools offered for the next run: ours plus any provided by hooks (todo, host, extensions). */
  activeTools(): AgentTool[] {
    return this.tools.active();
  }

  /** Every tool name in use, built-ins not loaded yet included (host tools must avoid them). */
  toolNames(): string[] {
    return this.tools.names();
  }

  /** Names offered to the model (pi.getActiveTools). */
  activeToolNames(): string[] {
    return this.tools.enabledNames();
  }

  /** pi.setActiveTools: the next run offers only these tools (and their prompt lines). */
  setActiveTools(names: readonly string[]): void {
    this.tools.setEnabled(names);
  }

  /** pi.getAllTools: every loaded tool with whether it is one of our built-ins. */
  allTools(): { tool: AgentTool; builtin: boolean }[] {
    return this.tools.all();
  }

  /**
   * pi.setModel: as the set_model command (same events), but false instead of an error when
   * the model is unknown or has no credentials (pi's contract).
   */
  async selectModel(provider: string, modelId: string): Promise<boolean> {
    const model = await this.options.models.find(provider, modelId);
    if (!model || !(await this.options.models.hasCredentials(model))) return false;
    this.setModel(model);
    return true;
  }

  /** Load the tools' modules ahead of the first run (the worker warms them after `ready`). */
  prepareTools(): Promise<void> {
    return this.tools.prepare();
  }

  /** Register work that `abort` must cancel too (e.g. a running RPC bash command). */
  onAbort(listener: () => void): () => void {
    return this.loop.onAbort(listener);
  }

  // ---- input ---------------------------------------------------------------------------

  async prompt(text: string, images?: ImageContent[], streamingBehavior?: "steer" | "followUp"): Promise<void> {
    if (await this.options.hooks.runCommand(text)) return;
    const expanded = await this.options.hooks.expandInput(text, "prompt");
    if (this.isStreaming) {
      if (!streamingBehavior) throw new Error(BUSY_ERROR);
      this.enqueue(streamingBehavior === "steer" ? "steering" : "followUp", expanded, images);
      return;
    }
    await this.loop.start(async () => {
      await this.preflight();
      await this.options.hooks.beforePrompt();
      const start = await this.options.hooks.beforeAgentStart({
        prompt: expanded,
        ...(images ? { images } : {}),
        systemPrompt: this.systemPromptFor(this.activeTools()),
      });
      return {
        prompts: [createUserMessage(expanded, images), ...this.nextTurn.splice(0), ...start.messages],
        ...(start.systemPrompt !== undefined ? { systemPrompt: start.systemPrompt } : {}),
      };
    });
  }

  /**
   * Our `continue` command: a run that answers the conversation as it stands, adding no message
   * but a result for each tool call its run was cut off in (a saved session whose last prompt
   * was never answered, docs/protocol.md §3.1.7). Prompt preflight applies (pre-prompt
   * compaction, reminders reset); before_agent_start does not, as there is no new prompt, and
   * extension messages waiting for the next prompt keep waiting.
   */
  async continueConversation(): Promise<void> {
    if (this.isStreaming) throw new Error(BUSY_ERROR);
    if (!this.awaitsAnswer()) throw new Error(NOTHING_TO_CONTINUE);
    await this.loop.start(async () => {
      await this.preflight();
      await this.options.hooks.beforePrompt();
      // A pre-prompt compaction rebuilt the context: it must still end with the unanswered message.
      if (!this.awaitsAnswer()) throw new Error(NOTHING_TO_CONTINUE);
      // Tool calls whose run was cut off get a result saying so, as the run's first messages.
      const cutOff = unansweredToolCalls(this.messages.at(-1));
      return cutOff.length > 0 ? { prompts: cutOff.map((call) => cutOffResult(call)) } : { continuation: true };
    });
  }

  /**
   * The context ends with a message the model has not answered yet (a user or tool result
   * message), or with tool calls that never got their results (cut-off-tools.ts).
   */
  private awaitsAnswer(): boolean {
    const last = this.messages.at(-1);
    return last?.role === "user" || last?.role === "toolResult" || unansweredToolCalls(last).length > 0;
  }

  /** The running run's abort signal (extensions bind their work to it); undefined when idle. */
  get signal(): AbortSignal | undefined {
    return this.loop.signal;
  }

  /**
   * An extension's custom message (pi.sendMessage). While running it is steered or queued as a
   * follow-up (not listed in queue_update); when idle it is recorded, or starts a run when
   * `triggerTurn` is set; `nextTurn` waits for the next prompt.
   */
  async sendCustomMessage(
    message: CustomMessage,
    options: { deliverAs?: "steer" | "followUp" | "nextTurn"; triggerTurn?: boolean },
  ): Promise<void> {
    if (options.deliverAs === "nextTurn") {
      this.nextTurn.push(message);
      return;
    }
    if (this.isStreaming) {
      this.queues.enqueueHidden(options.deliverAs === "followUp" ? "followUp" : "steering", message);
      return;
    }
    if (options.triggerTurn) {
      await this.loop.start(async () => {
        await this.preflight();
        return [message];
      });
      return;
    }
    this.emit({ type: "message_start", message });
    this.recordMessage(message);
    this.emit({ type: "message_end", message });
  }

  /** steer / follow_up: queue while running; when idle, start a run (our docs/protocol.md §6.6 choice). */
  async queueMessage(kind: QueueKind, text: string, images?: ImageContent[]): Promise<void> {
    if (this.options.hooks.isCommand(text)) {
      const name = text.trim().slice(1).split(/\s/)[0] ?? "";
      throw new Error(
        `Extension command "/${name}" cannot be queued. Use prompt() or execute the command when not streaming.`,
      );
    }
    const expanded = await this.options.hooks.expandInput(text, kind === "steering" ? "steer" : "follow_up");
    if (this.isStreaming) {
      this.enqueue(kind, expanded, images);
      return;
    }
    // Starting a run from idle is a new user input, as a prompt (pre-prompt compaction, reminders).
    await this.loop.start(async () => {
      await this.preflight();
      await this.options.hooks.beforePrompt();
      return [createUserMessage(expanded, images)];
    });
  }

  private enqueue(kind: QueueKind, text: string, images: ImageContent[] | undefined): void {
    this.queues.enqueue(kind, text, images);
    this.emitQueue();
  }

  emitQueue(): void {
    const snapshot = this.queues.snapshot();
    this.emit({ type: "queue_update", steering: snapshot.steering, followUp: snapshot.followUp });
  }

  clearQueue(which: QueueKind | "all"): QueueSnapshot {
    const removed = this.queues.clear(which);
    if (removed.steering.length > 0 || removed.followUp.length > 0) this.emitQueue();
    return removed;
  }

  private async preflight(): Promise<void> {
    const model = this.model;
    if (!model) throw new Error("No model selected. Use --model or set_model.");
    if (!(await this.options.models.hasCredentials(model))) {
      throw new Error(`No API key found for ${model.provider}. Set the provider's API key environment variable.`);
    }
    await loadAgentCore();
    await this.tools.prepare();
  }

  // ---- abort ---------------------------------------------------------------------------

  /** Abort everything running; resolves after the run's agent_end and agent_settled. */
  abort(): Promise<void> {
    return this.loop.abort();
  }

  /** Cancel a pending auto-retry delay (no-op otherwise); resolves once settled. */
  abortRetry(): Promise<void> {
    return this.loop.abortRetry();
  }

  /** Resolves when no run is active. */
  waitForIdle(): Promise<void> {
    return this.loop.waitForIdle();
  }

  // ---- context -------------------------------------------------------------------------

  /** The system prompt for a run with these tools: fixed or built, plus hooks' additions. */
  systemPromptFor(tools: readonly AgentTool[]): string {
    this.contextFiles ??= loadContextFiles(this.cwd, this.options.config.home);
    const base = this.systemPrompt ?? buildSystemPrompt({ cwd: this.cwd, tools, contextFiles: this.contextFiles });
    return [base, ...this.options.hooks.systemPromptAppend()].join("\n\n");
  }

  /** A message entered the context: keep it and persist it. */
  recordMessage(message: AgentMessage): void {
    this.messages.push(message);
    this.store.appendMessage(message);
  }

  /** Result of an RPC `bash` command: stored now, or after the active run (docs/protocol.md §3.8.1). */
  addBashExecution(message: BashExecutionMessage): void {
    this.loop.recordWhenIdle(message);
  }

  // ---- model and thinking (state in ModelState) -------------------------------------------

  protected modelChanged(model: AnyModel): void {
    this.store.appendModelChange(model.provider, model.id);
  }

  protected thinkingChanged(level: ThinkingLevelName): void {
    this.store.appendThinkingLevelChange(level);
    this.emit({ type: "thinking_level_changed", level });
  }
}
