// What the extension host needs from the agent runtime. Every member is optional so the host
// works in-process without a runtime (tests) and the core can bind them late (setRuntime).
import type { CustomMessageInput, SendMessageOptions, SendUserMessageOptions } from "./api.js";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";
import type { AgentTool } from "@mariozechner/pi-agent-core";

export interface HostRuntime {
  isIdle?(): boolean;
  abort?(): void | Promise<void>;
  hasPendingMessages?(): boolean;
  waitForIdle?(): Promise<void>;
  /** The running agent's abort signal, undefined when idle. */
  signal?(): AbortSignal | undefined;
  /** Graceful shutdown after the current command (docs/protocol.md §1.6). */
  shutdown?(): void;
  /** A user message as if typed: prompt when idle, steer/followUp when streaming. */
  sendUserMessage?(
    content: string | (TextContent | ImageContent)[],
    options: SendUserMessageOptions,
  ): Promise<void> | void;
  /** A custom message (role "custom") into the session. */
  sendMessage?(message: CustomMessageInput, options: SendMessageOptions): void;
  setSessionName?(name: string): void;
  getSessionName?(): string | undefined;
  appendEntry?(customType: string, data: unknown): void;
  setLabel?(entryId: string, label: string | undefined): void;
  getThinkingLevel?(): string;
  setThinkingLevel?(level: string): void;
  toolNames?(): string[];
  /** Names offered to the model (after setActiveTools); defaults to toolNames. */
  activeToolNames?(): string[];
  setActiveTools?(names: readonly string[]): void;
  /** Every loaded tool; `builtin` marks ours (the rest come from hooks: extensions, todo, host). */
  allTools?(): { tool: AgentTool; builtin: boolean }[];
  /** pi.setModel by provider/id: false when unknown or without credentials. */
  setModel?(provider: string, modelId: string): Promise<boolean>;
  /** Called when an extension registers a tool after startup. */
  toolsChanged?(): void;
}
