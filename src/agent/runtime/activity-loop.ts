// The activity loop: one accepted input's runs until agent_settled (auto-retry with back-off,
// compaction re-runs, leftover queue delivery, todo-reminder runs), its abort, and the
// "busy" state that starts during an input's preflight. The runtime owns the conversation.

import type { AgentTool, StreamFn } from "@mariozechner/pi-agent-core";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import type { InterruptMode, LoadedConfig } from "../config.js";
import type { AnyModel, ModelRegistry } from "../providers/model-registry.js";
import type { ThinkingLevelName } from "../providers/thinking.js";
import type { AgentMessage, BashExecutionMessage } from "./agent-messages.js";
import type { HookRegistry } from "./hooks.js";
import type { MessageQueues } from "./queues.js";
import { isRetryableError, waitBeforeRetry } from "./retry.js";
import { runAgentOnce, type RunHost, type RunOutcome, type RunResult } from "./run-once.js";
import type { Activity } from "./runtime-types.js";
import type { WireEvent } from "./wire-events.js";

/** What the loop reads from and reports to the runtime (AgentRuntime implements it). */
export interface LoopHost {
  readonly model: AnyModel | undefined;
  readonly thinkingLevel: ThinkingLevelName;
  readonly messages: AgentMessage[];
  readonly queues: MessageQueues;
  readonly interruptMode: InterruptMode;
  readonly autoRetry: boolean;
  readonly config: LoadedConfig;
  readonly hooks: HookRegistry;
  readonly models: ModelRegistry;
  readonly streamFn: StreamFn | undefined;
  activeTools(): AgentTool[];
  systemPromptFor(tools: readonly AgentTool[]): string;
  emit(event: WireEvent): void;
  emitQueue(): void;
  recordMessage(message: AgentMessage): void;
}

/**
 * A prepared input: the messages that start the run, and an optional system prompt for it; or
 * `continuation`, a run that answers the conversation as it stands and adds no message.
 */
export type PreparedInput =
  | AgentMessage[]
  | { prompts: AgentMessage[]; systemPrompt?: string }
  | { continuation: true };

export class ActivityLoop {
  private activity: Activity | undefined;
  private starting = false;
  private abortedWhileStarting = false;
  private retryAttempt = 0;
  private readonly deferredBash: BashExecutionMessage[] = [];
  private readonly abortListeners = new Set<() => void>();

  constructor(private readonly host: LoopHost) {}

  /** A run is active or an input is in its preflight (about to start one). */
  get busy(): boolean {
    return this.activity !== undefined || this.starting;
  }

  /** The running run's abort signal (extensions bind their work to it); undefined when idle. */
  get signal(): AbortSignal | undefined {
    return this.activity?.controller.signal;
  }

  /**
   * Preflight then start, with the worker counted as busy from the first await: a second
   * input arriving during preflight is queued (or rejected), never a second parallel run.
   */
  async start(prepare: () => Promise<PreparedInput>): Promise<void> {
    this.starting = true;
    this.abortedWhileStarting = false;
    try {
      const prepared = await prepare();
      // An abort during preflight (e.g. a pre-prompt compaction) cancels the input too.
      if (this.abortedWhileStarting) throw new Error("Aborted before the run started");
      if (Array.isArray(prepared)) this.startActivity(prepared);
      else if ("continuation" in prepared) this.startActivity([], undefined, true);
      else this.startActivity(prepared.prompts, prepared.systemPrompt);
    } finally {
      this.starting = false;
    }
  }

  /** Result of an RPC `bash` command: stored now, or after the active run (docs/protocol.md §3.8.1). */
  recordWhenIdle(message: BashExecutionMessage): void {
    if (this.activity) this.deferredBash.push(message);
    else this.host.recordMessage(message);
  }

  /** Register work that `abort` must cancel too (e.g. a running RPC bash command). */
  onAbort(listener: () => void): () => void {
    this.abortListeners.add(listener);
    return () => this.abortListeners.delete(listener);
  }

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
    while (this.busy) {
      if (this.activity) await this.activity.done;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private startActivity(prompts: AgentMessage[], systemPrompt?: string, continuation = false): void {
    const activity: Activity = {
      controller: new AbortController(),
      aborted: false,
      done: Promise.resolve(),
      ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    };
    this.activity = activity;
    // setImmediate: the command's response is written before agent_start (docs/protocol.md §2.4).
    activity.done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.runActivity(activity, prompts, continuation))
      .catch((error: unknown) => {
        process.stderr.write(
          `agent-rpc: run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      })
      .finally(() => this.finishActivity(activity));
  }

  private async runActivity(activity: Activity, initial: AgentMessage[], continueFirst: boolean): Promise<void> {
    const hooks = this.host.hooks;
    let prompts = initial;
    // A continuation (and each retry) runs from the context as it stands, with no new message.
    let continuation = continueFirst;
    for (;;) {
      const { outcome, last } = await this.runOnce(activity, prompts, continuation);
      if (outcome === "retry") {
        if (!(await this.retryDelay(activity))) return;
        this.dropFailedAnswer();
        prompts = [];
        continuation = true;
        continue;
      }
      // Threshold or overflow compaction runs between agent_end and agent_settled (docs/protocol.md §4.11 F2/F3).
      if (!activity.aborted) {
        const { retry } = await hooks.afterRun(last);
        if (retry && !activity.aborted) {
          this.dropFailedAnswer();
          prompts = [];
          continuation = true;
          continue;
        }
      }
      if (activity.aborted) return;
      if (outcome === "leftovers" || (!this.host.queues.isEmpty && last?.stopReason !== "error")) {
        prompts = this.host.queues.takeLeftovers().map((item) => item.message);
        continuation = false;
        if (prompts.length > 0) continue;
      }
      // Only when agent_end announced it (willRetry): a todo reminder run (docs/protocol.md §4.11 K).
      if (outcome === "continue") {
        const next = await hooks.continueAfterRun(last);
        if (next && !activity.aborted) {
          prompts = next.messages;
          continuation = false;
          continue;
        }
      }
      return;
    }
  }

  /** The failed answer stays in the session file but leaves the context (docs/protocol.md §4.11 G1, F3). */
  private dropFailedAnswer(): void {
    const messages = this.host.messages;
    const last = messages[messages.length - 1];
    if (last?.role === "assistant" && last.stopReason === "error") messages.pop();
  }

  private finishActivity(activity: Activity): void {
    if (this.host.queues.restoreUndelivered()) this.host.emitQueue();
    for (const message of this.deferredBash.splice(0)) this.host.recordMessage(message);
    if (this.activity === activity) this.activity = undefined;
    this.host.emit({ type: "agent_settled" });
  }

  private async retryDelay(activity: Activity): Promise<boolean> {
    const messages = this.host.messages;
    const last = messages[messages.length - 1];
    this.retryAttempt++;
    const completed = await waitBeforeRetry({
      attempt: this.retryAttempt,
      settings: this.host.config.settings.retry,
      errorMessage: last?.role === "assistant" ? (last.errorMessage ?? "Unknown error") : "Unknown error",
      runSignal: activity.controller.signal,
      setCancel: (cancel) => {
        activity.cancelRetry = cancel;
      },
      emit: (event) => this.host.emit(event),
    });
    if (!completed || activity.aborted) {
      this.host.emit({
        type: "auto_retry_end",
        success: false,
        attempt: this.retryAttempt,
        finalError: "Retry cancelled",
      });
      this.retryAttempt = 0;
      return false;
    }
    return true;
  }

  private runOnce(activity: Activity, prompts: AgentMessage[], continuation: boolean): Promise<RunResult> {
    const host = this.host;
    const model = host.model;
    if (!model) throw new Error("No model selected");
    const tools = host.activeTools();
    const streamFn = host.streamFn;
    const run: RunHost = {
      model,
      thinkingLevel: host.thinkingLevel,
      tools,
      systemPrompt: activity.systemPrompt ?? host.systemPromptFor(tools),
      messages: [...host.messages],
      signal: activity.controller.signal,
      isAborted: () => activity.aborted,
      takeSteering: () => host.queues.takeSteering().map((item) => item.message),
      takeFollowUp: () => host.queues.takeFollowUp().map((item) => item.message),
      skipForSteering: () => host.interruptMode === "immediate" && host.queues.hasSteering,
      hooks: host.hooks,
      apiKeyFor: (provider) => host.models.apiKeyFor(provider),
      ...(streamFn ? { streamFn } : {}),
      onMessageStart: (message) => {
        if (host.queues.markDelivered(message)) host.emitQueue();
      },
      recordMessage: (message) => host.recordMessage(message),
      emit: (event) => host.emit(event),
      retryAttempt: () => this.retryAttempt,
      resetRetry: () => {
        this.retryAttempt = 0;
      },
      decideOutcome: (last) => this.decideOutcome(activity, last),
    };
    return runAgentOnce(run, prompts, continuation);
  }

  private decideOutcome(activity: Activity, last: AssistantMessage | undefined): RunOutcome {
    if (activity.aborted) return "done";
    const retry = this.host.config.settings.retry;
    if (
      last?.stopReason === "error" &&
      this.host.autoRetry &&
      isRetryableError(last.errorMessage) &&
      this.retryAttempt < retry.maxRetries
    )
      return "retry";
    if (last?.stopReason === "error") return this.host.hooks.willRetryAfterRun(last) ? "overflow" : "done";
    if (!this.host.queues.isEmpty) return "leftovers";
    return this.host.hooks.willContinueAfterRun(last) ? "continue" : "done";
  }
}
