// Totals over a whole session file (every entry, every branch) for get_session_stats
// (docs/protocol.md §3.9.10): message counts, tokens and cost, independent of process lifetime.
import { entryToMessage } from "./context.js";
import type { SessionEntry, SessionMessage } from "./types.js";

export type SessionTotals = {
  userMessages: number;
  assistantMessages: number;
  toolCalls: number;
  toolResults: number;
  totalMessages: number;
  tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
  cost: number;
};

export function sessionTotals(entries: readonly SessionEntry[]): SessionTotals {
  // One pass, nothing allocated per entry: get_session_stats is on a resumed session's first
  // screen, and a long session has tens of thousands of entries.
  const totals = emptyTotals();
  for (const entry of entries) {
    const message = entry.type === "message" ? entry.message : entryToMessage(entry);
    if (message) count(totals, message);
  }
  return finished(totals);
}

/** The same totals over a list of messages (a context without a session store). */
export function messageTotals(messages: readonly SessionMessage[]): SessionTotals {
  const totals = emptyTotals();
  for (const message of messages) count(totals, message);
  return finished(totals);
}

function emptyTotals(): SessionTotals {
  return {
    userMessages: 0,
    assistantMessages: 0,
    toolCalls: 0,
    toolResults: 0,
    totalMessages: 0,
    tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    cost: 0,
  };
}

function count(totals: SessionTotals, message: SessionMessage): void {
  totals.totalMessages++;
  if (message.role === "user") totals.userMessages++;
  else if (message.role === "toolResult") totals.toolResults++;
  else if (message.role === "assistant") {
    totals.assistantMessages++;
    for (const block of message.content) if (block.type === "toolCall") totals.toolCalls++;
    totals.tokens.input += message.usage.input;
    totals.tokens.output += message.usage.output;
    totals.tokens.cacheRead += message.usage.cacheRead;
    totals.tokens.cacheWrite += message.usage.cacheWrite;
    totals.cost += message.usage.cost.total;
  }
}

function finished(totals: SessionTotals): SessionTotals {
  const t = totals.tokens;
  t.total = t.input + t.output + t.cacheRead + t.cacheWrite;
  return totals;
}

/**
 * True when the latest compaction on the branch is newer than every assistant answer after
 * it: there is no provider usage figure yet, so contextUsage.tokens must be null (pi).
 */
export function awaitingUsageAfterCompaction(branch: readonly SessionEntry[]): boolean {
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i];
    if (!entry) continue;
    if (entry.type === "compaction") return true;
    if (
      entry.type === "message" &&
      entry.message.role === "assistant" &&
      entry.message.stopReason !== "error" &&
      entry.message.stopReason !== "aborted"
    )
      return false;
  }
  return false;
}
