// Responses to commands (docs/protocol.md §2.2, §2.5, §3): the envelope and `ResponseDataMap`,
// which maps each command type to the `data` of its success response (`undefined` = no data).

import type { AgentMessage, Model, ThinkingLevel } from "./messages.js";
import type { RpcCommandType } from "./commands.js";
import type { SessionEntry, SessionTreeNode } from "./session-file.js";
import type {
  BashResult,
  CompactionResult,
  ForkMessage,
  RpcSessionState,
  SessionStats,
  SlashCommandInfo,
} from "./results.js";
import type { TodoPhase } from "./todos.js";
import type {
  CheckpointDiff,
  CheckpointRestoreResult,
  CheckpointSummary,
  CheckpointWriteResult,
} from "./checkpoints.js";

export interface CycleModelResult {
  model: Model;
  /** May be absent on [xcsh]. */
  thinkingLevel?: ThinkingLevel;
  isScoped: boolean;
}

export interface CancellableResult {
  /** true: an extension vetoed the session change (still a success response). */
  cancelled: boolean;
}

export interface ForkResult {
  /** Text of the chosen user message, for re-editing. */
  text: string;
  cancelled: boolean;
}

/** Command type → `data` of its success response. `undefined`: the `data` key is absent. */
export interface ResponseDataMap {
  prompt: undefined;
  steer: undefined;
  follow_up: undefined;
  abort: undefined;
  abort_and_prompt: undefined;
  continue: undefined;
  /** [ours] the messages removed from each lane. */
  clear_queue: { steering: string[]; followUp: string[] };
  /** [ours] current values by dotted key ("steeringMode", "tasks.maxReminders", …). */
  get_settings: { settings: Record<string, string | number | boolean> };
  /** [ours] the value now in effect. */
  set_setting: { key: string; value: string | number | boolean };
  /** [ours] paths relative to `cwd` (directories not listed); `truncated` when the limit cut the list. */
  list_files: { cwd: string; files: string[]; truncated: boolean };
  /** [ours] oldest first. */
  checkpoint_list: { checkpoints: CheckpointSummary[] };
  checkpoint_diff: CheckpointDiff;
  checkpoint_restore: CheckpointRestoreResult;
  checkpoint_write: CheckpointWriteResult;
  get_state: RpcSessionState;
  /**
   * [ours] `offset` (index of the first message sent), `total` (messages in the context) and
   * `listId` (the same while the list is only appended to): the answer to a page request
   * (docs/protocol.md §3.2.2); other workers send everything.
   */
  get_messages: { messages: AgentMessage[]; offset?: number; total?: number; listId?: number };
  get_commands: { commands: SlashCommandInfo[] };
  set_todos: { todoPhases: TodoPhase[] };
  set_host_tools: { toolNames: string[] };
  set_model: Model;
  /** null when only one model is available. */
  cycle_model: CycleModelResult | null;
  get_available_models: { models: Model[] };
  set_thinking_level: undefined;
  /** null when the model does not support reasoning. */
  cycle_thinking_level: { level: ThinkingLevel } | null;
  get_available_thinking_levels: { levels: ThinkingLevel[] };
  set_steering_mode: undefined;
  set_follow_up_mode: undefined;
  set_interrupt_mode: undefined;
  compact: CompactionResult;
  set_auto_compaction: undefined;
  set_auto_retry: undefined;
  abort_retry: undefined;
  bash: BashResult;
  abort_bash: undefined;
  new_session: CancellableResult;
  switch_session: CancellableResult;
  fork: ForkResult;
  branch: ForkResult;
  clone: CancellableResult;
  get_fork_messages: { messages: ForkMessage[] };
  get_branch_messages: { messages: ForkMessage[] };
  /** `leafId` is null for an empty session. */
  get_entries: { entries: SessionEntry[]; leafId: string | null };
  get_tree: { tree: SessionTreeNode[]; leafId: string | null };
  /** `text` is null when there is no assistant message. */
  get_last_assistant_text: { text: string | null };
  set_session_name: undefined;
  get_session_stats: SessionStats;
  export_html: { path: string };
}

/** Success response for command `K`; `data` is absent for commands without data. */
export type RpcSuccessResponse<K extends RpcCommandType = RpcCommandType> = K extends RpcCommandType
  ? {
      type: "response";
      id?: string;
      /** The request's `type` as received (aliases echo the alias). */
      command: K;
      success: true;
    } & (ResponseDataMap[K] extends undefined ? { data?: undefined } : { data: ResponseDataMap[K] })
  : never;

/** Failure response. `command` is absent on pi for a frame without a string type (docs/protocol.md §2.5). */
export interface RpcErrorResponse {
  type: "response";
  id?: string;
  /** Request type, "parse", or an id-less "extension_send" / "extension_send_user" (docs/protocol.md §2.5). */
  command?: string;
  success: false;
  error: string;
  /** [ours] MAY add a machine-readable reason. */
  code?: string;
}

/**
 * Any response frame as read from the wire: `command` may name a command this client does
 * not know, so success `data` is `unknown` until matched with the pending request's type.
 */
export interface RpcWireSuccessResponse {
  type: "response";
  id?: string;
  command: string;
  success: true;
  data?: unknown;
}

export type RpcResponse = RpcWireSuccessResponse | RpcErrorResponse;

/** Typed response for command `K` (what the rpc client resolves a request with). */
export type RpcResponseFor<K extends RpcCommandType> = RpcSuccessResponse<K> | RpcErrorResponse;

/** `command` values that are not command types (docs/protocol.md §2.5). */
export type SpecialResponseCommand = "parse" | "extension_send" | "extension_send_user";
