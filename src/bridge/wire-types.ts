// Wire shapes the bridge and the TUI use, under the names the bridge exports.
// TEMPORARY self-contained copy of PROTOCOL.md Appendix A until src/protocol/types lands;
// then this file becomes re-exports only (same names), so importers do not change.

export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

export interface TextContent { type: "text"; text: string; textSignature?: string }
export interface ThinkingContent { type: "thinking"; thinking: string; thinkingSignature?: string; redacted?: boolean }
export interface ImageContent { type: "image"; data: string; mimeType: string }
export interface ToolCall { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown>; thoughtSignature?: string }

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export interface UserMessage { role: "user"; content: string | (TextContent | ImageContent)[]; timestamp: number }
export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api?: string;
  provider?: string;
  model?: string;
  usage?: Usage;
  stopReason?: StopReason;
  errorMessage?: string;
  timestamp: number;
}
export interface AgentToolResult { content: (TextContent | ImageContent)[]; details?: unknown }
export interface ToolResultMessage {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: unknown;
  isError: boolean;
  timestamp: number;
}
export interface BashExecutionMessage {
  role: "bashExecution";
  command: string;
  output: string;
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  excludeFromContext?: boolean;
  timestamp: number;
}
export interface CustomMessage {
  role: "custom";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: unknown;
  timestamp: number;
}
export interface BranchSummaryMessage { role: "branchSummary"; summary: string; fromId: string; timestamp: number }
export interface CompactionSummaryMessage { role: "compactionSummary"; summary: string; tokensBefore: number; timestamp: number }
export type AgentMessage =
  | UserMessage
  | AssistantMessage
  | ToolResultMessage
  | BashExecutionMessage
  | CustomMessage
  | BranchSummaryMessage
  | CompactionSummaryMessage;

export interface Model {
  id: string;
  name: string;
  api: string;
  provider: string;
  baseUrl?: string;
  reasoning: boolean;
  input: ("text" | "image")[];
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
  contextWindow: number;
  maxTokens: number;
}

export type TodoStatus = "pending" | "in_progress" | "completed" | "abandoned";
export interface TodoTask { id: string; content: string; status: TodoStatus; notes?: string; details?: string }
export interface TodoPhase { id: string; name: string; tasks: TodoTask[] }
export interface TodoPhaseInput {
  id?: string;
  name: string;
  tasks?: { id?: string; content: string; status?: TodoStatus; notes?: string; details?: string }[];
}

export interface RpcSessionState {
  model?: Model | null;
  thinkingLevel?: ThinkingLevel;
  isStreaming: boolean;
  isCompacting: boolean;
  steeringMode: "all" | "one-at-a-time";
  followUpMode: "all" | "one-at-a-time";
  interruptMode?: "immediate" | "wait";
  sessionFile?: string;
  sessionId: string;
  sessionName?: string;
  autoCompactionEnabled: boolean;
  messageCount: number;
  pendingMessageCount?: number;
  queuedMessageCount?: number;
  todoPhases?: TodoPhase[];
}

export interface CompactionResult { summary: string; firstKeptEntryId: string; tokensBefore: number; estimatedTokensAfter?: number; usage?: Usage; details?: unknown }
export interface BashResult {
  output: string;
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  artifactId?: string;
}
export interface ContextUsage { tokens: number | null; contextWindow: number; percent: number | null }
export interface SessionStats {
  sessionFile?: string;
  sessionId: string;
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  cost: number;
  contextUsage?: ContextUsage;
}
export interface SlashCommandInfo { name: string; description?: string; source: string; location?: string; path?: string }
export interface ForkMessage { entryId: string; text: string }
export interface SessionEntry { type: string; id: string; parentId: string | null; timestamp: string; [key: string]: unknown }
export interface SessionTreeNode { entry: SessionEntry; children: SessionTreeNode[]; label?: string }

export interface HostToolDefinition { name: string; label?: string; description: string; parameters: Record<string, unknown>; hidden?: boolean }

export type AssistantMessageEvent =
  | { type: "text_start" | "thinking_start"; contentIndex: number; partial?: AssistantMessage }
  | { type: "text_delta" | "thinking_delta" | "toolcall_delta"; contentIndex: number; delta: string; partial?: AssistantMessage }
  | { type: "text_end" | "thinking_end"; contentIndex: number; content: string; partial?: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; id?: string; toolName?: string; partial?: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial?: AssistantMessage }
  | { type: "start"; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "aborted" | "error"; error: AssistantMessage };

export type CompactionReason = "manual" | "threshold" | "overflow";

export type AgentEvent =
  | { type: "agent_start" }
  | { type: "agent_end"; messages: AgentMessage[]; willRetry?: boolean }
  | { type: "agent_settled" }
  | { type: "turn_start" }
  | { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  | { type: "message_update"; assistantMessageEvent: AssistantMessageEvent; usage?: Usage; message?: AssistantMessage }
  | { type: "message_end"; message: AgentMessage }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_update"; toolCallId: string; toolName: string; args: unknown; partialResult: AgentToolResult }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: AgentToolResult; isError: boolean }
  | { type: "queue_update"; steering: string[]; followUp: string[] }
  | { type: "compaction_start"; reason: CompactionReason }
  | { type: "compaction_end"; reason: CompactionReason; result?: CompactionResult; aborted: boolean; willRetry: boolean; errorMessage?: string }
  | { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }
  | { type: "auto_retry_end"; success: boolean; attempt: number; finalError?: string }
  | { type: "summarization_retry_scheduled"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }
  | { type: "summarization_retry_attempt_start"; source: "compaction" | "branchSummary"; reason?: CompactionReason }
  | { type: "summarization_retry_finished" }
  | { type: "bash_execution_update"; id?: string; delta: string }
  | { type: "session_info_changed"; name?: string }
  | { type: "thinking_level_changed"; level: ThinkingLevel }
  | { type: "entry_appended"; entry: SessionEntry }
  | { type: "ttsr_triggered"; rules: Record<string, unknown>[] }
  | { type: "todo_reminder"; todos: TodoTask[]; attempt: number; maxAttempts: number }
  | { type: "todo_auto_clear" }
  | { type: "extension_error"; extensionPath: string; event: string; error: string };

export type ExtensionUiRequest = { type: "extension_ui_request"; id: string } & (
  | { method: "select"; title: string; options: string[]; timeout?: number }
  | { method: "confirm"; title: string; message: string; timeout?: number }
  | { method: "input"; title: string; placeholder?: string; timeout?: number }
  | { method: "editor"; title: string; prefill?: string; timeout?: number }
  | { method: "notify"; message: string; notifyType?: "info" | "warning" | "error" }
  | { method: "setStatus"; statusKey: string; statusText?: string }
  | { method: "setWidget"; widgetKey: string; widgetLines?: string[]; widgetPlacement?: "aboveEditor" | "belowEditor" }
  | { method: "setTitle"; title: string }
  | { method: "set_editor_text"; text: string }
  | { method: "cancel"; targetId: string }
);
