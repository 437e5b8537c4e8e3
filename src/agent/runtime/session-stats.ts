// get_session_stats (docs/protocol.md §3.9.10): message counts, token and cost totals of the whole
// session file (every entry, every branch, earlier processes included; without a session
// store, of the current context), and the current context estimate.

import { awaitingUsageAfterCompaction, messageTotals, sessionTotals } from "../session/stats.js";
import type { SessionEntry } from "../session/types.js";
import type { AgentMessage } from "./agent-messages.js";
import type { AgentRuntime } from "./agent-runtime.js";

/** The session store's entries (the SessionManager), when it is the runtime's store. */
export interface SessionEntrySource {
  getEntries(): readonly SessionEntry[];
  getBranch(): readonly SessionEntry[];
}

export interface ContextUsage {
  tokens: number | null;
  contextWindow: number;
  percent: number | null;
}

/** Rough token estimate (chars / 4), as pi does for messages after the last usage report. */
export function estimateTokens(message: AgentMessage): number {
  return Math.ceil(JSON.stringify(message).length / 4);
}

export function contextUsage(
  messages: readonly AgentMessage[],
  contextWindow: number | undefined,
): ContextUsage | undefined {
  if (!contextWindow) return undefined;
  let tokens: number | null = null;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "compactionSummary") break;
    if (
      message?.role === "assistant" &&
      message.stopReason !== "error" &&
      message.stopReason !== "aborted" &&
      message.usage.totalTokens > 0
    ) {
      tokens = message.usage.totalTokens + messages.slice(i + 1).reduce((sum, m) => sum + estimateTokens(m), 0);
      break;
    }
  }
  // Right after a compaction there is no provider figure yet: null until the next answer (docs/protocol.md §3.9.10).
  if (tokens === null && !messages.some((m) => m.role === "compactionSummary") && messages.length > 0) {
    tokens = messages.reduce((sum, m) => sum + estimateTokens(m), 0);
  }
  const percent = tokens === null ? null : Math.round((tokens / contextWindow) * 1000) / 10;
  return { tokens, contextWindow, percent };
}

export function computeSessionStats(runtime: AgentRuntime, session?: SessionEntrySource): Record<string, unknown> {
  // Without a session store (tests, embedding): the current context, as pi counts.
  const counts = session ? sessionTotals(session.getEntries()) : messageTotals(runtime.messages);
  const stats: Record<string, unknown> = {};
  if (runtime.store.sessionFile) stats["sessionFile"] = runtime.store.sessionFile;
  Object.assign(stats, { sessionId: runtime.store.sessionId, ...counts });
  const usage = contextUsage(runtime.messages, runtime.model?.contextWindow);
  // After a compaction the provider has not reported the new context size yet (trace fact 23).
  if (usage && session && awaitingUsageAfterCompaction(session.getBranch())) {
    usage.tokens = null;
    usage.percent = null;
  }
  if (usage) stats["contextUsage"] = usage;
  return stats;
}
