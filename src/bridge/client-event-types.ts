// The events a client of the bridge receives: one normalised, typed union whatever the worker
// (pi's cumulative message_update, our deltas, oh-my-pi's legacy forms). Payloads keep what a
// UI shows and drop what it does not (signatures, provider ids). Built by client-events.ts.

/** A todo task as shown: its status stays the worker's own word (oh-my-pi has `blocked`). */
export type PlanTask = { id: string; content: string; status: string; details?: string };
/** A phase of the todo plan, ids filled in by position where the worker sent none. */
export type PlanPhase = { id: string; name: string; tasks: PlanTask[] };

/** Token counts and cost of one message, as reported so far. */
export type TokenUsage = {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  costTotal: number;
};

/** One block of a message: text, thinking, a tool call (with its arguments as streamed), an image or something else. */
export type MessageBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; redacted: boolean }
  | { type: "toolCall"; id: string; name: string; args: Record<string, unknown>; argsText: string }
  | { type: "image"; mimeType: string }
  | { type: "other"; kind: string };

/** A message of any role, reduced to what a transcript shows. */
export type ClientMessage = {
  /** `hookMessage` (old name) arrives as `custom`. */
  role: string;
  blocks: MessageBlock[];
  /** Assistant messages. */
  usage?: TokenUsage;
  stopReason?: string;
  errorMessage?: string;
  model?: string;
  /** Custom messages. */
  display?: boolean;
  customType?: string;
  /** Tool results. */
  toolCallId?: string;
};

/** A tool's (partial or final) result: its text blocks joined, image count and tool-specific details. */
export type ToolOutput = { text: string; details: Record<string, unknown> | undefined; images: number };

/** One streaming step of an assistant message (`index` missing: the last block started). */
export type MessageDelta =
  | { kind: "block_start"; index: number | undefined; block: MessageBlock }
  | { kind: "text_delta" | "thinking_delta" | "toolcall_delta"; index: number | undefined; delta: string }
  | { kind: "block_end"; index: number | undefined; block: MessageBlock }
  /** Nothing but the cumulative message (pi 0.73's legacy form without a usable delta). */
  | { kind: "snapshot_only" };

/**
 * Every worker event, under its canonical protocol name (docs/protocol.md §4), with the payload a
 * client shows. Legacy forms arrive normalised: auto_compaction_* as compaction_*, pi 0.73's
 * cumulative message_update as a delta (plus the snapshot only when the delta is not enough).
 */
export type ClientEvent =
  /** `runningMs`: a live worker's run already going that long when this client attached. */
  | { type: "agent_start"; runningMs?: number }
  | { type: "agent_end"; willRetry: boolean | undefined }
  | { type: "agent_settled" }
  | { type: "turn_start" }
  | { type: "turn_end" }
  | { type: "message_start"; message: ClientMessage }
  /** `snapshot`: the cumulative message, read only when the delta alone is not enough. */
  | { type: "message_update"; delta: MessageDelta; usage: TokenUsage | undefined; snapshot: ClientMessage | undefined }
  | { type: "message_end"; message: ClientMessage }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: Record<string, unknown> }
  /** `partialResult`: everything the tool reported so far (not a delta). */
  | {
      type: "tool_execution_update";
      toolCallId: string;
      toolName: string;
      args: Record<string, unknown> | undefined;
      partialResult: ToolOutput;
    }
  /** `todos`: the plan a successful todo_write (oh-my-pi: todo) call left. */
  | {
      type: "tool_execution_end";
      toolCallId: string;
      toolName: string;
      result: ToolOutput;
      isError: boolean;
      todos: PlanPhase[] | undefined;
    }
  | { type: "queue_update"; steering: string[]; followUp: string[] }
  | { type: "compaction_start"; reason: string }
  | {
      type: "compaction_end";
      reason: string | undefined;
      aborted: boolean;
      willRetry: boolean;
      error: string | undefined;
      tokensBefore: number | undefined;
      /** False when nothing was compacted (oh-my-pi's skipped maintenance checks send no result). */
      hasResult: boolean;
      /** The summary that replaced the older messages, when the worker sends it. */
      summary: string | undefined;
    }
  | { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; error: string }
  | { type: "auto_retry_end"; success: boolean; attempt: number; finalError: string | undefined }
  | { type: "bash_execution_update"; id: string | undefined; delta: string }
  | { type: "session_info_changed"; name: string | undefined }
  | { type: "thinking_level_changed"; level: string }
  /** The names of the rules that fired. */
  | { type: "ttsr_triggered"; rules: string[] }
  /** `todos`: the unfinished tasks. */
  | { type: "todo_reminder"; attempt: number; maxAttempts: number; todos: PlanTask[] }
  | { type: "todo_auto_clear" }
  | { type: "extension_error"; path: string; event: string; error: string }
  /** Informational events a client may show or skip; nothing in their payload is needed. */
  | {
      type:
        | "summarization_retry_scheduled"
        | "summarization_retry_attempt_start"
        | "summarization_retry_finished"
        | "entry_appended";
    };

export type ClientEventType = ClientEvent["type"];

/** What the footer and the todo pane take from get_state, whatever the worker. */
export type SessionSnapshot = {
  model:
    | {
        id: string;
        name: string;
        provider: string;
        contextWindow: number | undefined;
        reasoning: boolean;
        /** Whether the model takes images (its `input` lists "image"); undefined when the worker does not say. */
        imageInput: boolean | undefined;
      }
    | undefined;
  thinkingLevel: string | undefined;
  isStreaming: boolean;
  sessionName: string | undefined;
  todoPhases: PlanPhase[] | undefined;
};
