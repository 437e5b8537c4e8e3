// Session file types for the agent: the protocol's v3 entry types (docs/protocol.md §10.2, the
// single source) over pi-agent-core's messages, and the extra message roles a session context
// holds (compaction/branch summaries, custom, bash), merged into pi-agent-core's message union.
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type * as Wire from "../../protocol/types/messages.js";
import type * as File from "../../protocol/types/session-file.js";
import { SESSION_FILE_VERSION } from "../../protocol/types/session-file.js";

export const CURRENT_SESSION_VERSION = SESSION_FILE_VERSION;

/**
 * The wire shape, narrowed to what the agent writes: `exitCode` is always present (undefined when
 * killed) and `fullOutputPath` is never null (the wire type also accepts other workers' nulls).
 */
export type BashExecutionMessage = Omit<Wire.BashExecutionMessage, "exitCode" | "fullOutputPath" | "artifactId"> & {
  exitCode: number | undefined;
  fullOutputPath?: string;
};
export type CustomMessage = Wire.CustomMessage;
export type BranchSummaryMessage = Wire.BranchSummaryMessage;
export type CompactionSummaryMessage = Wire.CompactionSummaryMessage;

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

export type SessionHeader = File.SessionHeader;
export type MessageEntry = File.MessageEntry<SessionMessage>;
export type ThinkingLevelChangeEntry = File.ThinkingLevelChangeEntry;
export type ModelChangeEntry = File.ModelChangeEntry;
export type CompactionEntry = File.CompactionEntry;
export type BranchSummaryEntry = File.BranchSummaryEntry;
export type CustomEntry = File.CustomEntry;
export type CustomMessageEntry = File.CustomMessageEntry;
export type LabelEntry = File.LabelEntry;
export type SessionInfoEntry = File.SessionInfoEntry;
export type SessionEntry = File.SessionEntry<SessionMessage>;
export type SessionTreeNode = File.SessionTreeNode<SessionMessage>;

/** Distributive Omit so each entry variant keeps its own fields. */
export type NewEntry<E extends SessionEntry = SessionEntry> = E extends SessionEntry
  ? Omit<E, "id" | "parentId" | "timestamp">
  : never;

export type ModelRef = { provider: string; modelId: string };

export type SessionContext = {
  messages: SessionMessage[];
  model: ModelRef | undefined;
  thinkingLevel: string | undefined;
};
