// Result objects carried in response `data` and events (docs/protocol.md §5.10, §3.2, §3.9):
// compaction/bash results, session state and statistics, command and fork listings.

import type { Model, ThinkingLevel, Usage } from "./messages.js";
import type { TodoPhase } from "./todos.js";

/** docs/protocol.md §5.10 */
export interface CompactionResult {
  summary: string;
  /** First session entry kept verbatim after the summary. */
  firstKeptEntryId: string;
  tokensBefore: number;
  /** [pi]/[ours]: heuristic estimate. */
  estimatedTokensAfter?: number;
  /** [pi]/[ours]: usage of the summarisation call(s). */
  usage?: Usage;
  /** e.g. `{ readFiles: string[], modifiedFiles: string[] }` */
  details?: unknown;
}

/** docs/protocol.md §5.10 */
export interface BashResult {
  /** Combined stdout+stderr, sanitised, possibly truncated. */
  output: string;
  /** Absent if killed/cancelled. */
  exitCode?: number;
  cancelled: boolean;
  truncated: boolean;
  /** [pi]/[ours], when truncated. */
  fullOutputPath?: string;
  /** [omp], when truncated. */
  artifactId?: string;
  totalLines?: number;
  totalBytes?: number;
  outputLines?: number;
  outputBytes?: number;
}

/** docs/protocol.md §5.10 */
export interface ContextUsage {
  /** null right after a compaction until the next assistant response. */
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

export interface TokenTotals {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  total: number;
}

/** docs/protocol.md §3.9.10 / §5.10 */
export interface SessionStats {
  sessionFile?: string;
  sessionId: string;
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: TokenTotals;
  /** USD */
  cost: number;
  contextUsage?: ContextUsage;
  /** Later oh-my-pi. */
  premiumRequests?: number;
}

export type QueueMode = "all" | "one-at-a-time";
export type InterruptMode = "immediate" | "wait";

/** docs/protocol.md §3.2.1 get_state `data`. Optional fields are the ones other workers omit. */
export interface RpcSessionState {
  /** [ours] the worker's working directory (it may run on another machine). */
  cwd?: string;
  /** Absent (pi) or null (older documents) when no model is selected; [xcsh] may send a reduced object. */
  model?: Model | null;
  /** [xcsh] may omit it. */
  thinkingLevel?: ThinkingLevel;
  isStreaming: boolean;
  isCompacting: boolean;
  steeringMode: QueueMode;
  followUpMode: QueueMode;
  /** [ours], [omp], [xcsh]; absent on pi (behaves as "wait"). */
  interruptMode?: InterruptMode;
  /** Absent without persistence. */
  sessionFile?: string;
  sessionId: string;
  sessionName?: string;
  autoCompactionEnabled: boolean;
  messageCount: number;
  /** [ours], [pi]. Read `pendingMessageCount ?? queuedMessageCount ?? 0`. */
  pendingMessageCount?: number;
  /** [ours], [omp], [xcsh]; same value as pendingMessageCount. */
  queuedMessageCount?: number;
  /** [ours], [xcsh]; [] when none. */
  todoPhases?: TodoPhase[];
  /** [xcsh] */
  systemPrompt?: string;
  /** [xcsh] */
  dumpTools?: { name: string; description: string; parameters: unknown }[];
  /** Later oh-my-pi. */
  contextUsage?: ContextUsage;
}

/** docs/protocol.md §3.2.3 [pi-0.73] provenance of a slash command. */
export interface SlashCommandSourceInfo {
  path: string;
  source: string;
  scope: "user" | "project" | "temporary";
  origin: "package" | "top-level";
  baseDir?: string;
}

/** docs/protocol.md §3.2.3 One get_commands item ([ours] sends the union of both known shapes). */
export interface SlashCommandInfo {
  /** Invoke as `/<name>`; skills are prefixed `skill:`. */
  name: string;
  description?: string;
  source: "extension" | "prompt" | "skill";
  location?: "user" | "project" | "path";
  path?: string;
  sourceInfo?: SlashCommandSourceInfo;
}

/** docs/protocol.md §3.9.5 One get_fork_messages item. */
export interface ForkMessage {
  entryId: string;
  /** Concatenation of the message's text blocks. */
  text: string;
}
