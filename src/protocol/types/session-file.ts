// Session file format v3 (docs/protocol.md §10.2): the header line and the entry types of the
// append-only tree, plus the tree node returned by get_tree (docs/protocol.md §3.9.7). Generic over the message
// type so the agent can use them with pi-agent-core's messages (the single source of both).

import type { AgentMessage, ImageContent, TextContent } from "./messages.js";

/** docs/protocol.md §10.2 Line 1 of a session file. */
export interface SessionHeader {
  type: "session";
  /** 3 for current files; absent = 1. */
  version?: number;
  /** Session UUID (= get_state.sessionId). */
  id: string;
  /** ISO 8601 creation time. */
  timestamp: string;
  cwd: string;
  parentSession?: string;
}

/** docs/protocol.md §10.2 Fields every entry has. */
export interface SessionEntryBase {
  /** 8 hex chars in pi; treat as opaque. */
  id: string;
  /** null only for the root entry. */
  parentId: string | null;
  /** ISO 8601 (message timestamps inside are epoch ms). */
  timestamp: string;
}

export interface MessageEntry<M = AgentMessage> extends SessionEntryBase {
  type: "message";
  message: M;
}

export interface ThinkingLevelChangeEntry extends SessionEntryBase {
  type: "thinking_level_change";
  thinkingLevel: string;
}

export interface ModelChangeEntry extends SessionEntryBase {
  type: "model_change";
  provider: string;
  modelId: string;
}

export interface CompactionEntry extends SessionEntryBase {
  type: "compaction";
  summary: string;
  firstKeptEntryId: string;
  tokensBefore: number;
  details?: unknown;
  /** Produced by an extension (legacy name). */
  fromHook?: boolean;
}

export interface BranchSummaryEntry extends SessionEntryBase {
  type: "branch_summary";
  fromId: string;
  summary: string;
  details?: unknown;
  fromHook?: boolean;
}

/** Extension state persistence; not in the model context. */
export interface CustomEntry extends SessionEntryBase {
  type: "custom";
  customType: string;
  data?: unknown;
}

/** Extension-injected message; in the context as user content. */
export interface CustomMessageEntry extends SessionEntryBase {
  type: "custom_message";
  customType: string;
  content: string | (TextContent | ImageContent)[];
  details?: unknown;
  display: boolean;
}

/** Sets (or clears, when `label` is absent/empty) a bookmark on `targetId`. */
export interface LabelEntry extends SessionEntryBase {
  type: "label";
  targetId: string;
  label?: string;
}

/** Session display name; latest wins. */
export interface SessionInfoEntry extends SessionEntryBase {
  type: "session_info";
  name?: string;
}

export type SessionEntry<M = AgentMessage> =
  | MessageEntry<M>
  | ThinkingLevelChangeEntry
  | ModelChangeEntry
  | CompactionEntry
  | BranchSummaryEntry
  | CustomEntry
  | CustomMessageEntry
  | LabelEntry
  | SessionInfoEntry;

export type SessionEntryType = SessionEntry["type"];

/** Any line of a session file: the header (line 1) or an entry. */
export type SessionFileLine = SessionHeader | SessionEntry;

/** Current session file format version written by [ours]. */
export const SESSION_FILE_VERSION = 3;

/** docs/protocol.md §3.9.7 */
export interface SessionTreeNode<M = AgentMessage> {
  entry: SessionEntry<M>;
  children: SessionTreeNode<M>[];
  /** Resolved current label of this entry (docs/protocol.md §10.4). */
  label?: string;
  labelTimestamp?: string;
}
