// A session's history (get_messages data, typed by the bridge: the active branch as the model
// sees it) -> committed transcript entries, built by the same transcript reducer that prints a
// live run, so a resumed session looks as it did live; plus the session's totals summed from its
// messages (for workers without get_session_stats). Pure.
import { toClientEvent, toTokenUsage } from "../../bridge/index.js";
import type { AgentEvent, AgentMessage, AssistantMessage } from "../../bridge/index.js";
import { type CommitLimits, type EntryInput, initialTranscript, reduceTranscript } from "./transcript.js";
import { formatCount } from "./format-count.js";

export type SessionTotals = { tokensIn: number; tokensOut: number; cost: number; contextTokens: number | undefined };

/** A session's messages as far as they are here: holes (undefined) before a tail read on its own. */
export type MessageList = readonly (AgentMessage | undefined)[];

// History is committed whole (`final`), so the live-commit limits never split anything here.
const LIMITS: CommitLimits = { width: 80, maxLiveRows: Number.MAX_SAFE_INTEGER };

type ToolCallSeen = { name: string; args: Record<string, unknown> };

/** Remember the tool calls an assistant message made (their results name them by id only). */
function noteCalls(m: AssistantMessage, calls: Map<string, ToolCallSeen>): void {
  for (const b of m.content) if (b.type === "toolCall") calls.set(b.id, { name: b.name, args: b.arguments });
}

/** Entries of `events` reduced on an empty scratch transcript (linear in the history). */
function reduceAll(events: readonly AgentEvent[], at: number): EntryInput[] {
  let t = initialTranscript;
  for (const event of events) {
    // The bridge reads the messages' events the way it reads live ones.
    const e = toClientEvent(event);
    if (e) t = reduceTranscript(t, e, at, LIMITS);
  }
  return t.committed.map(({ id: _id, ...rest }) => rest as EntryInput);
}

/** Entries of one message. */
function messageEntries(m: AgentMessage, calls: Map<string, ToolCallSeen>): EntryInput[] {
  const at = m.timestamp ?? 0;
  switch (m.role) {
    case "toolResult": {
      const call = calls.get(m.toolCallId);
      const ids = { toolCallId: m.toolCallId, toolName: m.toolName };
      const result = { content: m.content, details: m.details };
      const entries = reduceAll(
        [
          { type: "tool_execution_start", ...ids, args: call?.args ?? {} },
          { type: "tool_execution_end", ...ids, result, isError: m.isError },
        ],
        at,
      );
      // How long it ran is not in the session file: say nothing rather than a made-up time.
      return entries.map((e) => (e.kind === "tool" ? { ...e, run: { ...e.run, untimed: true } } : e));
    }
    case "bashExecution": {
      const exitCode = typeof m.exitCode === "number" ? m.exitCode : undefined;
      return [{ kind: "bash", command: m.command, output: m.output, exitCode, cancelled: m.cancelled }];
    }
    case "compactionSummary":
      return [{ kind: "summary", what: "compaction", text: m.summary, tokensBefore: m.tokensBefore }];
    case "branchSummary":
      return [{ kind: "summary", what: "branch", text: m.summary, tokensBefore: undefined }];
    case "assistant":
      noteCalls(m, calls);
      return reduceAll([{ type: "message_end", message: m }], at);
    default:
      return reduceAll([{ type: "message_end", message: m }], at);
  }
}

/** State carried from one slice of a session's messages to the next. */
export type HistoryBuild = { calls: Map<string, ToolCallSeen>; firstPrinted: number };

/** Start building the entries of `messages`, of which the last `printLast` are printed. */
export function startHistory(messages: MessageList, printLast = Number.POSITIVE_INFINITY): HistoryBuild {
  return { calls: new Map(), firstPrinted: Math.max(0, messages.length - printLast) };
}

/**
 * Start building only the printed tail (`messages[firstPrinted..]`, historySlice from
 * `firstPrinted`): results at the tail's start answer the calls of the last assistant message
 * before it, collected first so they still name their call. The earlier part is built later
 * with its own startHistory.
 */
export function startTail(messages: MessageList, printLast: number): HistoryBuild {
  const build = startHistory(messages, printLast);
  for (let index = build.firstPrinted - 1; index >= 0; index -= 1) {
    const m = messages[index];
    if (m?.role !== "assistant") continue;
    noteCalls(m, build.calls);
    break;
  }
  return build;
}

/**
 * Entries of `messages[from, to)`, in order (so a long history can be built a slice at a time).
 * Entries of messages before the printed tail are marked unprinted, and a notice before the
 * tail says how many messages only the transcript view shows.
 */
export function historySlice(messages: MessageList, from: number, to: number, build: HistoryBuild): EntryInput[] {
  const out: EntryInput[] = [];
  const { firstPrinted } = build;
  for (let index = from; index < Math.min(to, messages.length); index += 1) {
    if (index === firstPrinted && firstPrinted > 0) {
      out.push({
        kind: "notice",
        level: "info",
        text:
          `${formatCount(firstPrinted)} earlier message${firstPrinted === 1 ? "" : "s"} not printed here · ` +
          "ctrl+o shows the whole session",
      });
    }
    const m = messages[index];
    if (m === undefined) continue;
    for (const e of messageEntries(m, build.calls)) out.push(index < firstPrinted ? { ...e, unprinted: true } : e);
  }
  return out;
}

/** Transcript entries for a session's messages, oldest first (see historySlice). */
export function historyEntries(messages: MessageList, printLast = Number.POSITIVE_INFINITY): EntryInput[] {
  return historySlice(messages, 0, messages.length, startHistory(messages, printLast));
}

/** The text of a user message's content, its images aside. */
export function promptText(c: Extract<AgentMessage, { role: "user" }>["content"]): string {
  return typeof c === "string" ? c : c.map((b) => (b.type === "text" ? b.text : "")).join("");
}

/** Texts of the user prompts, oldest first (for the editor's Up-arrow history). */
export function historyPrompts(messages: MessageList): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m?.role !== "user") continue;
    const text = promptText(m.content);
    if (text.trim() !== "") out.push(text);
  }
  return out;
}

/** Token and cost totals of the assistant messages (what get_session_stats reports on pi). */
export function historyTotals(messages: MessageList): SessionTotals {
  const totals: SessionTotals = { tokensIn: 0, tokensOut: 0, cost: 0, contextTokens: undefined };
  for (const m of messages) {
    if (m?.role !== "assistant") continue;
    const u = toTokenUsage(m.usage);
    if (!u) continue;
    totals.tokensIn += u.input + u.cacheRead;
    totals.tokensOut += u.output;
    totals.cost += u.costTotal;
    if (u.totalTokens > 0) totals.contextTokens = u.totalTokens;
  }
  return totals;
}
