// A session's history (get_messages data: the active branch as the model sees it) -> committed
// transcript entries, built by the same transcript reducer that prints a live run, so a resumed
// session looks as it did live; plus the session's totals summed from its messages (for
// workers without get_session_stats). Pure.
import { toClientEvent, toTokenUsage } from "../../bridge/index.js";
import { isRecord, num, str } from "../../bridge/index.js";
import { type CommitLimits, type EntryInput, initialTranscript, reduceTranscript } from "./transcript.js";
import { formatCount } from "./format-count.js";

export type SessionTotals = { tokensIn: number; tokensOut: number; cost: number; contextTokens: number | undefined };

// History is committed whole (`final`), so the live-commit limits never split anything here.
const LIMITS: CommitLimits = { width: 80, maxLiveRows: Number.MAX_SAFE_INTEGER };

type ToolCall = { name: string; args: Record<string, unknown> };

/** Remember the tool calls an assistant message made (their results name them by id only). */
function noteCalls(m: Record<string, unknown>, calls: Map<string, ToolCall>): void {
  if (!Array.isArray(m["content"])) return;
  for (const b of m["content"]) {
    if (isRecord(b) && b["type"] === "toolCall") calls.set(str(b["id"]), { name: str(b["name"]), args: isRecord(b["arguments"]) ? b["arguments"] : {} });
  }
}

/** Entries of one message, reduced on an empty scratch transcript (linear in the history). */
function messageEntries(m: Record<string, unknown>, calls: Map<string, ToolCall>): EntryInput[] {
  const at = num(m["timestamp"]);
  const reduceAll = (raws: Record<string, unknown>[]): EntryInput[] => {
    let t = initialTranscript;
    for (const raw of raws) {
      // The bridge reads the messages' frames the way it reads live ones.
      const e = toClientEvent(raw);
      if (e) t = reduceTranscript(t, e, at, LIMITS);
    }
    return t.committed.map(({ id: _id, ...rest }) => rest as EntryInput);
  };
  switch (str(m["role"])) {
    case "toolResult": {
      const id = str(m["toolCallId"]);
      const call = calls.get(id);
      const name = str(m["toolName"], call?.name ?? "tool");
      const entries = reduceAll([
        { type: "tool_execution_start", toolCallId: id, toolName: name, args: call?.args ?? {} },
        {
          type: "tool_execution_end",
          toolCallId: id,
          toolName: name,
          result: { content: m["content"], details: m["details"] },
          isError: m["isError"] === true,
        },
      ]);
      // How long it ran is not in the session file: say nothing rather than a made-up time.
      return entries.map((e) => (e.kind === "tool" ? { ...e, run: { ...e.run, untimed: true } } : e));
    }
    case "bashExecution":
      return [
        {
          kind: "bash",
          command: str(m["command"]),
          output: str(m["output"]),
          exitCode: typeof m["exitCode"] === "number" ? m["exitCode"] : undefined,
          cancelled: m["cancelled"] === true,
        },
      ];
    case "compactionSummary":
      return [
        { kind: "summary", what: "compaction", text: str(m["summary"]), tokensBefore: typeof m["tokensBefore"] === "number" ? m["tokensBefore"] : undefined },
      ];
    case "branchSummary":
      return [{ kind: "summary", what: "branch", text: str(m["summary"]), tokensBefore: undefined }];
    case "assistant":
      noteCalls(m, calls);
      return reduceAll([{ type: "message_end", message: m }]);
    default:
      return reduceAll([{ type: "message_end", message: m }]);
  }
}

/** State carried from one slice of a session's messages to the next. */
export type HistoryBuild = { calls: Map<string, ToolCall>; firstPrinted: number };

/** Start building the entries of `messages`, of which the last `printLast` are printed. */
export function startHistory(messages: readonly unknown[], printLast = Number.POSITIVE_INFINITY): HistoryBuild {
  return { calls: new Map(), firstPrinted: Math.max(0, messages.length - printLast) };
}

/**
 * Start building only the printed tail (`messages[firstPrinted..]`, historySlice from
 * `firstPrinted`): results at the tail's start answer the calls of the last assistant message
 * before it, collected first so they still name their call. The earlier part is built later
 * with its own startHistory.
 */
export function startTail(messages: readonly unknown[], printLast: number): HistoryBuild {
  const build = startHistory(messages, printLast);
  for (let index = build.firstPrinted - 1; index >= 0; index -= 1) {
    const m = messages[index];
    if (!isRecord(m) || m["role"] !== "assistant") continue;
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
export function historySlice(messages: readonly unknown[], from: number, to: number, build: HistoryBuild): EntryInput[] {
  const out: EntryInput[] = [];
  const { firstPrinted } = build;
  for (let index = from; index < Math.min(to, messages.length); index += 1) {
    if (index === firstPrinted && firstPrinted > 0) {
      out.push({
        kind: "notice",
        level: "info",
        text: `${formatCount(firstPrinted)} earlier message${firstPrinted === 1 ? "" : "s"} not printed here · ctrl+o shows the whole session`,
      });
    }
    const m = messages[index];
    if (!isRecord(m)) continue;
    for (const e of messageEntries(m, build.calls)) out.push(index < firstPrinted ? { ...e, unprinted: true } : e);
  }
  return out;
}

/** Transcript entries for a session's messages, oldest first (see historySlice). */
export function historyEntries(messages: readonly unknown[], printLast = Number.POSITIVE_INFINITY): EntryInput[] {
  return historySlice(messages, 0, messages.length, startHistory(messages, printLast));
}

/** Texts of the user prompts, oldest first (for the editor's Up-arrow history). */
export function historyPrompts(messages: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (!isRecord(m) || m["role"] !== "user") continue;
    const c = m["content"];
    const text = typeof c === "string" ? c : Array.isArray(c) ? c.map((b) => (isRecord(b) && b["type"] === "text" ? str(b["text"]) : "")).join("") : "";
    if (text.trim() !== "") out.push(text);
  }
  return out;
}

/** Token and cost totals of the assistant messages (what get_session_stats reports on pi). */
export function historyTotals(messages: readonly unknown[]): SessionTotals {
  const totals: SessionTotals = { tokensIn: 0, tokensOut: 0, cost: 0, contextTokens: undefined };
  for (const m of messages) {
    if (!isRecord(m) || m["role"] !== "assistant") continue;
    const u = toTokenUsage(m["usage"]);
    if (!u) continue;
    totals.tokensIn += u.input + u.cacheRead;
    totals.tokensOut += u.output;
    totals.cost += u.costTotal;
    if (u.totalTokens > 0) totals.contextTokens = u.totalTokens;
  }
  return totals;
}
