// Typed RPC surface: one async method per worker command, built over a generic `request`.
// Fallbacks for workers lacking a command (docs/protocol.md §3.12) live here so the TUI never
// branches on flavour.
import type {
  AgentMessage,
  BashResult,
  CheckpointDiff,
  CheckpointRestoreResult,
  CheckpointSummary,
  CheckpointWriteResult,
  CompactionResult,
  CycleModelResult,
  ForkMessage,
  HostToolDefinition,
  ImageContent,
  InterruptMode,
  Model,
  QueueMode,
  ResponseDataMap,
  RpcSessionState,
  SessionEntry,
  SessionStats,
  SessionTreeNode,
  SlashCommandInfo,
  ThinkingLevel,
  TodoPhase,
  TodoPhaseInput,
} from "./wire-types.js";

export type { QueueMode, InterruptMode };

export interface PromptOptions {
  images?: ImageContent[];
  streamingBehavior?: "steer" | "followUp";
}

export interface RpcClient {
  prompt(message: string, options?: PromptOptions): Promise<void>;
  steer(message: string, options?: { images?: ImageContent[] }): Promise<void>;
  followUp(message: string, options?: { images?: ImageContent[] }): Promise<void>;
  abort(): Promise<void>;
  /** Falls back to abort + prompt on workers without abort_and_prompt. */
  abortAndPrompt(message: string, options?: { images?: ImageContent[] }): Promise<void>;
  /**
   * agent-rpc only (docs/protocol.md §3.1.7): a run that answers the conversation as it stands,
   * adding no message but results for tool calls a cut-off run left; fails when nothing in the
   * conversation awaits an answer.
   */
  continueRun(): Promise<void>;
  getState(): Promise<RpcSessionState>;
  /**
   * The context's messages; `page` asks for `limit` of them from `offset` (negative: from the
   * end). Only agent-rpc pages (its answer has `offset` and `total`); other workers send all.
   */
  getMessages(page?: {
    offset: number;
    limit?: number;
  }): Promise<{ messages: AgentMessage[]; offset?: number; total?: number; listId?: number }>;
  setModel(provider: string, modelId: string): Promise<Model>;
  cycleModel(): Promise<CycleModelResult | null>;
  getAvailableModels(): Promise<{ models: Model[] }>;
  setThinkingLevel(level: ThinkingLevel): Promise<void>;
  cycleThinkingLevel(): Promise<{ level: ThinkingLevel } | null>;
  getAvailableThinkingLevels(): Promise<{ levels: ThinkingLevel[] }>;
  setSteeringMode(mode: QueueMode): Promise<void>;
  setFollowUpMode(mode: QueueMode): Promise<void>;
  setInterruptMode(mode: InterruptMode): Promise<void>;
  compact(customInstructions?: string): Promise<CompactionResult>;
  setAutoCompaction(enabled: boolean): Promise<void>;
  setAutoRetry(enabled: boolean): Promise<void>;
  abortRetry(): Promise<void>;
  bash(command: string, options?: { excludeFromContext?: boolean }): Promise<BashResult>;
  abortBash(): Promise<void>;
  newSession(parentSession?: string): Promise<{ cancelled: boolean }>;
  switchSession(sessionPath: string): Promise<{ cancelled: boolean }>;
  /** Uses `branch` on workers that only know that name. */
  fork(entryId: string): Promise<{ text: string; cancelled: boolean }>;
  clone(): Promise<{ cancelled: boolean }>;
  /** Uses `get_branch_messages` on workers that only know that name. */
  getForkMessages(): Promise<{ messages: ForkMessage[] }>;
  getEntries(since?: string): Promise<{ entries: SessionEntry[]; leafId: string | null }>;
  getTree(): Promise<{ tree: SessionTreeNode[]; leafId: string | null }>;
  getLastAssistantText(): Promise<{ text: string | null }>;
  setSessionName(name: string): Promise<void>;
  getSessionStats(): Promise<SessionStats>;
  /** `overwrite` replaces an existing file at outputPath (agent-rpc refuses it otherwise). */
  exportHtml(outputPath?: string, options?: { overwrite?: boolean }): Promise<{ path: string }>;
  getCommands(): Promise<{ commands: SlashCommandInfo[] }>;
  setTodos(phases: TodoPhaseInput[]): Promise<{ todoPhases: TodoPhase[] }>;
  setHostTools(tools: HostToolDefinition[]): Promise<{ toolNames: string[] }>;
  clearQueue(lane?: "steering" | "followUp"): Promise<{ steering: string[]; followUp: string[] }>;
  getSettings(): Promise<{ settings: Record<string, string | number | boolean> }>;
  setSetting(key: string, value: string | number | boolean): Promise<{ key: string; value: string | number | boolean }>;
  listFiles(limit?: number): Promise<{ cwd: string; files: string[]; truncated: boolean }>;
  /** agent-rpc only: the working tree's checkpoints, oldest first (docs/protocol-notes.md "Checkpoints"). */
  checkpointList(): Promise<{ checkpoints: CheckpointSummary[] }>;
  /** Changes from checkpoint `from` to checkpoint `to`, or to the working tree now. */
  checkpointDiff(from: string, to?: string): Promise<CheckpointDiff>;
  /** Restores checkpoint `id` (all files or `paths`); without `force` any conflict means nothing was written. */
  checkpointRestore(id: string, options?: { paths?: string[]; force?: boolean }): Promise<CheckpointRestoreResult>;
  /** Writes `content` to `path` only if the file's sha256 is still `expectedHash`. */
  checkpointWrite(path: string, content: string, expectedHash: string): Promise<CheckpointWriteResult>;
  /** Generic escape hatch: sends `{type, ...fields}` and resolves with the response `data`. */
  send(type: string, fields?: Record<string, unknown>): Promise<unknown>;
}

/** What the typed client needs from the connection. */
export interface RpcTransport {
  request(type: string, fields: Record<string, unknown>): Promise<unknown>;
  /** false when the worker is known not to support `type`. */
  supports(type: string): boolean;
}

/** The request shapes every command group is built from. */
interface Requests {
  req(type: string, fields?: Record<string, unknown>): Promise<unknown>;
  voidReq(type: string, fields?: Record<string, unknown>): Promise<void>;
  /**
   * The response `data` is typed by the command; the worker is trusted for shapes the decoder
   * tolerates (other workers add or omit optional fields, docs/protocol.md §0.5).
   */
  typed<K extends keyof ResponseDataMap>(type: K, fields?: Record<string, unknown>): Promise<ResponseDataMap[K]>;
  supports(type: string): boolean;
}

function requestsOver(transport: RpcTransport): Requests {
  const req = (type: string, fields: Record<string, unknown> = {}): Promise<unknown> => transport.request(type, fields);
  return {
    req,
    voidReq: async (type, fields = {}) => {
      await req(type, fields);
    },
    typed: <K extends keyof ResponseDataMap>(type: K, fields: Record<string, unknown> = {}) =>
      req(type, fields) as Promise<ResponseDataMap[K]>,
    supports: (type) => transport.supports(type),
  };
}

const withImages = (message: string, images?: ImageContent[]): Record<string, unknown> =>
  images && images.length > 0 ? { message, images } : { message };

type PromptCommands = Pick<RpcClient, "prompt" | "steer" | "followUp" | "abort" | "abortAndPrompt" | "continueRun">;

/** Sending the user's words and stopping a run. */
function promptCommands({ req, voidReq, supports }: Requests): PromptCommands {
  return {
    prompt: (message, options = {}) =>
      voidReq("prompt", {
        ...withImages(message, options.images),
        ...(options.streamingBehavior ? { streamingBehavior: options.streamingBehavior } : {}),
      }),
    steer: (message, options = {}) => voidReq("steer", withImages(message, options.images)),
    followUp: (message, options = {}) => voidReq("follow_up", withImages(message, options.images)),
    abort: () => voidReq("abort"),
    abortAndPrompt: async (message, options = {}) => {
      if (supports("abort_and_prompt")) {
        await req("abort_and_prompt", withImages(message, options.images));
        return;
      }
      // docs/protocol.md §3.1.5 fallback: abort, await its response (it follows agent_end), then prompt.
      await req("abort");
      await req("prompt", withImages(message, options.images));
    },
    continueRun: () => voidReq("continue"),
  };
}

type ModelCommands = Pick<
  RpcClient,
  | "setModel"
  | "cycleModel"
  | "getAvailableModels"
  | "setThinkingLevel"
  | "cycleThinkingLevel"
  | "getAvailableThinkingLevels"
>;

/** Choosing the model and its thinking level. */
function modelCommands({ voidReq, typed }: Requests): ModelCommands {
  return {
    setModel: (provider, modelId) => typed("set_model", { provider, modelId }),
    cycleModel: () => typed("cycle_model"),
    getAvailableModels: () => typed("get_available_models"),
    setThinkingLevel: (level) => voidReq("set_thinking_level", { level }),
    cycleThinkingLevel: () => typed("cycle_thinking_level"),
    getAvailableThinkingLevels: () => typed("get_available_thinking_levels"),
  };
}

type RunControlCommands = Pick<
  RpcClient,
  | "setSteeringMode"
  | "setFollowUpMode"
  | "setInterruptMode"
  | "compact"
  | "setAutoCompaction"
  | "setAutoRetry"
  | "abortRetry"
  | "bash"
  | "abortBash"
  | "clearQueue"
>;

/** How a run treats queued messages, compaction and retries; the user's own shell commands. */
function runControlCommands({ voidReq, typed }: Requests): RunControlCommands {
  return {
    setSteeringMode: (mode) => voidReq("set_steering_mode", { mode }),
    setFollowUpMode: (mode) => voidReq("set_follow_up_mode", { mode }),
    setInterruptMode: (mode) => voidReq("set_interrupt_mode", { mode }),
    compact: (customInstructions) => typed("compact", customInstructions !== undefined ? { customInstructions } : {}),
    setAutoCompaction: (enabled) => voidReq("set_auto_compaction", { enabled }),
    setAutoRetry: (enabled) => voidReq("set_auto_retry", { enabled }),
    abortRetry: () => voidReq("abort_retry"),
    bash: (command, options = {}) =>
      typed(
        "bash",
        options.excludeFromContext !== undefined
          ? { command, excludeFromContext: options.excludeFromContext }
          : { command },
      ),
    abortBash: () => voidReq("abort_bash"),
    clearQueue: (lane) => typed("clear_queue", lane !== undefined ? { lane } : {}),
  };
}

type SessionCommands = Pick<
  RpcClient,
  | "getState"
  | "getMessages"
  | "newSession"
  | "switchSession"
  | "fork"
  | "clone"
  | "getForkMessages"
  | "getEntries"
  | "getTree"
  | "getLastAssistantText"
  | "setSessionName"
  | "getSessionStats"
  | "exportHtml"
>;

/** Reading the session and moving between sessions and branches. */
function sessionCommands({ voidReq, typed, supports }: Requests): SessionCommands {
  return {
    getState: () => typed("get_state"),
    getMessages: (page) =>
      typed(
        "get_messages",
        page ? { offset: page.offset, ...(page.limit !== undefined ? { limit: page.limit } : {}) } : {},
      ),
    newSession: (parentSession) => typed("new_session", parentSession !== undefined ? { parentSession } : {}),
    switchSession: (sessionPath) => typed("switch_session", { sessionPath }),
    fork: (entryId) => typed(supports("fork") ? "fork" : "branch", { entryId }),
    clone: () => typed("clone"),
    getForkMessages: () => typed(supports("get_fork_messages") ? "get_fork_messages" : "get_branch_messages"),
    getEntries: (since) => typed("get_entries", since !== undefined ? { since } : {}),
    getTree: () => typed("get_tree"),
    getLastAssistantText: () => typed("get_last_assistant_text"),
    setSessionName: (name) => voidReq("set_session_name", { name }),
    getSessionStats: () => typed("get_session_stats"),
    exportHtml: (outputPath, options) =>
      typed("export_html", {
        ...(outputPath !== undefined ? { outputPath } : {}),
        ...(options?.overwrite === true ? { overwrite: true } : {}),
      }),
  };
}

type HostCommands = Pick<
  RpcClient,
  "getCommands" | "setTodos" | "setHostTools" | "getSettings" | "setSetting" | "listFiles" | "send"
>;

/** What the worker offers the host (commands, settings, files) and what the host gives it (todos, tools). */
function hostCommands({ req, typed }: Requests): HostCommands {
  return {
    getCommands: () => typed("get_commands"),
    setTodos: (phases) => typed("set_todos", { phases }),
    setHostTools: (tools) => typed("set_host_tools", { tools }),
    getSettings: () => typed("get_settings"),
    setSetting: (key, value) => typed("set_setting", { key, value }),
    listFiles: (limit) => typed("list_files", limit !== undefined ? { limit } : {}),
    send: (type, fields = {}) => req(type, fields),
  };
}

type CheckpointCommands = Pick<
  RpcClient,
  "checkpointList" | "checkpointDiff" | "checkpointRestore" | "checkpointWrite"
>;

/** Reviewing and undoing what turns did to the working tree (agent-rpc's checkpoints). */
function checkpointCommands({ typed }: Requests): CheckpointCommands {
  return {
    checkpointList: () => typed("checkpoint_list"),
    checkpointDiff: (from, to) => typed("checkpoint_diff", to !== undefined ? { from, to } : { from }),
    checkpointRestore: (id, options = {}) =>
      typed("checkpoint_restore", {
        checkpoint: id,
        ...(options.paths !== undefined ? { paths: options.paths } : {}),
        ...(options.force === true ? { force: true } : {}),
      }),
    checkpointWrite: (path, content, expectedHash) => typed("checkpoint_write", { path, content, expectedHash }),
  };
}

export function createRpcClient(transport: RpcTransport): RpcClient {
  const requests = requestsOver(transport);
  return {
    ...promptCommands(requests),
    ...modelCommands(requests),
    ...runControlCommands(requests),
    ...sessionCommands(requests),
    ...hostCommands(requests),
    ...checkpointCommands(requests),
  };
}
