// Events written by the worker to stdout (docs/protocol.md §4), including the legacy variants a
// client must accept (docs/protocol.md Appendix B): message_update full form, auto_compaction_*, start/done/error.

import type {
  AgentMessage,
  AgentToolResult,
  AssistantMessage,
  ThinkingLevel,
  ToolCall,
  ToolResultMessage,
  Usage,
} from "./messages.js";
import type { CompactionResult } from "./results.js";
import type { SessionEntry } from "./session-file.js";
import type { LegacyTodoItem, TodoTask } from "./todos.js";

/** docs/protocol.md §1.1 First stdout frame of [ours] and [xcsh]; unknown extra fields are ignored. */
export interface ReadyFrame {
  type: "ready";
  /** Informational worker version ([ours]); absent on [xcsh]. */
  version?: string;
  /** [ours] live worker on a socket: which one (docs/protocol-notes.md, "Live sessions"). */
  live?: { id: string; pid?: number };
}

// ---- docs/protocol.md §4.1 Run lifecycle ----
export interface AgentStartEvent {
  type: "agent_start";
  /** [ours] In a live_attach answer's frames: how long the run has been going, in ms. */
  runningMs?: number;
}
export interface AgentEndEvent {
  type: "agent_end";
  /** Messages produced by this run, including the user messages it consumed. */
  messages: AgentMessage[];
  /** [ours], [pi]: another run of the same activity follows automatically. */
  willRetry?: boolean;
}
/** [ours], [pi]: the activity is over; the worker will not continue on its own. */
export interface AgentSettledEvent {
  type: "agent_settled";
}
export interface TurnStartEvent {
  type: "turn_start";
}
export interface TurnEndEvent {
  type: "turn_end";
  message: AssistantMessage;
  /** In tool-call order; [] if none or if the turn ended in error/abort. */
  toolResults: ToolResultMessage[];
}

// ---- docs/protocol.md §4.2 Message events ----
export interface MessageStartEvent {
  type: "message_start";
  message: AgentMessage;
}
export interface MessageEndEvent {
  type: "message_end";
  /** Final and authoritative. */
  message: AgentMessage;
}

/**
 * Snapshot carried by the legacy full form (docs/protocol.md §4.2); absent in the canonical form. decodeWorkerFrame
 * drops it (it duplicates the event's top-level `message`).
 */
interface PartialSnapshot {
  partial?: AssistantMessage;
}

export interface TextStartEvent extends PartialSnapshot {
  type: "text_start";
  contentIndex: number;
}
export interface TextDeltaEvent extends PartialSnapshot {
  type: "text_delta";
  contentIndex: number;
  delta: string;
}
export interface TextEndEvent extends PartialSnapshot {
  type: "text_end";
  contentIndex: number;
  /** Full text of the block. */
  content: string;
}
export interface ThinkingStartEvent extends PartialSnapshot {
  type: "thinking_start";
  contentIndex: number;
}
export interface ThinkingDeltaEvent extends PartialSnapshot {
  type: "thinking_delta";
  contentIndex: number;
  delta: string;
}
export interface ThinkingEndEvent extends PartialSnapshot {
  type: "thinking_end";
  contentIndex: number;
  content: string;
}
export interface ToolCallStartEvent extends PartialSnapshot {
  type: "toolcall_start";
  contentIndex: number;
  /** [ours] MUST send the tool call id and name; [pi-0.73]/omp do not. */
  id?: string;
  toolName?: string;
}
export interface ToolCallDeltaEvent extends PartialSnapshot {
  type: "toolcall_delta";
  contentIndex: number;
  /** A chunk of the JSON argument text (partial JSON). */
  delta: string;
}
export interface ToolCallEndEvent extends PartialSnapshot {
  type: "toolcall_end";
  contentIndex: number;
  toolCall: ToolCall;
}
/** Legacy (older oh-my-pi), tolerate and ignore. */
export interface LegacyStartEvent {
  type: "start";
  partial: AssistantMessage;
}
/** Legacy (older oh-my-pi), informational: wait for message_end. */
export interface LegacyDoneEvent {
  type: "done";
  reason: "stop" | "length" | "toolUse";
  message: AssistantMessage;
}
/** Legacy (older oh-my-pi), informational: wait for message_end. */
export interface LegacyErrorEvent {
  type: "error";
  reason: "aborted" | "error";
  error: AssistantMessage;
}

/** The delta sub-events [ours] sends. */
export type CanonicalAssistantMessageEvent =
  | TextStartEvent
  | TextDeltaEvent
  | TextEndEvent
  | ThinkingStartEvent
  | ThinkingDeltaEvent
  | ThinkingEndEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent;

export type WireAssistantMessageEvent =
  | CanonicalAssistantMessageEvent
  | LegacyStartEvent
  | LegacyDoneEvent
  | LegacyErrorEvent;

export type WireAssistantMessageEventType = WireAssistantMessageEvent["type"];

/** docs/protocol.md §4.2 canonical delta form ([ours], [pi]): no cumulative snapshot. */
export interface MessageUpdateDeltaEvent {
  type: "message_update";
  assistantMessageEvent: WireAssistantMessageEvent;
  /** Cumulative provider usage so far ([ours] SHOULD send). */
  usage?: Usage;
  message?: undefined;
}

/**
 * docs/protocol.md §4.2 legacy full form ([pi-0.73], [omp], [xcsh]): `message` is the cumulative partial
 * assistant message, also repeated as `assistantMessageEvent.partial`. pi 0.73.1 partials
 * may carry scratch fields (`partialArgs`, `streamIndex`) on tool call blocks.
 */
export interface MessageUpdateLegacyEvent {
  type: "message_update";
  assistantMessageEvent: WireAssistantMessageEvent;
  message: AssistantMessage;
  usage?: Usage;
}

export type MessageUpdateEvent = MessageUpdateDeltaEvent | MessageUpdateLegacyEvent;

// ---- docs/protocol.md §4.3 Tool execution ----
export interface ToolExecutionStartEvent {
  type: "tool_execution_start";
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** Later pi only (nested calls). */
  parentToolCallId?: string;
}
export interface ToolExecutionUpdateEvent {
  type: "tool_execution_update";
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** Accumulated result so far (replace, do not append). */
  partialResult: AgentToolResult;
  parentToolCallId?: string;
}
export interface ToolExecutionEndEvent {
  type: "tool_execution_end";
  toolCallId: string;
  toolName: string;
  result: AgentToolResult;
  isError: boolean;
  parentToolCallId?: string;
}

// ---- docs/protocol.md §4.4 Queue ----
export interface QueueUpdateEvent {
  type: "queue_update";
  /** Full pending steering queue, oldest first. */
  steering: string[];
  followUp: string[];
}

// ---- docs/protocol.md §4.5 Compaction ----
export type CompactionReason = "manual" | "threshold" | "overflow";

export interface CompactionStartEvent {
  type: "compaction_start";
  reason: CompactionReason;
}
export interface CompactionEndEvent {
  type: "compaction_end";
  reason: CompactionReason;
  /** Absent (older docs: null) when aborted, failed or skipped. */
  result?: CompactionResult | null;
  aborted: boolean;
  /** true only for a successful overflow compaction. */
  willRetry: boolean;
  errorMessage?: string;
}
export type CompactionAction = "context-full" | "handoff";
/** Legacy ([omp], [xcsh], older pi): normalise to compaction_start. */
export interface AutoCompactionStartEvent {
  type: "auto_compaction_start";
  reason: "threshold" | "overflow" | "idle";
  action?: CompactionAction;
}
/** Legacy: normalise to compaction_end with the reason remembered from the start event. */
export interface AutoCompactionEndEvent {
  type: "auto_compaction_end";
  result?: CompactionResult | null;
  aborted: boolean;
  willRetry: boolean;
  errorMessage?: string;
  action?: CompactionAction;
  skipped?: boolean;
}

// ---- docs/protocol.md §4.6 Retry ----
export interface AutoRetryStartEvent {
  type: "auto_retry_start";
  /** 1-based */
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  errorMessage: string;
}
export interface AutoRetryEndEvent {
  type: "auto_retry_end";
  success: boolean;
  attempt: number;
  /** "Retry cancelled" after abort_retry/abort. */
  finalError?: string;
}
export interface SummarizationRetryScheduledEvent {
  type: "summarization_retry_scheduled";
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  errorMessage: string;
}
export type SummarizationRetryAttemptStartEvent =
  | { type: "summarization_retry_attempt_start"; source: "compaction"; reason: CompactionReason }
  | { type: "summarization_retry_attempt_start"; source: "branchSummary" };
export interface SummarizationRetryFinishedEvent {
  type: "summarization_retry_finished";
}

// ---- docs/protocol.md §4.7 Bash ----
export interface BashExecutionUpdateEvent {
  type: "bash_execution_update";
  /** The originating bash command's id; absent if it had none. */
  id?: string;
  delta: string;
}

// ---- docs/protocol.md §4.8 Session notifications ----
export interface SessionInfoChangedEvent {
  type: "session_info_changed";
  /** Absent when the name was cleared. */
  name?: string;
}
export interface ThinkingLevelChangedEvent {
  type: "thinking_level_changed";
  level: ThinkingLevel;
}
/** Later pi only; [ours] does not emit it. */
export interface EntryAppendedEvent {
  type: "entry_appended";
  entry: SessionEntry;
}

// ---- docs/protocol.md §4.9 oh-my-pi events ----
/** Open-ended: oh-my-pi adds fields (e.g. `_source`), which clients ignore. */
export interface TtsrRule {
  name: string;
  path: string;
  content: string;
  description?: string;
  globs?: string[];
  alwaysApply?: boolean;
  condition?: string[];
  scope?: string[];
  [key: string]: unknown;
}
export interface TtsrTriggeredEvent {
  type: "ttsr_triggered";
  rules: TtsrRule[];
}
export interface TodoReminderEvent {
  type: "todo_reminder";
  /** Incomplete tasks, flat. [omp] sends its older flat items. */
  todos: (TodoTask | LegacyTodoItem)[];
  attempt: number;
  maxAttempts: number;
}
/** No payload: re-read get_state.todoPhases. */
export interface TodoAutoClearEvent {
  type: "todo_auto_clear";
}

// ---- docs/protocol.md §4.10 ----
export interface ExtensionErrorEvent {
  type: "extension_error";
  /** Extension file, or `command:<name>` for a failing extension command. */
  extensionPath: string;
  event: string;
  error: string;
}

/** Every event type (frames that are not response / ready / UI request / host tool). */
export type AgentEvent =
  | AgentStartEvent
  | AgentEndEvent
  | AgentSettledEvent
  | TurnStartEvent
  | TurnEndEvent
  | MessageStartEvent
  | MessageUpdateEvent
  | MessageEndEvent
  | ToolExecutionStartEvent
  | ToolExecutionUpdateEvent
  | ToolExecutionEndEvent
  | QueueUpdateEvent
  | CompactionStartEvent
  | CompactionEndEvent
  | AutoCompactionStartEvent
  | AutoCompactionEndEvent
  | AutoRetryStartEvent
  | AutoRetryEndEvent
  | SummarizationRetryScheduledEvent
  | SummarizationRetryAttemptStartEvent
  | SummarizationRetryFinishedEvent
  | BashExecutionUpdateEvent
  | SessionInfoChangedEvent
  | ThinkingLevelChangedEvent
  | EntryAppendedEvent
  | TtsrTriggeredEvent
  | TodoReminderEvent
  | TodoAutoClearEvent
  | ExtensionErrorEvent;

/** Appendix A name. */
export type AgentSessionEvent = AgentEvent;

export type AgentEventType = AgentEvent["type"];

/** Narrow `AgentEvent` by type, e.g. `EventOf<"queue_update">`. */
export type EventOf<K extends AgentEventType> = Extract<AgentEvent, { type: K }>;
