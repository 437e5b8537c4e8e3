// What the slash commands need beyond the core SlashContext: the picker host, the
// clipboard, where sessions live, a manual restart, and the session-change follow-up.
import { toSessionSnapshot, type RpcClient, type RpcSessionState } from "../../bridge/index.js";
import type { CopyResult } from "../terminal/clipboard.js";
import type { LiveResume } from "../live/live-resume.js";
import type { PickerHost } from "../pickers/picker-host.js";
import type { Store } from "../state/store.js";
import type { TuiState } from "../state/types.js";
import type { SlashContext } from "./slash-registry.js";
import type { SessionPrinter } from "../session/open-session.js";

export type SlashDeps = {
  pickers: PickerHost;
  copy: (text: string) => Promise<CopyResult>;
  /** Session directory to use when the worker reports no session file (e.g. --session-dir). */
  fallbackSessionDir: () => string | undefined;
  /** Manual restart after the restart budget is spent (WorkerConnection.restart). */
  restart?: () => Promise<void>;
  /** Whether sessions live on this machine (false for `ssh host agent-rpc`: files are remote). */
  localSessions: boolean;
  /** Prints an opened session's history and takes its totals. */
  sessions: SessionPrinter;
  /** Whether the worker lists its own command `name` (omp): an unsupported built-in defers to it. */
  workerCommand?: (name: string) => boolean;
  /** Live sessions for the resume picker (agent-rpc workers only). */
  live?: LiveResume;
  /**
   * A session was opened (-c, /resume, a clone…) and is idle as `state` says: what its end asks
   * for (a prompt its worker died with is offered to /resend, recovery.ts).
   */
  sessionOpened?: (state: RpcSessionState) => Promise<void>;
  now?: () => number;
};

/** An extension vetoed a session change (session_before_* hooks): say so. */
export const vetoed = (ctx: Pick<SlashContext, "notice">, what: string): void =>
  ctx.notice(`${what} was cancelled by an extension`, "warning");

/** Worker commands each slash command needs; when one is unsupported the command is not offered. */
export const REQUIRES: Record<string, readonly string[]> = {
  model: ["get_available_models", "set_model"],
  thinking: ["set_thinking_level"],
  new: ["new_session"],
  resume: ["switch_session"],
  fork: ["get_fork_messages", "fork"],
  clone: ["clone"],
  tree: ["get_tree", "fork"],
  name: ["set_session_name"],
  compact: ["compact"],
  export: ["export_html"],
  stats: ["get_session_stats"],
  copy: ["get_last_assistant_text"],
};

/** Is `name` usable on this worker, as the store knows its commands? (Aliases fork/branch count as one.) */
export function slashSupported(name: string, state: Pick<TuiState, "worker">): boolean {
  const needs = REQUIRES[name] ?? [];
  const cmds = state.worker.commands;
  return needs.every((c) => {
    if (c === "fork") return cmds["fork"] !== false || cmds["branch"] !== false;
    if (c === "get_fork_messages") return cmds["get_fork_messages"] !== false || cmds["get_branch_messages"] !== false;
    return cmds[c] !== false;
  });
}

/**
 * After the worker replaced its session: reset what belonged to the old one (queue mirror,
 * todos), re-read state, and print the new session's history below a divider.
 */
export async function afterSessionChange(
  deps: Pick<SlashDeps, "sessions" | "sessionOpened">,
  store: Store,
  rpc: RpcClient,
  title: string,
  now: number,
): Promise<void> {
  store.dispatch({ type: "agent_event", event: { type: "queue_update", steering: [], followUp: [] }, now });
  store.dispatch({ type: "todos", phases: [] });
  const state = await rpc.getState();
  store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(state) });
  await deps.sessions.show({ title });
  await deps.sessionOpened?.(state);
}
