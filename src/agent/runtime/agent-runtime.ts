// The agent runtime: one conversation, its model and thinking level, the two queues, and the
// activity loop over pi-agent-core (runs, auto-retry, leftover queue delivery, agent_settled).
// Commands call these methods; every observable change is emitted as a wire event.

import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { AssistantMessage, ImageContent } from "@mariozechner/pi-ai";
import type { InterruptMode, LoadedConfig } from "../config.js";
import { loadAgentCore } from "../providers/lazy.js";
import type { AnyModel, ModelRegistry } from "../providers/model-registry.js";
import type { ThinkingLevelName } from "../providers/thinking.js";
import { ModelState } from "./model-state.js";
import { type AgentMessage, type BashExecutionMessage, type CustomMessage } from "./agent-messages.js";
import { MemoryStore, type ConversationStore } from "./conversation-store.js";
import type { HookRegistry } from "./hooks.js";
import { createUserMessage, MessageQueues, type QueueKind, type QueueSnapshot } from "./queues.js";
import { isRetryableError, waitBeforeRetry } from "./retry.js";
import { buildSystemPrompt, loadContextFiles } from "./system-prompt.js";
import { runAgentOnce, type RunHost, type RunOutcome, type RunResult } from "./run-once.js";
import type { WireEvent } from "./wire-events.js";
import type { Activity, RuntimeOptions } from "./runtime-types.js";
import { ToolSet } from "./tool-set.js";

export const BUSY_ERROR = "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.";
export { SKIPPED_BY_STEERING } from "./run-once.js";

export type { RuntimeOptions } from "./runtime-types.js";

export class AgentRuntime extends ModelState {
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
  private activity: Activity | undefined;
  private starting = false;
  private abortedWhileStarting = false;
  private retryAttempt = 0;
  private readonly deferredBash: BashExecutionMessage[] = [];
  /** Extension messages to send along with the next prompt (deliverAs "nextTurn"). */
  private readonly nextTurn: AgentMessage[] = [];
  private readonly abortListeners = new Set<() => void>();

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

  /** A run is active or an input is in its preflight (about to start one). */
  get isStreaming(): boolean {
    return this.activity !== undefined || this.starting;
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

  /** Load the tools' modules ahead of the first run (the worker warms them after `ready`). */
  prepareTools(): Promise<void> {
    return this.tools.prepare();
  }

  /** Register work that `abort` must cancel too (e.g. a running RPC bash command). */
  onAbort(listener: () => void): () => void {
    this.abortListeners.add(listener);
    return () => this.abortListeners.delete(listener);
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
    await this.startGuarded(async () => {
      await this.preflight();
      await this.options.hooks.beforePrompt();
      const start = await this.options.hooks.beforeAgentStart({ prompt: expanded, ...(images ? { images } : {}), systemPrompt: this.fullSystemPrompt(this.activeTools()) });
      return { prompts: [createUserMessage(expanded, images), ...this.nextTurn.splice(0), ...start.messages], ...(start.systemPrompt !== undefined ? { systemPrompt: start.systemPrompt } : {}) };
    });
  }

  /**
   * Preflight then start, with the worker counted as busy from the first await: a second
   * input arriving during preflight is queued (or rejected), never a second parallel run.
   */
  private async startGuarded(prepare: () => Promise<AgentMessage[] | { prompts: AgentMessage[]; systemPrompt?: string }>): Promise<void> {
    this.starting = true;
    this.abortedWhileStarting = false;
    try {
      const prepared = await prepare();
      // An abort during preflight (e.g. a pre-prompt compaction) cancels the input too.
      if (this.abortedWhileStarting) throw new Error("Aborted before the run started");
      if (Array.isArray(prepared)) this.startActivity(prepared);
      else this.startActivity(prepared.prompts, prepared.systemPrompt);
    } finally {
      this.starting = false;
    }
  }

  /** The running run's abort signal (extensions bind their work to it); undefined when idle. */
  get signal(): AbortSignal | undefined {
    return this.activity?.controller.signal;
  }

  /**
   * An extension's custom message (pi.sendMessage). While running it is steered or queued as a
   * follow-up (not listed in queue_update); when idle it is recorded, or starts a run when
   * `triggerTurn` is set; `nextTurn` waits for the next prompt.
   */
  async sendCustomMessage(message: CustomMessage, options: { deliverAs?: "steer" | "followUp" | "nextTurn"; triggerTurn?: boolean }): Promise<void> {
    if (options.deliverAs === "nextTurn") {
      this.nextTurn.push(message);
      return;
    }
    if (this.isStreaming) {
      this.queues.enqueueHidden(options.deliverAs === "followUp" ? "followUp" : "steering", message);
      return;
    }
    if (options.triggerTurn) {
      await this.startGuarded(async () => {
        await this.preflight();
        return [message];
      });
      return;
    }
    this.emit({ type: "message_start", message });
    this.recordMessage(message);
    this.emit({ type: "message_end", message });
  }

  /** steer / follow_up: queue while running; when idle, start a run (our §6.6 choice). */
  async queueMessage(kind: QueueKind, text: string, images?: ImageContent[]): Promise<void> {
    if (this.options.hooks.isCommand(text)) {
      const name = text.trim().slice(1).split(/\s/)[0] ?? "";
      throw new Error(`Extension command "/${name}" cannot be queued. Use prompt() or execute the command when not streaming.`);
    }
    const expanded = await this.options.hooks.expandInput(text, kind === "steering" ? "steer" : "follow_up");
    if (this.isStreaming) {
      this.enqueue(kind, expanded, images);
      return;
    }
    // Starting a run from idle is a new user input, as a prompt (pre-prompt compaction, reminders).
    await this.startGuarded(async () => {
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
  async abort(): Promise<void> {
    for (const listener of [...this.abortListeners]) listener();
    if (this.starting) this.abortedWhileStarting = true;
    const activity = this.activity;
    if (!activity) return;
    activity.aborted = true;
    activity.controller.abort();
    activity.cancelRetry?.();
    await activity.done;
  }

  /** Cancel a pending auto-retry delay (no-op otherwise); resolves once settled. */
  async abortRetry(): Promise<void> {
    const activity = this.activity;
    if (!activity?.cancelRetry) return;
    activity.cancelRetry();
    await activity.done;
  }

  /** Resolves when no run is active. */
  async waitForIdle(): Promise<void> {
    while (this.isStreaming) {
      if (this.activity) await this.activity.done;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  // ---- activity loop -------------------------------------------------------------------

  private startActivity(prompts: AgentMessage[], systemPrompt?: string): void {
    const activity: Activity = { controller: new AbortController(), aborted: false, done: Promise.resolve(), ...(systemPrompt !== undefined ? { systemPrompt } : {}) };
    this.activity = activity;
    // setImmediate: the command's response is written before agent_start (§2.4).
    activity.done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.runActivity(activity, prompts))
      .catch((error: unknown) => {
        process.stderr.write(`agent-rpc: run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      })
      .finally(() => this.finishActivity(activity));
  }

  private async runActivity(activity: Activity, initial: AgentMessage[]): Promise<void> {
    let prompts = initial;
    let continuation = false;
    for (;;) {
      const { outcome, last } = await this.runOnce(activity, prompts, continuation);
      if (outcome === "retry") {
        if (!(await this.retryDelay(activity))) return;
        this.dropFailedAnswer();
        prompts = [];
        continuation = true;
        continue;
      }
      // Threshold or overflow compaction runs between agent_end and agent_settled (§4.11 F2/F3).
      if (!activity.aborted) {
        const { retry } = await this.options.hooks.afterRun(last);
        if (retry && !activity.aborted) {
          this.dropFailedAnswer();
          prompts = [];
          continuation = true;
          continue;
        }
      }
      if (activity.aborted) return;
      if (outcome === "leftovers" || (!this.queues.isEmpty && last?.stopReason !== "error")) {
        prompts = this.queues.takeLeftovers().map((item) => item.message);
        continuation = false;
        if (prompts.length > 0) continue;
      }
      // Only when agent_end announced it (willRetry): a todo reminder run (§4.11 K).
      if (outcome === "continue") {
        const next = await this.options.hooks.continueAfterRun(last);
        if (next && !activity.aborted) {
          prompts = next.messages;
          continuation = false;
          continue;
        }
      }
      return;
    }
  }

  /** The failed answer stays in the session file but leaves the context (§4.11 G1, F3). */
  private dropFailedAnswer(): void {
    const last = this.messages[this.messages.length - 1];
    if (last?.role === "assistant" && last.stopReason === "error") this.messages.pop();
  }

  private finishActivity(activity: Activity): void {
    if (this.queues.restoreUndelivered()) this.emitQueue();
    for (const message of this.deferredBash.splice(0)) this.recordMessage(message);
    if (this.activity === activity) this.activity = undefined;
    this.emit({ type: "agent_settled" });
  }

  private async retryDelay(activity: Activity): Promise<boolean> {
    const last = this.messages[this.messages.length - 1];
    this.retryAttempt++;
    const completed = await waitBeforeRetry({
      attempt: this.retryAttempt,
      settings: this.options.config.settings.retry,
      errorMessage: last?.role === "assistant" ? (last.errorMessage ?? "Unknown error") : "Unknown error",
      runSignal: activity.controller.signal,
      setCancel: (cancel) => {
        activity.cancelRetry = cancel;
      },
      emit: (event) => this.emit(event),
    });
    if (!completed || activity.aborted) {
      this.emit({ type: "auto_retry_end", success: false, attempt: this.retryAttempt, finalError: "Retry cancelled" });
      this.retryAttempt = 0;
      return false;
    }
    return true;
  }

  private runOnce(activity: Activity, prompts: AgentMessage[], continuation: boolean): Promise<RunResult> {
    const model = this.model;
    if (!model) throw new Error("No model selected");
    const tools = this.activeTools();
    const host: RunHost = {
      model,
      thinkingLevel: this.thinkingLevel,
      tools,
      systemPrompt: activity.systemPrompt ?? this.fullSystemPrompt(tools),
      messages: [...this.messages],
      signal: activity.controller.signal,
      isAborted: () => activity.aborted,
      takeSteering: () => this.queues.takeSteering().map((item) => item.message),
      takeFollowUp: () => this.queues.takeFollowUp().map((item) => item.message),
      skipForSteering: () => this.interruptMode === "immediate" && this.queues.hasSteering,
      hooks: this.options.hooks,
      apiKeyFor: (provider) => this.options.models.apiKeyFor(provider),
      ...(this.options.streamFn ? { streamFn: this.options.streamFn } : {}),
      onMessageStart: (message) => {
        if (this.queues.markDelivered(message)) this.emitQueue();
      },
      recordMessage: (message) => this.recordMessage(message),
      emit: (event) => this.emit(event),
      retryAttempt: () => this.retryAttempt,
      resetRetry: () => {
        this.retryAttempt = 0;
      },
      decideOutcome: (last) => this.decideOutcome(activity, last),
    };
    return runAgentOnce(host, prompts, continuation);
  }

  private decideOutcome(activity: Activity, last: AssistantMessage | undefined): RunOutcome {
    if (activity.aborted) return "done";
    const retry = this.options.config.settings.retry;
    if (last?.stopReason === "error" && this.autoRetry && isRetryableError(last.errorMessage) && this.retryAttempt < retry.maxRetries) return "retry";
    if (last?.stopReason === "error") return this.options.hooks.willRetryAfterRun(last) ? "overflow" : "done";
    if (!this.queues.isEmpty) return "leftovers";
    return this.options.hooks.willContinueAfterRun(last) ? "continue" : "done";
  }

  private contextFiles: { path: string; text: string }[] | undefined;

  private fullSystemPrompt(tools: readonly AgentTool[]): string {
    this.contextFiles ??= loadContextFiles(this.cwd, this.options.config.home);
    const base = this.systemPrompt ?? buildSystemPrompt({ cwd: this.cwd, tools, contextFiles: this.contextFiles });
    return [base, ...this.options.hooks.systemPromptAppend()].join("\n\n");
  }

  /** A message entered the context: keep it and persist it. */
  recordMessage(message: AgentMessage): void {
    this.messages.push(message);
    this.store.appendMessage(message);
  }

  /** Result of an RPC `bash` command: stored now, or after the active run (§3.8.1). */
  addBashExecution(message: BashExecutionMessage): void {
    if (this.activity) this.deferredBash.push(message);
    else this.recordMessage(message);
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

