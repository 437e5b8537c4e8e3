// Read-only state commands: get_state, get_messages, get_last_assistant_text,
// get_session_stats (tokens, cost, contextUsage) and an empty get_commands that the
// extensions' table overrides.

import { publicModel } from "../providers/model-registry.js";
import type { AgentRuntime } from "../runtime/agent-runtime.js";
import { textOf } from "../runtime/agent-messages.js";
import { computeSessionStats } from "../runtime/session-stats.js";
import { messagePage } from "./message-page.js";
import type { AgentServices, CommandTable } from "./command-table.js";

export function buildState(runtime: AgentRuntime): Record<string, unknown> {
  const store = runtime.store;
  const pending = runtime.queues.pendingCount;
  const state: Record<string, unknown> = {};
  if (runtime.model) state["model"] = publicModel(runtime.model);
  Object.assign(state, {
    thinkingLevel: runtime.thinkingLevel,
    isStreaming: runtime.isStreaming,
    isCompacting: runtime.isCompacting,
    steeringMode: runtime.queues.steeringMode,
    followUpMode: runtime.queues.followUpMode,
    interruptMode: runtime.interruptMode,
  });
  if (store.sessionFile) state["sessionFile"] = store.sessionFile;
  state["sessionId"] = store.sessionId;
  const name = store.getName?.();
  if (name) state["sessionName"] = name;
  Object.assign(state, {
    autoCompactionEnabled: runtime.autoCompaction,
    messageCount: runtime.messages.length,
    pendingMessageCount: pending,
    queuedMessageCount: pending,
    todoPhases: [],
    ...runtime.hooks.stateFields(),
  });
  return state;
}

/** get_session_stats data: whole-session totals when the session store is the runtime's (always, in the worker). */
export function sessionStats(runtime: AgentRuntime, services: Pick<AgentServices, "session">): Record<string, unknown> {
  return computeSessionStats(runtime, (runtime.store as unknown) === services.session ? services.session : undefined);
}

export function lastAssistantText(runtime: AgentRuntime): string | null {
  for (let i = runtime.messages.length - 1; i >= 0; i--) {
    const message = runtime.messages[i];
    if (message?.role === "assistant") return textOf(message.content);
  }
  return null;
}

export const stateCommands: CommandTable = {
  async get_state(_cmd, { runtime, services }) {
    // The directory matters to a client whose worker runs on another machine (footer, @ paths).
    return { ...buildState(runtime), cwd: services.cwd };
  },
  async get_messages(cmd, { runtime }) {
    // Paging fields are ours (a page and its place); without them, every message as pi sends it.
    if (cmd.offset === undefined && cmd.limit === undefined) return { messages: runtime.messages };
    return messagePage(runtime.messages, cmd.offset, cmd.limit);
  },
  async get_last_assistant_text(_cmd, { runtime }) {
    return { text: lastAssistantText(runtime) };
  },
  async get_session_stats(_cmd, { runtime, services }) {
    return sessionStats(runtime, services);
  },
  async get_commands() {
    return { commands: [] };
  },
};
