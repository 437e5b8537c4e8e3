// Commands written by the client to the worker's stdin (docs/protocol.md §3, Appendix A).
// `CommandMap` maps each command type (aliases included) to its shape; `RpcCommand` is the union.

import type { ImageInput, ThinkingLevel } from "./messages.js";
import type { RpcHostToolDefinition } from "./host-tools.js";
import type { InterruptMode, QueueMode } from "./results.js";
import type { TodoPhaseInput } from "./todos.js";

/** Fields every command may carry. The client always sends `id` (docs/protocol.md §2.1). */
export interface CommandBase {
  id?: string;
}

export type StreamingBehavior = "steer" | "followUp";
export type QueueLane = "steering" | "followUp";

// ---- docs/protocol.md §3.1 Prompting ----
export interface PromptCommand extends CommandBase {
  type: "prompt";
  message: string;
  images?: ImageInput[];
  /** Required while a run is active; ignored when idle. */
  streamingBehavior?: StreamingBehavior;
}
export interface SteerCommand extends CommandBase {
  type: "steer";
  message: string;
  images?: ImageInput[];
}
export interface FollowUpCommand extends CommandBase {
  type: "follow_up";
  message: string;
  images?: ImageInput[];
}
export interface AbortCommand extends CommandBase {
  type: "abort";
}
export interface AbortAndPromptCommand extends CommandBase {
  type: "abort_and_prompt";
  message: string;
  images?: ImageInput[];
}
/**
 * [ours] addition: start a run from the conversation as it stands, adding no message (its last
 * message, a user or tool result message, is answered; tool calls left without results first get
 * results saying their run was cut off). For resuming a saved session whose prompt was never
 * answered, e.g. after a worker crash (docs/protocol.md §3.1.7).
 */
export interface ContinueCommand extends CommandBase {
  type: "continue";
}
/**
 * [ours] addition: remove queued messages (both lanes, or only `lane`). The response data lists
 * the removed texts; a `queue_update` follows when anything was removed.
 */
export interface ClearQueueCommand extends CommandBase {
  type: "clear_queue";
  lane?: QueueLane;
}

/** [ours] read-only: the values of the settings.json keys a client may change with set_setting. */
export interface GetSettingsCommand extends CommandBase {
  type: "get_settings";
}
/** [ours] change one settings.json key (dotted path, e.g. "tasks.maxReminders"): applied at once and saved. */
export interface SetSettingCommand extends CommandBase {
  type: "set_setting";
  key: string;
  value: string | number | boolean;
}
/**
 * [ours] read-only: files under the worker's working directory (for `@` completion); nothing is
 * added to the session.
 */
export interface ListFilesCommand extends CommandBase {
  type: "list_files";
  /** At most this many paths (default and maximum 20000). */
  limit?: number;
}

// ---- [ours] checkpoints of the working tree (docs/protocol-notes.md "Checkpoints") ----
export interface CheckpointListCommand extends CommandBase {
  type: "checkpoint_list";
}
/** The changes from checkpoint `from` to checkpoint `to`, or to the working tree now when `to` is absent. */
export interface CheckpointDiffCommand extends CommandBase {
  type: "checkpoint_diff";
  from: string;
  to?: string;
}
/** Restore all files (or `paths`) to checkpoint `id`; conflicts refuse the whole restore unless `force`. */
export interface CheckpointRestoreCommand extends CommandBase {
  type: "checkpoint_restore";
  /** The checkpoint's id. Not `id`: that field of every command is the request's own id. */
  checkpoint: string;
  paths?: string[];
  force?: boolean;
}
/** Write one file only if its current sha256 is `expectedHash` (a single reverted hunk). */
export interface CheckpointWriteCommand extends CommandBase {
  type: "checkpoint_write";
  path: string;
  content: string;
  expectedHash: string;
}

// ---- docs/protocol.md §3.2 State ----
export interface GetStateCommand extends CommandBase {
  type: "get_state";
}
export interface GetMessagesCommand extends CommandBase {
  type: "get_messages";
  /** [ours] index of the first message wanted; negative counts from the end (as Array.slice). */
  offset?: number;
  /** [ours] at most this many messages from `offset`. */
  limit?: number;
}
export interface GetCommandsCommand extends CommandBase {
  type: "get_commands";
}
export interface SetTodosCommand extends CommandBase {
  type: "set_todos";
  phases: TodoPhaseInput[];
}
export interface SetHostToolsCommand extends CommandBase {
  type: "set_host_tools";
  tools: RpcHostToolDefinition[];
}

// ---- docs/protocol.md §3.3 Model ----
export interface SetModelCommand extends CommandBase {
  type: "set_model";
  provider: string;
  modelId: string;
}
export interface CycleModelCommand extends CommandBase {
  type: "cycle_model";
}
export interface GetAvailableModelsCommand extends CommandBase {
  type: "get_available_models";
}

// ---- docs/protocol.md §3.4 Thinking ----
export interface SetThinkingLevelCommand extends CommandBase {
  type: "set_thinking_level";
  level: ThinkingLevel;
}
export interface CycleThinkingLevelCommand extends CommandBase {
  type: "cycle_thinking_level";
}
export interface GetAvailableThinkingLevelsCommand extends CommandBase {
  type: "get_available_thinking_levels";
}

// ---- docs/protocol.md §3.5 Queue modes ----
export interface SetSteeringModeCommand extends CommandBase {
  type: "set_steering_mode";
  mode: QueueMode;
}
export interface SetFollowUpModeCommand extends CommandBase {
  type: "set_follow_up_mode";
  mode: QueueMode;
}
export interface SetInterruptModeCommand extends CommandBase {
  type: "set_interrupt_mode";
  mode: InterruptMode;
}

// ---- docs/protocol.md §3.6 Compaction, §3.7 Retry ----
export interface CompactCommand extends CommandBase {
  type: "compact";
  customInstructions?: string;
}
export interface SetAutoCompactionCommand extends CommandBase {
  type: "set_auto_compaction";
  enabled: boolean;
}
export interface SetAutoRetryCommand extends CommandBase {
  type: "set_auto_retry";
  enabled: boolean;
}
export interface AbortRetryCommand extends CommandBase {
  type: "abort_retry";
}

// ---- docs/protocol.md §3.8 Bash ----
export interface BashCommand extends CommandBase {
  type: "bash";
  command: string;
  /** Record in the session but do not send to the model (`!!`). */
  excludeFromContext?: boolean;
}
export interface AbortBashCommand extends CommandBase {
  type: "abort_bash";
}

// ---- docs/protocol.md §3.9 Session ----
export interface NewSessionCommand extends CommandBase {
  type: "new_session";
  parentSession?: string;
}
export interface SwitchSessionCommand extends CommandBase {
  type: "switch_session";
  sessionPath: string;
}
export interface ForkCommand extends CommandBase {
  type: "fork";
  entryId: string;
}
/** Legacy alias of `fork` ([omp], [xcsh]); the response echoes `command: "branch"`. */
export interface BranchCommand extends CommandBase {
  type: "branch";
  entryId: string;
}
export interface CloneCommand extends CommandBase {
  type: "clone";
}
export interface GetForkMessagesCommand extends CommandBase {
  type: "get_fork_messages";
}
/** Legacy alias of `get_fork_messages`. */
export interface GetBranchMessagesCommand extends CommandBase {
  type: "get_branch_messages";
}
export interface GetEntriesCommand extends CommandBase {
  type: "get_entries";
  /** Only entries appended strictly after this entry id. */
  since?: string;
}
export interface GetTreeCommand extends CommandBase {
  type: "get_tree";
}
export interface GetLastAssistantTextCommand extends CommandBase {
  type: "get_last_assistant_text";
}
export interface SetSessionNameCommand extends CommandBase {
  type: "set_session_name";
  name: string;
}
export interface GetSessionStatsCommand extends CommandBase {
  type: "get_session_stats";
}
export interface ExportHtmlCommand extends CommandBase {
  type: "export_html";
  outputPath?: string;
  /** Replace an existing file at outputPath (default: refuse). */
  overwrite?: boolean;
}

/** Command type → command shape. Keys must equal each shape's `type`. */
export interface CommandMap {
  prompt: PromptCommand;
  steer: SteerCommand;
  follow_up: FollowUpCommand;
  abort: AbortCommand;
  abort_and_prompt: AbortAndPromptCommand;
  continue: ContinueCommand;
  clear_queue: ClearQueueCommand;
  get_settings: GetSettingsCommand;
  set_setting: SetSettingCommand;
  list_files: ListFilesCommand;
  checkpoint_list: CheckpointListCommand;
  checkpoint_diff: CheckpointDiffCommand;
  checkpoint_restore: CheckpointRestoreCommand;
  checkpoint_write: CheckpointWriteCommand;
  get_state: GetStateCommand;
  get_messages: GetMessagesCommand;
  get_commands: GetCommandsCommand;
  set_todos: SetTodosCommand;
  set_host_tools: SetHostToolsCommand;
  set_model: SetModelCommand;
  cycle_model: CycleModelCommand;
  get_available_models: GetAvailableModelsCommand;
  set_thinking_level: SetThinkingLevelCommand;
  cycle_thinking_level: CycleThinkingLevelCommand;
  get_available_thinking_levels: GetAvailableThinkingLevelsCommand;
  set_steering_mode: SetSteeringModeCommand;
  set_follow_up_mode: SetFollowUpModeCommand;
  set_interrupt_mode: SetInterruptModeCommand;
  compact: CompactCommand;
  set_auto_compaction: SetAutoCompactionCommand;
  set_auto_retry: SetAutoRetryCommand;
  abort_retry: AbortRetryCommand;
  bash: BashCommand;
  abort_bash: AbortBashCommand;
  new_session: NewSessionCommand;
  switch_session: SwitchSessionCommand;
  fork: ForkCommand;
  branch: BranchCommand;
  clone: CloneCommand;
  get_fork_messages: GetForkMessagesCommand;
  get_branch_messages: GetBranchMessagesCommand;
  get_entries: GetEntriesCommand;
  get_tree: GetTreeCommand;
  get_last_assistant_text: GetLastAssistantTextCommand;
  set_session_name: SetSessionNameCommand;
  get_session_stats: GetSessionStatsCommand;
  export_html: ExportHtmlCommand;
}

export type RpcCommandType = keyof CommandMap;
export type RpcCommand = CommandMap[RpcCommandType];

/** A command of type `K`, e.g. `CommandOf<"prompt">`. */
export type CommandOf<K extends RpcCommandType> = CommandMap[K];

/** The fields a caller supplies for command `K` (the rpc client adds `type` and `id`). */
export type CommandParams<K extends RpcCommandType> = Omit<CommandMap[K], "type" | "id">;

// Compile-time check that every CommandMap key equals its shape's `type`.
type AssertCommandMapKeys<T extends { [K in keyof T]: { type: K } }> = T;
export type CheckedCommandMap = AssertCommandMapKeys<CommandMap>;
