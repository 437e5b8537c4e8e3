// Session file types (pi's version-3 JSONL format, PROTOCOL.md §10.2) and the extra
// message roles that live in a session context (compaction/branch summaries, custom, bash).
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";

export const CURRENT_SESSION_VERSION = 3;

export type BashExecutionMessage = {
  role: "bashExecution";
  command: string;
  output: string;
  exitCode: number | undefined;
  cancelled: boolean;
  truncated: boolean;
  fullOutputPath?: string;
  timestamp: number;
  excludeFromContext?: boolean;
};

export type CustomMessage = {
  role: "custom";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  display: boolean;
  details?: unknown;
  timestamp: number;
};

export type BranchSummaryMessage = { role: "branchSummary"; summary: string; fromId: string; timestamp: number };

export type CompactionSummaryMessage = {
  role: "compactionSummary";
  summary: string;
  tokensBefore: number;
  timestamp: number;
};

// Keys are deliberately project-specific: only the value union matters to pi-agent-core,
// and distinct keys cannot clash with pi-coding-agent's own augmentation (loaded by tests).
declare module "@mariozechner/pi-agent-core" {
  interface CustomAgentMessages {
    agentTuiBashExecution: BashExecutionMessage;
    agentTuiCustom: CustomMessage;
    agentTuiBranchSummary: BranchSummaryMessage;
    agentTuiCompactionSummary: CompactionSummaryMessage;
  }
}

/** Every message a session can hold or a context can contain. */
export type SessionMessage = AgentMessage;

export type SessionHeader = {
  type: "session";
  version?: number;
  id: string;
  timestamp: string;
  cwd: string;
  parentSession?: string;
};

type EntryBase = { id: string; parentId: string | null; timestamp: string };

export type MessageEntry = EntryBase & { type: "message"; message: SessionMessage };
export type ThinkingLevelChangeEntry = EntryBase & { type: "thinking_level_change"; thinkingLevel: string };
export type ModelChangeEntry = EntryBase & { type: "model_change"; provider: string; modelId: string };
export type CompactionEntry = EntryBase & {
  type: "compaction";
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: unknown;
  fromHook?: boolean;
};
export type BranchSummaryEntry = EntryBase & {
  type: "branch_summary";
  fromId: string;
  summary: string;
  details?: unknown;
  fromHook?: boolean;
};
export type CustomEntry = EntryBase & { type: "custom"; customType: string; data?: unknown };
export type CustomMessageEntry = EntryBase & {
  type: "custom_message";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  details?: unknown;
  display: boolean;
};
export type LabelEntry = EntryBase & { type: "label"; targetId: string; label?: string };
export type SessionInfoEntry = EntryBase & { type: "session_info"; name?: string };

export type SessionEntry =
  | MessageEntry
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry;

/** Distributive Omit so each entry variant keeps its own fields. */
export type NewEntry<E extends SessionEntry = SessionEntry> = E extends SessionEntry
  ? Omit<E, "id" | "parentId" | "timestamp">
  : never;

export type SessionTreeNode = {
  entry: SessionEntry;
  children: SessionTreeNode[];
  label?: string;
  labelTimestamp?: string;
};

export type ModelRef = { provider: string; modelId: string };

export type SessionContext = {
  messages: SessionMessage[];
  model: ModelRef | undefined;
  thinkingLevel: string | undefined;
};
