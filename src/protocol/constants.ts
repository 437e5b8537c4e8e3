// Runtime lists of the protocol's names (command types, thinking levels, modes, event types),
// typed against the wire unions so they cannot drift; used for capability detection and cycling.

import type { RpcCommandType } from "./types/commands.js";
import type { AgentEventType, WireAssistantMessageEventType } from "./types/events.js";
import type { ExtensionUIMethod } from "./types/extension-ui.js";
import type { ThinkingLevel } from "./types/messages.js";
import type { InterruptMode, QueueMode } from "./types/results.js";
import type { TodoStatus } from "./types/todos.js";

/**
 * Builds a frozen list that must contain every member of `T` exactly: a missing member is a
 * type error at the call site (the `Exclude` check), an extra one fails the element type.
 */
function exhaustiveList<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : never),
  ): readonly T[] => Object.freeze([...list]);
}

/** Every command type [ours] accepts, aliases (`branch`, `get_branch_messages`) included. */
export const ALL_COMMAND_TYPES = exhaustiveList<RpcCommandType>()([
  "prompt",
  "steer",
  "follow_up",
  "abort",
  "abort_and_prompt",
  "continue",
  "clear_queue",
  "get_settings",
  "set_setting",
  "list_files",
  "checkpoint_list",
  "checkpoint_diff",
  "checkpoint_restore",
  "checkpoint_write",
  "get_state",
  "get_messages",
  "get_commands",
  "set_todos",
  "set_host_tools",
  "set_model",
  "cycle_model",
  "get_available_models",
  "set_thinking_level",
  "cycle_thinking_level",
  "get_available_thinking_levels",
  "set_steering_mode",
  "set_follow_up_mode",
  "set_interrupt_mode",
  "compact",
  "set_auto_compaction",
  "set_auto_retry",
  "abort_retry",
  "bash",
  "abort_bash",
  "new_session",
  "switch_session",
  "fork",
  "branch",
  "clone",
  "get_fork_messages",
  "get_branch_messages",
  "get_entries",
  "get_tree",
  "get_last_assistant_text",
  "set_session_name",
  "get_session_stats",
  "export_html",
]);

/** Legacy alias → canonical command type (docs/protocol.md §3.9.3, §3.9.5). */
export const COMMAND_ALIASES = Object.freeze({
  branch: "fork",
  get_branch_messages: "get_fork_messages",
} as const satisfies Partial<Record<RpcCommandType, RpcCommandType>>);

/** All thinking levels in cycling order (docs/protocol.md §5.9). */
export const THINKING_LEVELS = exhaustiveList<ThinkingLevel>()([
  "off",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
  "max",
]);

/** Levels pi 0.73.1 / oh-my-pi know (no `max`). */
export const PI_073_THINKING_LEVELS: readonly ThinkingLevel[] = Object.freeze([
  "off",
  "minimal",
  "low",
  "medium",
  "high",
  "xhigh",
]);

/** Fallback for a reasoning model when get_available_thinking_levels is missing (docs/protocol.md §3.4.3). */
export const DEFAULT_REASONING_THINKING_LEVELS: readonly ThinkingLevel[] = Object.freeze([
  "off",
  "minimal",
  "low",
  "medium",
  "high",
]);

export const QUEUE_MODES = exhaustiveList<QueueMode>()(["all", "one-at-a-time"]);
export const INTERRUPT_MODES = exhaustiveList<InterruptMode>()(["immediate", "wait"]);
export const DEFAULT_QUEUE_MODE: QueueMode = "one-at-a-time";
export const DEFAULT_INTERRUPT_MODE: InterruptMode = "wait";

export const TODO_STATUSES = exhaustiveList<TodoStatus>()(["pending", "in_progress", "completed", "abandoned"]);

/** Every event type of the AgentEvent union (legacy ones included). */
export const ALL_EVENT_TYPES = exhaustiveList<AgentEventType>()([
  "agent_start",
  "agent_end",
  "agent_settled",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
  "queue_update",
  "compaction_start",
  "compaction_end",
  "auto_compaction_start",
  "auto_compaction_end",
  "auto_retry_start",
  "auto_retry_end",
  "summarization_retry_scheduled",
  "summarization_retry_attempt_start",
  "summarization_retry_finished",
  "bash_execution_update",
  "session_info_changed",
  "thinking_level_changed",
  "entry_appended",
  "ttsr_triggered",
  "todo_reminder",
  "todo_auto_clear",
  "extension_error",
]);

export const ASSISTANT_MESSAGE_EVENT_TYPES = exhaustiveList<WireAssistantMessageEventType>()([
  "text_start",
  "text_delta",
  "text_end",
  "thinking_start",
  "thinking_delta",
  "thinking_end",
  "toolcall_start",
  "toolcall_delta",
  "toolcall_end",
  "start",
  "done",
  "error",
]);

export const EXTENSION_UI_METHODS = exhaustiveList<ExtensionUIMethod>()([
  "select",
  "confirm",
  "input",
  "editor",
  "notify",
  "setStatus",
  "setWidget",
  "setTitle",
  "set_editor_text",
  "cancel",
]);

/** Dialog methods, which need exactly one extension_ui_response (docs/protocol.md §7.1). */
export const EXTENSION_UI_DIALOG_METHODS: readonly ExtensionUIMethod[] = Object.freeze([
  "select",
  "confirm",
  "input",
  "editor",
]);

/** Prefix of the error text of an unknown command — the only stable error text (docs/protocol.md §3.12). */
export const UNKNOWN_COMMAND_ERROR_PREFIX = "Unknown command: ";

/** Error text for a frame that is not an object with a string `type` (docs/protocol.md §2.5). */
export const INVALID_COMMAND_ERROR = 'Invalid command: expected a JSON object with a string "type"';

/** Membership test usable on untrusted strings. */
export function isCommandType(value: unknown): value is RpcCommandType {
  return typeof value === "string" && (ALL_COMMAND_TYPES as readonly string[]).includes(value);
}

export function isEventType(value: unknown): value is AgentEventType {
  return typeof value === "string" && (ALL_EVENT_TYPES as readonly string[]).includes(value);
}

export function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

/**
 * Exit code of `agent-rpc attach` (a relay) when the live worker it relayed to died: the socket
 * closed without the worker's goodbye (live_detached) and the worker's process is gone. A relay
 * that exits 0 lost only its link, or was let go: a client reconnects to a worker whose link
 * dropped, and starts a replacement at once for one that died, saying so.
 */
export const RELAY_EXIT_WORKER_DIED = 5;
