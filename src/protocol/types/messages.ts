// Wire types for conversation content (docs/protocol.md §5): content blocks, the message roles,
// usage, model and thinking level. Self-contained so src/protocol stays a leaf; the shapes
// match pi-ai / pi-agent-core 0.73.1 field for field (plus later-pi optional fields).

/** docs/protocol.md §5.1 A text block. */
export interface TextContent {
  type: "text";
  text: string;
  /** Provider replay signature [pi-0.73]; opaque, never displayed. */
  textSignature?: string;
}

/** docs/protocol.md §5.1 A reasoning block. */
export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  /** Opaque; holds the encrypted payload when `redacted`. */
  thinkingSignature?: string;
  redacted?: boolean;
}

/** docs/protocol.md §5.1 Canonical image block (base64 without a `data:` prefix). */
export interface ImageContent {
  type: "image";
  data: string;
  mimeType: string;
}

/** docs/protocol.md §5.1 Legacy Anthropic-style image (older oh-my-pi). Accepted in prompts and when rendering. */
export interface LegacyImageContent {
  type: "image";
  source:
    | { type: "base64"; mediaType: string; data: string }
    /** URL sources must be rejected by [ours] (docs/protocol.md §3.1.1); typed so decoders can name them. */
    | { type: "url"; url: string };
}

/** An image as a client may send it (Appendix A `ImageInput`). */
export type ImageInput = ImageContent | LegacyImageContent;

/** docs/protocol.md §5.1 A tool call requested by the model. */
export interface ToolCall {
  type: "toolCall";
  /** Provider tool-call id; equals `toolCallId` in tool events. */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** Opaque [pi-0.73]. */
  thoughtSignature?: string;
}

export type UserContentBlock = TextContent | ImageContent;
export type AssistantContentBlock = TextContent | ThinkingContent | ToolCall;
export type ContentBlock = TextContent | ThinkingContent | ImageContent | ToolCall;

/** docs/protocol.md §5.7 Token usage and USD cost of one message (or cumulative while streaming). */
export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Some docs omit it; clients fall back to the sum of the four counters. */
  totalTokens: number;
  cost: UsageCost;
}

export interface UsageCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
}

/** docs/protocol.md §5.3 */
export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

/** docs/protocol.md §5.2 Legacy render-only attachment (older oh-my-pi and pi documents). Never sent by [ours]. */
export interface Attachment {
  id: string;
  type: "image" | "document";
  fileName: string;
  mimeType: string;
  size: number;
  /** base64 */
  content: string;
  extractedText?: string | null;
  preview?: string | null;
}

/** docs/protocol.md §5.2 */
export interface UserMessage {
  role: "user";
  /** RPC prompts always use the array form; the string form appears in older sessions. */
  content: string | UserContentBlock[];
  /** Unix epoch milliseconds. */
  timestamp: number;
  attachments?: Attachment[];
}

/** docs/protocol.md §5.3 */
export interface AssistantMessage {
  role: "assistant";
  content: AssistantContentBlock[];
  /** Wire API family, e.g. "anthropic-messages", "openai-completions". */
  api: string;
  provider: string;
  /** Requested model id. */
  model: string;
  responseModel?: string;
  responseId?: string;
  diagnostics?: unknown[];
  usage: Usage;
  stopReason: StopReason;
  /** Present when `stopReason` is "error" or "aborted". */
  errorMessage?: string;
  timestamp: number;
}

/** docs/protocol.md §5.4 Payload of tool_execution_update/end and of host tool frames. */
export interface AgentToolResult {
  content: UserContentBlock[];
  /** Tool-specific (bash: `{ truncation, fullOutputPath }`, todo_write: `{ phases, storage }`). */
  details?: unknown;
}

/** docs/protocol.md §5.4 */
export interface ToolResultMessage {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: UserContentBlock[];
  /** Tool-specific, not sent to the model. */
  details?: unknown;
  isError: boolean;
  /** [pi] later pi: nested LLM work done by the tool. */
  usage?: Usage;
  timestamp: number;
}

/** docs/protocol.md §5.5 Created only by the RPC `bash` command; produces no message events. */
export interface BashExecutionMessage {
  role: "bashExecution";
  command: string;
  output: string;
  /** Absent when killed/cancelled. */
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
  /** Clients must accept `null` (later pi) as absent. */
  fullOutputPath?: string | null;
  excludeFromContext?: boolean;
  /** [omp] */
  artifactId?: string;
  timestamp: number;
}

/** docs/protocol.md §5.6 Injected by extensions (or by [ours] for TTSR / todo reminders). */
export interface CustomMessage {
  role: "custom";
  customType: string;
  content: string | UserContentBlock[];
  /** false: hidden in the UI (still sent to the model). */
  display: boolean;
  details?: unknown;
  timestamp: number;
}

/** docs/protocol.md §5.6 Legacy name of `custom` (session format v2, older oh-my-pi); clients treat it as custom. */
export interface HookMessage extends Omit<CustomMessage, "role"> {
  role: "hookMessage";
}

/** docs/protocol.md §5.6 */
export interface BranchSummaryMessage {
  role: "branchSummary";
  summary: string;
  fromId: string;
  timestamp: number;
}

/** docs/protocol.md §5.6 First message of the context after a compaction. */
export interface CompactionSummaryMessage {
  role: "compactionSummary";
  summary: string;
  tokensBefore: number;
  timestamp: number;
}

/** docs/protocol.md §5.6 The roles our worker produces. */
export type CanonicalAgentMessage =
  | UserMessage
  | AssistantMessage
  | ToolResultMessage
  | BashExecutionMessage
  | CustomMessage
  | BranchSummaryMessage
  | CompactionSummaryMessage;

/**
 * Not on the wire: what the client-side decoders turn a message with a role they do not know
 * into (oh-my-pi derivatives add roles, docs/protocol.md §5.6), so reducers can switch on a literal role and
 * still render it generically.
 */
export interface UnknownRoleMessage {
  role: "unknown_role";
  /** The role string as received. */
  originalRole: string;
  /** The message object as received. */
  raw: Record<string, unknown>;
  timestamp?: number;
}

/** Any message a client may see: canonical roles, the legacy hookMessage, or an unknown role. */
export type AgentMessage = CanonicalAgentMessage | HookMessage | UnknownRoleMessage;

export type MessageRole = AgentMessage["role"];

/** docs/protocol.md §5.9 `max` exists only in later pi and [ours]. */
export type ThinkingLevel = "off" | "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

export type ModelInputModality = "text" | "image";

/** docs/protocol.md §5.8 USD per million tokens. */
export interface ModelCost {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** docs/protocol.md §5.8 [xcsh] may send a reduced object; clients must tolerate missing fields. */
export interface Model {
  id: string;
  name: string;
  api: string;
  provider: string;
  baseUrl: string;
  reasoning: boolean;
  /** Provider value per level; null = unsupported [pi-0.73]. */
  thinkingLevelMap?: Partial<Record<ThinkingLevel, string | null>>;
  input: ModelInputModality[];
  cost: ModelCost;
  contextWindow: number;
  maxTokens: number;
  /** May hold credentials: [ours] MUST NOT send it. */
  headers?: Record<string, string>;
  /** Provider compatibility overrides; opaque. */
  compat?: Record<string, unknown>;
}
