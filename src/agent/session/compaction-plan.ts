// Pure planning of a compaction over the active branch: token estimates, where to cut so
// that about `keepRecentTokens` stay verbatim, which messages get summarised (history and,
// when the cut falls inside a turn, that turn's prefix), and the files touched so far.
import type { Usage } from "@mariozechner/pi-ai";
import { buildContextFromPath, entryToMessage } from "./context.js";
import type { CompactionEntry, SessionEntry, SessionMessage } from "./types.js";

export type CompactionSettings = {
  enabled: boolean;
  /** Tokens kept free for the answer; the threshold is contextWindow - reserveTokens. */
  reserveTokens: number;
  /** Roughly how many recent tokens stay verbatim after a compaction. */
  keepRecentTokens: number;
};

export const DEFAULT_COMPACTION_SETTINGS: CompactionSettings = {
  enabled: true,
  reserveTokens: 16384,
  keepRecentTokens: 20000,
};

const CHARS_PER_TOKEN = 4;
const IMAGE_CHARS = 4800;

function textChars(content: string | readonly { type: string; text?: string }[]): number {
  if (typeof content === "string") return content.length;
  let chars = 0;
  for (const block of content) {
    if (block.type === "text" && typeof block.text === "string") chars += block.text.length;
    else if (block.type === "image") chars += IMAGE_CHARS;
  }
  return chars;
}

/** Heuristic size of one message (characters / 4, rounded up; over-estimates on purpose). */
export function estimateMessageTokens(message: SessionMessage): number {
  let chars = 0;
  switch (message.role) {
    case "user":
    case "custom":
    case "toolResult":
      chars = textChars(message.content);
      break;
    case "assistant":
      for (const block of message.content) {
        if (block.type === "text") chars += block.text.length;
        else if (block.type === "thinking") chars += block.thinking.length;
        else chars += block.name.length + JSON.stringify(block.arguments).length;
      }
      break;
    case "bashExecution":
      chars = message.command.length + message.output.length;
      break;
    case "branchSummary":
    case "compactionSummary":
      chars = message.summary.length;
      break;
    default: {
      const exhaustive: never = message;
      void exhaustive;
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function usageContextTokens(usage: Usage): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

/** Usage of a completed assistant message (aborted/failed ones carry no reliable usage). */
export function reliableUsage(message: SessionMessage): Usage | undefined {
  if (message.role !== "assistant") return undefined;
  if (message.stopReason === "aborted" || message.stopReason === "error") return undefined;
  return message.usage;
}

/** Context size: the last reported usage plus estimates for the messages after it. */
export function estimateContextTokens(messages: readonly SessionMessage[]): {
  tokens: number;
  lastUsageIndex: number | undefined;
} {
  let lastUsageIndex: number | undefined;
  let base = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    const usage = message ? reliableUsage(message) : undefined;
    if (usage) {
      lastUsageIndex = i;
      base = usageContextTokens(usage);
      break;
    }
  }
  let trailing = 0;
  for (let i = (lastUsageIndex ?? -1) + 1; i < messages.length; i++) {
    const message = messages[i];
    if (message) trailing += estimateMessageTokens(message);
  }
  return { tokens: base + trailing, lastUsageIndex };
}

export function sumEstimatedTokens(messages: readonly SessionMessage[]): number {
  return messages.reduce((total, message) => total + estimateMessageTokens(message), 0);
}

export type FileOps = { read: Set<string>; modified: Set<string> };

/** Paths of read/write/edit tool calls in assistant messages. */
export function collectFileOps(messages: readonly SessionMessage[], into: FileOps): FileOps {
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const block of message.content) {
      if (block.type !== "toolCall") continue;
      const path: unknown = block.arguments.path;
      if (typeof path !== "string" || !path) continue;
      if (block.name === "read") into.read.add(path);
      else if (block.name === "write" || block.name === "edit") into.modified.add(path);
    }
  }
  return into;
}

export function fileLists(ops: FileOps): { readFiles: string[]; modifiedFiles: string[] } {
  return {
    readFiles: [...ops.read].filter((path) => !ops.modified.has(path)).sort(),
    modifiedFiles: [...ops.modified].sort(),
  };
}

/** Where a cut may start the kept part: never at a tool result (it must follow its call). */
function isCutCandidate(entry: SessionEntry): boolean {
  if (entry.type === "message") return entry.message.role !== "toolResult";
  return entry.type === "custom_message" || entry.type === "branch_summary";
}

/** A user-initiated entry that opens a turn. */
function startsTurn(entry: SessionEntry): boolean {
  if (entry.type === "message") return entry.message.role === "user" || entry.message.role === "bashExecution";
  return entry.type === "custom_message" || entry.type === "branch_summary";
}

export type CompactionPlan = {
  firstKeptEntryId: string;
  /** Messages before the cut (or before the split turn), to be summarised. */
  historyMessages: SessionMessage[];
  /** When the cut is inside a turn: the turn's messages before the cut. */
  turnPrefixMessages: SessionMessage[];
  previousSummary: string | undefined;
  tokensBefore: number;
  fileOps: FileOps;
};

export type PlanOutcome =
  | { kind: "plan"; plan: CompactionPlan }
  | { kind: "already_compacted" }
  | { kind: "too_small" };

/** The latest compaction on the path and where the entries it did not summarise start. */
function previousCompaction(path: readonly SessionEntry[]): { previous: CompactionEntry | undefined; start: number } {
  for (let i = path.length - 1; i >= 0; i--) {
    const entry = path[i];
    if (entry?.type !== "compaction") continue;
    const keptIndex = path.findIndex((e) => e.id === entry.firstKeptEntryId);
    return { previous: entry, start: keptIndex >= 0 && keptIndex < i ? keptIndex : i + 1 };
  }
  return { previous: undefined, start: 0 };
}

/** Index of the first kept entry: the newest messages worth `keepRecentTokens` stay, cut at a candidate. */
function findCut(path: readonly SessionEntry[], start: number, keepRecentTokens: number): number | undefined {
  const candidates: number[] = [];
  for (let i = start; i < path.length; i++) {
    const entry = path[i];
    if (entry && entry.type !== "compaction" && isCutCandidate(entry)) candidates.push(i);
  }
  const firstCandidate = candidates[0];
  if (firstCandidate === undefined) return undefined;
  // Walk back from the newest message until the kept budget is reached.
  let cut = firstCandidate;
  let kept = 0;
  for (let i = path.length - 1; i >= start; i--) {
    const entry = path[i];
    if (entry?.type !== "message") continue;
    kept += estimateMessageTokens(entry.message);
    if (kept >= keepRecentTokens) {
      cut = candidates.find((index) => index >= i) ?? cut;
      break;
    }
  }
  // Settings and other non-message entries right before the cut stay with the kept part.
  while (cut > start) {
    const before = path[cut - 1];
    if (!before || before.type === "message" || before.type === "compaction") break;
    cut--;
  }
  return cut;
}

/** Where the turn containing `cut` starts, when the cut is inside a turn; -1 otherwise. */
function turnStartBefore(path: readonly SessionEntry[], cut: number, start: number): number {
  const cutEntry = path[cut];
  if (!cutEntry || startsTurn(cutEntry)) return -1;
  for (let i = cut; i >= start; i--) {
    const entry = path[i];
    if (entry && startsTurn(entry)) return i;
  }
  return -1;
}

function messagesIn(path: readonly SessionEntry[], from: number, to: number): SessionMessage[] {
  const out: SessionMessage[] = [];
  for (let i = from; i < to; i++) {
    const entry = path[i];
    if (!entry || entry.type === "compaction") continue;
    const message = entryToMessage(entry);
    if (message) out.push(message);
  }
  return out;
}

/** Files read and modified: those the previous compaction recorded, plus those of the summarised messages. */
function fileOpsOf(previous: CompactionEntry | undefined, messages: SessionMessage[][]): FileOps {
  const fileOps: FileOps = { read: new Set(), modified: new Set() };
  if (previous && !previous.fromHook) {
    const details = previous.details;
    if (typeof details === "object" && details !== null) {
      const record = details as Record<string, unknown>;
      if (Array.isArray(record.readFiles))
        for (const f of record.readFiles) if (typeof f === "string") fileOps.read.add(f);
      if (Array.isArray(record.modifiedFiles))
        for (const f of record.modifiedFiles) if (typeof f === "string") fileOps.modified.add(f);
    }
  }
  for (const list of messages) collectFileOps(list, fileOps);
  return fileOps;
}

export function planCompaction(path: readonly SessionEntry[], settings: CompactionSettings): PlanOutcome {
  const last = path.at(-1);
  if (!last) return { kind: "too_small" };
  if (last.type === "compaction") return { kind: "already_compacted" };
  const { previous, start } = previousCompaction(path);
  const cut = findCut(path, start, settings.keepRecentTokens);
  const cutEntry = cut === undefined ? undefined : path[cut];
  if (cut === undefined || !cutEntry) return { kind: "too_small" };
  const turnStart = turnStartBefore(path, cut, start);
  const historyMessages = messagesIn(path, start, turnStart >= 0 ? turnStart : cut);
  const turnPrefixMessages = turnStart >= 0 ? messagesIn(path, turnStart, cut) : [];
  if (historyMessages.length === 0 && turnPrefixMessages.length === 0) return { kind: "too_small" };
  return {
    kind: "plan",
    plan: {
      firstKeptEntryId: cutEntry.id,
      historyMessages,
      turnPrefixMessages,
      previousSummary: previous?.summary,
      tokensBefore: estimateContextTokens(buildContextFromPath(path).messages).tokens,
      fileOps: fileOpsOf(previous, [historyMessages, turnPrefixMessages]),
    },
  };
}
