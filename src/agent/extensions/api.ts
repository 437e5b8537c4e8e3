// The extension API seen by extension modules: a pi-compatible subset (pi 0.73 docs/extensions.md),
// so an extension written for pi that uses only these members loads unchanged.
// Types only; the behaviour lives in host.ts (events, commands, tools) and ui-bridge.ts (ctx.ui).
import type { AgentMessage, AgentToolResult, AgentToolUpdateCallback } from "@mariozechner/pi-agent-core";
import type { ImageContent, TextContent, ToolResultMessage } from "@mariozechner/pi-ai";
import type { SlashCommandInfo, SlashCommandSourceInfo } from "../../protocol/types/results.js";

export type NotifyType = "info" | "warning" | "error";
export type WidgetPlacement = "aboveEditor" | "belowEditor";

export interface DialogOptions {
  /** Dismisses the dialog (resolving to its default) when aborted. */
  signal?: AbortSignal;
  /** Milliseconds; the dialog resolves to its default when it elapses. */
  timeout?: number;
  /**
   * select only: the change being asked about, in the edit tool's diff format, sent as the
   * request's `diff` field (docs/protocol-notes.md "The permission gate"); clients that do not
   * know the field show the title alone.
   */
  diff?: string;
}

export interface WidgetOptions {
  placement?: WidgetPlacement;
}

/** A do-nothing theme: extensions that style text keep working, the text passes through unchanged. */
export interface PlainTheme {
  fg(color: string, text: string): string;
  bg(color: string, text: string): string;
  bold(text: string): string;
  italic(text: string): string;
  underline(text: string): string;
  strikethrough(text: string): string;
  inverse(text: string): string;
}

/** ctx.ui in RPC mode (docs/protocol.md §7): dialogs round-trip to the client, the rest is degraded (§7.5). */
export interface ExtensionUi {
  select(title: string, options: string[], opts?: DialogOptions): Promise<string | undefined>;
  confirm(title: string, message: string, opts?: DialogOptions): Promise<boolean>;
  input(title: string, placeholder?: string, opts?: DialogOptions): Promise<string | undefined>;
  editor(title: string, prefill?: string, opts?: DialogOptions): Promise<string | undefined>;
  notify(message: string, type?: NotifyType): void;
  setStatus(key: string, text: string | undefined): void;
  setWidget(
    key: string,
    content: string[] | ((...args: unknown[]) => unknown) | undefined,
    options?: WidgetOptions,
  ): void;
  setTitle(title: string): void;
  setEditorText(text: string): void;
  pasteToEditor(text: string): void;
  getEditorText(): string;
  custom<T>(factory: (...args: unknown[]) => unknown, options?: unknown): Promise<T | undefined>;
  getToolsExpanded(): boolean;
  setToolsExpanded(expanded: boolean): void;
  setWorkingMessage(message?: string): void;
  setWorkingVisible(visible: boolean): void;
  setWorkingIndicator(options?: unknown): void;
  setHiddenThinkingLabel(label?: string): void;
  setFooter(factory: unknown): void;
  setHeader(factory: unknown): void;
  setEditorComponent(factory: unknown): void;
  getEditorComponent(): undefined;
  onTerminalInput(handler: unknown): () => void;
  addAutocompleteProvider(factory: unknown): void;
  readonly theme: PlainTheme;
  getAllThemes(): { name: string; path: string | undefined }[];
  getTheme(name: string): undefined;
  setTheme(theme: unknown): { success: boolean; error?: string };
}

export interface ExtensionContext {
  ui: ExtensionUi;
  hasUI: true;
  mode: "rpc";
  cwd: string;
  /** The current run's abort signal, undefined when idle. */
  signal: AbortSignal | undefined;
  isIdle(): boolean;
  abort(): void;
  hasPendingMessages(): boolean;
  shutdown(): void;
}

export interface ExtensionCommandContext extends ExtensionContext {
  waitForIdle(): Promise<void>;
}

// ---- events (pi's names and fields) ----

export interface SessionStartEvent {
  type: "session_start";
  reason: "startup" | "reload" | "new" | "resume" | "fork";
  previousSessionFile?: string;
}
export interface SessionShutdownEvent {
  type: "session_shutdown";
  reason: "quit" | "reload" | "new" | "resume" | "fork";
  targetSessionFile?: string;
}
export interface SessionBeforeSwitchEvent {
  type: "session_before_switch";
  reason: "new" | "resume";
  targetSessionFile?: string;
}
export interface SessionBeforeForkEvent {
  type: "session_before_fork";
  entryId: string;
  position: "before" | "at";
}
export interface ToolCallEvent {
  type: "tool_call";
  toolCallId: string;
  toolName: string;
  /** Mutable: changes made by a handler reach the tool (pi semantics). */
  input: Record<string, unknown>;
}
export interface ToolResultEvent {
  type: "tool_result";
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
  content: (TextContent | ImageContent)[];
  details: unknown;
  isError: boolean;
}
export interface InputEvent {
  type: "input";
  text: string;
  images?: ImageContent[];
  source: "interactive" | "rpc" | "extension";
}

/** After a prompt is accepted, before its run starts (pi): may add a message, replace the prompt. */
export interface BeforeAgentStartEvent {
  type: "before_agent_start";
  /** The user's prompt after template/skill expansion. */
  prompt: string;
  images?: ImageContent[];
  /** The system prompt this run would use. */
  systemPrompt: string;
}
export interface BeforeAgentStartResult {
  /** Custom messages sent with the prompt, in extension load order. */
  messages: CustomMessageInput[];
  /** Replacement system prompt for this run (handlers chain: each sees the previous one). */
  systemPrompt?: string;
}

/** Before each LLM request: `messages` is a deep copy; return `{messages}` to replace them for it. */
export interface ContextEvent {
  type: "context";
  messages: AgentMessage[];
}
/** Before a compaction summarises; `{cancel: true}` cancels it (custom summaries are not supported). */
export interface SessionBeforeCompactEvent {
  type: "session_before_compact";
  preparation: { firstKeptEntryId: string; tokensBefore: number };
  branchEntries: readonly unknown[];
  customInstructions?: string;
  signal: AbortSignal;
}
/** After a compaction entry was saved. */
export interface SessionCompactEvent {
  type: "session_compact";
  compactionEntry: unknown;
  fromExtension: boolean;
}

/** Agent-loop events forwarded to extensions as they happen. */
export type AgentLoopEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; messages: AgentMessage[] }
  | { type: "turn_start"; turnIndex: number; timestamp: number }
  | { type: "turn_end"; turnIndex: number; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  | { type: "message_update"; message: AgentMessage; assistantMessageEvent: unknown }
  | { type: "message_end"; message: AgentMessage }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_update"; toolCallId: string; toolName: string; args: unknown; partialResult: unknown }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: unknown; isError: boolean };

export type ExtensionEvent =
  | SessionStartEvent
  | SessionShutdownEvent
  | SessionBeforeSwitchEvent
  | SessionBeforeForkEvent
  | ToolCallEvent
  | ToolResultEvent
  | InputEvent
  | BeforeAgentStartEvent
  | ContextEvent
  | SessionBeforeCompactEvent
  | SessionCompactEvent
  | AgentLoopEvent;

export type ExtensionEventName = ExtensionEvent["type"];

export interface ToolCallResult {
  block?: boolean;
  reason?: string;
}
export interface ToolResultPatch {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
}
export interface CancelResult {
  cancel?: boolean;
}
export type InputResult =
  | { action: "continue" }
  | { action: "transform"; text: string; images?: ImageContent[] }
  | { action: "handled" };

/** What a handler may return, per event (anything else is ignored). */
export interface EventResultMap {
  tool_call: ToolCallResult;
  tool_result: ToolResultPatch;
  session_before_switch: CancelResult;
  session_before_fork: CancelResult & { skipConversationRestore?: boolean };
  session_before_compact: CancelResult;
  context: { messages?: AgentMessage[] };
  input: InputResult;
}

export type EventHandler<E extends ExtensionEvent = ExtensionEvent> = (event: E, ctx: ExtensionContext) => unknown;

// ---- registration ----

export interface CommandOptions {
  description?: string;
  handler: (args: string, ctx: ExtensionCommandContext) => unknown;
  getArgumentCompletions?: (prefix: string) => unknown;
}

/** pi-agent-core AgentTool plus pi's extra execute argument (ctx). `parameters` is a JSON/TypeBox schema. */
export interface ExtensionToolDefinition {
  name: string;
  label?: string;
  description: string;
  parameters: Record<string, unknown>;
  promptSnippet?: string;
  promptGuidelines?: string[];
  prepareArguments?: (args: unknown) => unknown;
  execute: (
    toolCallId: string,
    params: never,
    signal: AbortSignal | undefined,
    onUpdate: AgentToolUpdateCallback<unknown> | undefined,
    ctx: ExtensionContext,
  ) => Promise<AgentToolResult<unknown>>;
}

export interface CustomMessageInput {
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display?: boolean;
  details?: unknown;
}
export interface SendMessageOptions {
  deliverAs?: "steer" | "followUp" | "nextTurn";
  triggerTurn?: boolean;
}
export interface SendUserMessageOptions {
  deliverAs?: "steer" | "followUp";
}

/** The `pi` object handed to an extension's default export. */
export interface ExtensionAPI {
  on(event: string, handler: EventHandler<never>): void;
  registerCommand(name: string, options: CommandOptions): void;
  registerTool(tool: ExtensionToolDefinition): void;
  sendMessage(message: CustomMessageInput, options?: SendMessageOptions): void;
  sendUserMessage(content: string | (TextContent | ImageContent)[], options?: SendUserMessageOptions): void;
  getCommands(): CommandInfo[];
  registerShortcut(shortcut: string, options: unknown): void;
  registerFlag(name: string, options: unknown): void;
  getFlag(name: string): undefined;
  registerMessageRenderer(customType: string, renderer: unknown): void;
  setSessionName(name: string): void;
  getSessionName(): string | undefined;
  /** A custom session entry (not sent to the model), e.g. an extension's own state. */
  appendEntry(customType: string, data?: unknown): void;
  /** Label an entry (undefined clears it), as the tree view shows it. */
  setLabel(entryId: string, label: string | undefined): void;
  getThinkingLevel(): string;
  /** Unknown levels are ignored; the level is clamped to what the model supports. */
  setThinkingLevel(level: string): void;
  /** Names of the tools offered to the model. */
  getActiveTools(): string[];
  /** Every tool (active or not) with its schema and provenance. */
  getAllTools(): ToolInfo[];
  /** Offer only these tools from the next LLM request on (unknown names are ignored). */
  setActiveTools(names: string[]): void;
  /** Select a model by provider and id (as set_model); false when unknown or without an API key. */
  setModel(model: { provider: string; id: string }): Promise<boolean>;
  /** Shared bus between extensions. */
  events: {
    emit(channel: string, data: unknown): void;
    on(channel: string, handler: (data: unknown) => void): () => void;
  };
  exec(
    command: string,
    args?: string[],
    options?: { signal?: AbortSignal; timeout?: number; cwd?: string },
  ): Promise<{ stdout: string; stderr: string; code: number; killed: boolean }>;
}

/** pi.getAllTools item. Built-in tools not loaded yet (the first ~300 ms) are not listed. */
export interface ToolInfo {
  name: string;
  description: string;
  parameters: unknown;
  sourceInfo: CommandSourceInfo;
}

export type ExtensionFactory = (pi: ExtensionAPI) => unknown;

// ---- get_commands items (docs/protocol.md §3.2.3: union of pi's two shapes) ----

export type CommandSourceInfo = SlashCommandSourceInfo;

/** get_commands' item as agent-rpc always sends it: with its provenance. */
export type CommandInfo = SlashCommandInfo & { sourceInfo: CommandSourceInfo };

/** Where an extension came from: decides its get_commands provenance. */
export interface ExtensionOrigin {
  path: string;
  /** "cli" for -e paths, "builtin" for ours, "local" for discovered files. */
  source: "cli" | "builtin" | "local";
  scope: "user" | "project" | "temporary";
}
