// One run of the agent loop (agent_start … agent_end) over pi-agent-core: the loop config
// (queues as steering/follow-up sources, interrupt-mode tool gating, hooks), the local answer
// for an aborted run, and the event sink that records messages, marks queue deliveries,
// reports retry success and decides at agent_end whether the activity continues.

import type { AgentContext, AgentEvent, AgentLoopConfig, AgentTool, StreamFn } from "@mariozechner/pi-agent-core";
import type { AssistantMessage } from "@mariozechner/pi-ai";
import { emptyAssistantMessage } from "../providers/assistant-message.js";
import { loadAgentCore, loadPiAi } from "../providers/lazy.js";
import type { AnyModel } from "../providers/model-registry.js";
import type { ThinkingLevelName } from "../providers/thinking.js";
import { convertToLlm, type AgentMessage } from "./agent-messages.js";
import { toWireEvent } from "./event-translator.js";
import type { HookRegistry } from "./hooks.js";
import type { WireEvent } from "./wire-events.js";

export const SKIPPED_BY_STEERING = "Skipped due to queued user message.";

/**
 * done: settle; retry: auto-retry; overflow: compaction then re-run; leftovers: deliver queue;
 * continue: a hook (todo reminder) starts another run.
 */
export type RunOutcome = "done" | "retry" | "overflow" | "leftovers" | "continue";

export interface RunResult {
  outcome: RunOutcome;
  last: AssistantMessage | undefined;
}

/** What one run needs from the runtime (a snapshot plus callbacks into its state). */
export interface RunHost {
  model: AnyModel;
  thinkingLevel: ThinkingLevelName;
  tools: AgentTool[];
  systemPrompt: string;
  messages: AgentMessage[];
  signal: AbortSignal;
  isAborted(): boolean;
  takeSteering(): AgentMessage[];
  takeFollowUp(): AgentMessage[];
  /** Interrupt mode `immediate` with steering queued: skip tool calls not yet started. */
  skipForSteering(): boolean;
  hooks: HookRegistry;
  apiKeyFor(provider: string): Promise<string | undefined>;
  streamFn?: StreamFn;
  onMessageStart(message: AgentMessage): void;
  recordMessage(message: AgentMessage): void;
  emit(event: WireEvent): void;
  retryAttempt(): number;
  resetRetry(): void;
  decideOutcome(last: AssistantMessage | undefined): RunOutcome;
}

/** pi-agent-core's loop configured for this run: our retries, hooks, queues and steering skips. */
function loopConfig(host: RunHost): AgentLoopConfig {
  const reasoning = host.thinkingLevel === "off" ? undefined : host.thinkingLevel;
  return {
    model: host.model,
    ...(reasoning ? { reasoning } : {}),
    convertToLlm,
    // Our auto-retry (with its events) replaces the SDKs' silent internal retries.
    maxRetries: 0,
    getApiKey: (provider) => host.apiKeyFor(provider),
    toolExecution: "sequential",
    // pi's `context` event: extensions may rewrite the messages of each request.
    transformContext: (messages, signal) => host.hooks.transformContext(messages, signal),
    getSteeringMessages: async () => (host.isAborted() ? [] : host.takeSteering()),
    getFollowUpMessages: async () => (host.isAborted() ? [] : host.takeFollowUp()),
    beforeToolCall: async (ctx, signal) => {
      if (host.skipForSteering()) return { block: true, reason: SKIPPED_BY_STEERING };
      return host.hooks.beforeToolCall(
        { toolCallId: ctx.toolCall.id, toolName: ctx.toolCall.name, args: ctx.args },
        signal,
      );
    },
    afterToolCall: async (ctx, signal) =>
      host.hooks.afterToolCall(
        {
          toolCallId: ctx.toolCall.id,
          toolName: ctx.toolCall.name,
          args: ctx.args,
          result: { content: ctx.result.content, details: ctx.result.details as unknown },
          isError: ctx.isError,
        },
        signal,
      ),
  };
}

type OpenEvents = { agent: boolean; message: boolean; tools: Map<string, string> };

/**
 * Forwards the loop's events to the client, tracking what it was told has started (closed by
 * closeOpenEvents if the loop fails half way), the last answer, and the run's outcome.
 */
class RunEvents {
  outcome: RunOutcome = "done";
  lastAssistant: AssistantMessage | undefined;
  readonly open: OpenEvents = { agent: false, message: false, tools: new Map<string, string>() };

  constructor(private readonly host: RunHost) {}

  readonly sink = (event: AgentEvent): void => {
    const { host, open } = this;
    switch (event.type) {
      case "agent_start":
        open.agent = true;
        host.emit(toWireEvent(event));
        return;
      case "tool_execution_start":
        open.tools.set(event.toolCallId, event.toolName);
        host.emit(toWireEvent(event));
        return;
      case "tool_execution_end":
        // Closed only once it was written: a failed write leaves it for closeOpenEvents.
        host.emit(toWireEvent(event));
        open.tools.delete(event.toolCallId);
        return;
      case "message_start":
        host.onMessageStart(event.message);
        open.message = event.message.role === "assistant";
        host.emit(toWireEvent(event));
        return;
      case "message_end":
        return this.messageEnd(event);
      case "agent_end":
        return this.agentEnd(event.messages);
      default:
        host.emit(toWireEvent(event));
    }
  };

  private messageEnd(event: Extract<AgentEvent, { type: "message_end" }>): void {
    const { host } = this;
    const message = event.message;
    this.open.message = false;
    host.recordMessage(message);
    host.emit(toWireEvent(event));
    if (message.role !== "assistant") return;
    this.lastAssistant = message;
    const stop = message.stopReason;
    // G1: success is reported right after the first good answer of a retry.
    if (host.retryAttempt() > 0 && stop !== "error" && stop !== "aborted") {
      host.emit({ type: "auto_retry_end", success: true, attempt: host.retryAttempt() });
      host.resetRetry();
    }
  }

  private agentEnd(messages: AgentMessage[]): void {
    const { host } = this;
    this.outcome = host.decideOutcome(this.lastAssistant);
    host.emit({ type: "agent_end", messages, willRetry: this.outcome !== "done" });
    this.open.agent = false;
    if (this.outcome === "done" && host.retryAttempt() > 0) {
      // G2: retries exhausted (or the retried run was aborted).
      const finalError = host.isAborted() ? "Retry cancelled" : (this.lastAssistant?.errorMessage ?? "Retry cancelled");
      host.emit({ type: "auto_retry_end", success: false, attempt: host.retryAttempt(), finalError });
      host.resetRetry();
    }
  }
}

export async function runAgentOnce(host: RunHost, prompts: AgentMessage[], continuation: boolean): Promise<RunResult> {
  const core = await loadAgentCore();
  const ai = await loadPiAi();
  const context: AgentContext = { systemPrompt: host.systemPrompt, messages: host.messages, tools: host.tools };
  const config = loopConfig(host);
  const baseStream: StreamFn = host.streamFn ?? ((m, c, o) => ai.streamSimple(m, c, o));
  // An aborted run asks for one more answer after its tools; answer it locally (no request).
  const streamFn: StreamFn = (m, c, o) => (o?.signal?.aborted ? abortedStream(ai, m) : baseStream(m, c, o));
  const events = new RunEvents(host);
  try {
    if (continuation) await core.runAgentLoopContinue(context, config, events.sink, host.signal, streamFn);
    else await core.runAgentLoop(prompts, context, config, events.sink, host.signal, streamFn);
  } catch (error) {
    closeOpenEvents(host, events.open, error);
    throw error;
  }
  return { outcome: events.outcome, last: events.lastAssistant };
}

/**
 * The loop failed (a session write failed, an extension hook threw, …): every started tool
 * gets its tool_execution_end and the run its agent_end, with the reason, so no client waits
 * for an end that never comes. Each emit is tried on its own: one failure must not stop the rest.
 */
function closeOpenEvents(host: RunHost, open: OpenEvents, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  const tryEmit = (event: WireEvent): void => {
    try {
      host.emit(event);
    } catch (emitError) {
      process.stderr.write(`agent-rpc: could not report the failed run (${event.type}): ${String(emitError)}\n`);
    }
  };
  for (const [toolCallId, toolName] of open.tools) {
    const text = `Tool execution failed: ${reason}`;
    tryEmit({
      type: "tool_execution_end",
      toolCallId,
      toolName,
      result: { content: [{ type: "text", text }], details: {} },
      isError: true,
    });
  }
  open.tools.clear();
  if (!open.agent) return;
  const message = emptyAssistantMessage(host.model, "error");
  message.errorMessage = `The run failed: ${reason}`;
  // An answer being streamed is ended by this message; otherwise it is a new one.
  if (!open.message) tryEmit({ type: "message_start", message });
  tryEmit({ type: "message_end", message });
  tryEmit({ type: "agent_end", messages: [message], willRetry: false });
  open.agent = false;
  open.message = false;
}

function abortedStream(ai: typeof import("@mariozechner/pi-ai"), model: AnyModel): ReturnType<StreamFn> {
  const stream = ai.createAssistantMessageEventStream();
  const message = emptyAssistantMessage(model, "aborted");
  message.errorMessage = "Request was aborted";
  stream.push({ type: "error", reason: "aborted", error: message });
  stream.end(message);
  return stream;
}
