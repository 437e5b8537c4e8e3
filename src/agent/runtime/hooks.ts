// Runtime hook points for extensions and other plug-ins (extensions helper implements them).
// Every hook is optional; several hook sets can be registered and run in registration order.

import type { AgentMessage, AgentTool } from "@mariozechner/pi-agent-core";
import type { AssistantMessage, ImageContent, TextContent } from "@mariozechner/pi-ai";
import type { WireEvent } from "./wire-events.js";

export interface ToolCallInfo {
  toolCallId: string;
  toolName: string;
  args: unknown;
}

export interface ToolGate {
  block?: boolean;
  reason?: string;
}

/** A finished tool call as afterToolCall sees it (the extensions' ToolResultInfo shape). */
export interface FinishedToolCall extends ToolCallInfo {
  result: { content: (TextContent | ImageContent)[]; details: unknown };
  isError: boolean;
}

export interface ToolResultOverride {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
}

export type InputMode = "prompt" | "steer" | "follow_up";

/** What a compaction is about to do (pi's session_before_compact fields we have). */
export interface CompactionPreview {
  preparation: { firstKeptEntryId: string; tokensBefore: number };
  /** The session entries of the current branch (session entry objects). */
  branchEntries: readonly unknown[];
  customInstructions?: string;
  signal: AbortSignal;
}

// Property (not method) syntax on purpose: TypeScript then checks hook parameter types
// strictly, so a plug-in whose hook expects a different shape fails to compile.
export interface RuntimeHooks {
  /** Gate a tool call before it runs; the first `{block:true}` wins. */
  beforeToolCall?: (
    call: ToolCallInfo,
    signal: AbortSignal | undefined,
  ) => Promise<ToolGate | undefined> | ToolGate | undefined;
  /**
   * Inspect or replace a finished tool result before tool_execution_end (pi's tool_result
   * handlers). Returned fields replace the result's; later hook sets see earlier changes.
   */
  afterToolCall?: (
    call: FinishedToolCall,
    signal?: AbortSignal,
  ) => Promise<ToolResultOverride | undefined> | ToolResultOverride | undefined;
  /** Observe every event written to the client (sync: must not block the stream). */
  onEvent?: (event: WireEvent) => void;
  /** Expand templates/skills. Returns the text to use (unchanged when not applicable). */
  expandInput?: (text: string, mode: InputMode) => Promise<string> | string;
  /**
   * Run `text` as an extension command if it is one. Returns true when handled (the prompt
   * then starts no run). Only called for `prompt`.
   */
  runCommand?: (text: string) => Promise<boolean> | boolean;
  /** True when `text` names an extension command (steer/follow_up must reject it). */
  isCommand?: (text: string) => boolean;
  /** Extra tools to offer the model (todo_write, host tools, extension tools). Read per run. */
  tools?: () => AgentTool[];
  /** Names of the tools this set provides, also those prepareTools has not built yet. */
  toolNames?: () => string[];
  /** Before a run starts: build the tools `tools()` returns (e.g. load their modules). */
  prepareTools?: () => Promise<void>;
  /** Extra lines for the system prompt. */
  systemPromptAppend?: () => string | undefined;
  /** Sync, at agent_end of a failed run: will it be re-run after an overflow compaction? */
  willRetryAfterRun?: (last: AssistantMessage | undefined) => boolean;
  /** After a run's agent_end, before agent_settled (threshold/overflow compaction). */
  afterRun?: (last: AssistantMessage | undefined) => Promise<{ retry: boolean }>;
  /**
   * Sync, at agent_end of a normal answer with nothing queued: will another run of the same
   * activity follow (a todo reminder, docs/protocol.md §4.11 K)? Decides agent_end.willRetry.
   */
  willContinueAfterRun?: (last: AssistantMessage | undefined) => boolean;
  /**
   * After afterRun, when willContinueAfterRun said so: the messages to start the next run
   * with (the hook emits its own event first, e.g. todo_reminder), or undefined to settle.
   */
  continueAfterRun?: (last: AssistantMessage | undefined) => Promise<{ messages: AgentMessage[] } | undefined>;
  /** Prompt preflight, before the run starts (pre-prompt compaction, docs/protocol.md §4.11 F4). */
  beforePrompt?: () => Promise<void>;
  /**
   * A prompt was accepted and its run is about to start (pi's before_agent_start): messages to
   * send with the prompt, and a system prompt replacing `systemPrompt` for this activity.
   */
  beforeAgentStart?: (input: {
    prompt: string;
    images?: ImageContent[];
    systemPrompt: string;
  }) => Promise<{ messages: AgentMessage[]; systemPrompt?: string } | undefined>;
  /**
   * Before each LLM request (pi's `context` event): a replacement message list for this request
   * only (the conversation itself is unchanged), or undefined to keep it. Hook sets chain.
   */
  transformContext?: (messages: AgentMessage[], signal: AbortSignal | undefined) => Promise<AgentMessage[] | undefined>;
  /** Before a compaction summarises (pi's session_before_compact): true cancels it. */
  beforeCompact?: (preview: CompactionPreview) => Promise<boolean>;
  /** After a compaction entry was saved (pi's session_compact). */
  afterCompact?: (event: { compactionEntry: unknown; fromExtension: boolean }) => Promise<void> | void;
  /** Extra get_state fields (e.g. todoPhases from the todo store). */
  stateFields?: () => Record<string, unknown>;
  /** Called once at shutdown (stdin end, signals) before the process exits. */
  onShutdown?: () => Promise<void> | void;
}

export class HookRegistry {
  private readonly sets: RuntimeHooks[] = [];

  /** Register a hook set; returns a function that removes it. */
  add(hooks: RuntimeHooks): () => void {
    this.sets.push(hooks);
    return () => {
      const index = this.sets.indexOf(hooks);
      if (index >= 0) this.sets.splice(index, 1);
    };
  }

  async beforeToolCall(call: ToolCallInfo, signal: AbortSignal | undefined): Promise<ToolGate | undefined> {
    for (const set of this.sets) {
      const gate = await set.beforeToolCall?.(call, signal);
      if (gate?.block) return gate;
    }
    return undefined;
  }

  async afterToolCall(
    call: FinishedToolCall,
    signal: AbortSignal | undefined,
  ): Promise<ToolResultOverride | undefined> {
    let current = call;
    let changed = false;
    for (const set of this.sets) {
      const override = await set.afterToolCall?.(current, signal);
      if (!override) continue;
      current = {
        ...current,
        result: {
          content: override.content ?? current.result.content,
          details: override.details ?? current.result.details,
        },
        isError: override.isError ?? current.isError,
      };
      changed = true;
    }
    return changed
      ? { content: current.result.content, details: current.result.details, isError: current.isError }
      : undefined;
  }

  onEvent(event: WireEvent): void {
    for (const set of this.sets) {
      try {
        set.onEvent?.(event);
      } catch (error) {
        // A faulty observer must not break the event stream; report and continue.
        process.stderr.write(`agent-rpc: event hook failed: ${(error as Error).message}\n`);
      }
    }
  }

  async expandInput(text: string, mode: InputMode): Promise<string> {
    let current = text;
    for (const set of this.sets) if (set.expandInput) current = await set.expandInput(current, mode);
    return current;
  }

  async runCommand(text: string): Promise<boolean> {
    for (const set of this.sets) if (set.runCommand && (await set.runCommand(text))) return true;
    return false;
  }

  isCommand(text: string): boolean {
    return this.sets.some((set) => set.isCommand?.(text) === true);
  }

  tools(): AgentTool[] {
    return this.sets.flatMap((set) => set.tools?.() ?? []);
  }

  toolNames(): string[] {
    return this.sets.flatMap((set) => set.toolNames?.() ?? set.tools?.().map((tool) => tool.name) ?? []);
  }

  async prepareTools(): Promise<void> {
    for (const set of this.sets) await set.prepareTools?.();
  }

  systemPromptAppend(): string[] {
    return this.sets
      .map((set) => set.systemPromptAppend?.())
      .filter((s): s is string => typeof s === "string" && s.length > 0);
  }

  willRetryAfterRun(last: AssistantMessage | undefined): boolean {
    return this.sets.some((set) => set.willRetryAfterRun?.(last) === true);
  }

  async afterRun(last: AssistantMessage | undefined): Promise<{ retry: boolean }> {
    let retry = false;
    for (const set of this.sets) if (set.afterRun && (await set.afterRun(last)).retry) retry = true;
    return { retry };
  }

  willContinueAfterRun(last: AssistantMessage | undefined): boolean {
    return this.sets.some((set) => set.willContinueAfterRun?.(last) === true);
  }

  /** The first hook set that continues wins (one continuation run at a time). */
  async continueAfterRun(last: AssistantMessage | undefined): Promise<{ messages: AgentMessage[] } | undefined> {
    for (const set of this.sets) {
      const next = await set.continueAfterRun?.(last);
      if (next && next.messages.length > 0) return next;
    }
    return undefined;
  }

  async beforePrompt(): Promise<void> {
    for (const set of this.sets) await set.beforePrompt?.();
  }

  /** Messages collect in registration order; system prompt replacements chain. */
  async beforeAgentStart(input: {
    prompt: string;
    images?: ImageContent[];
    systemPrompt: string;
  }): Promise<{ messages: AgentMessage[]; systemPrompt?: string }> {
    const messages: AgentMessage[] = [];
    let systemPrompt: string | undefined;
    for (const set of this.sets) {
      if (!set.beforeAgentStart) continue;
      const result = await set.beforeAgentStart({ ...input, systemPrompt: systemPrompt ?? input.systemPrompt });
      if (!result) continue;
      messages.push(...result.messages);
      if (result.systemPrompt !== undefined) systemPrompt = result.systemPrompt;
    }
    return systemPrompt === undefined ? { messages } : { messages, systemPrompt };
  }

  async transformContext(messages: AgentMessage[], signal: AbortSignal | undefined): Promise<AgentMessage[]> {
    let current = messages;
    for (const set of this.sets) current = (await set.transformContext?.(current, signal)) ?? current;
    return current;
  }

  /** The first hook set that cancels wins. */
  async beforeCompact(preview: CompactionPreview): Promise<boolean> {
    for (const set of this.sets) if (await set.beforeCompact?.(preview)) return true;
    return false;
  }

  async afterCompact(event: { compactionEntry: unknown; fromExtension: boolean }): Promise<void> {
    for (const set of this.sets) await set.afterCompact?.(event);
  }

  stateFields(): Record<string, unknown> {
    return Object.assign({}, ...this.sets.map((set) => set.stateFields?.() ?? {})) as Record<string, unknown>;
  }

  async shutdown(): Promise<void> {
    for (const set of this.sets) {
      try {
        await set.onShutdown?.();
      } catch (error) {
        process.stderr.write(`agent-rpc: shutdown hook failed: ${(error as Error).message}\n`);
      }
    }
  }
}
