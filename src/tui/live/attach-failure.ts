// What `agent-tui attach ID` says when no live session matches: agent-tui's own one line, naming
// agent-tui's commands. `agent-rpc attach` exits with NO_LIVE_SESSION_EXIT then (its message names
// agent-rpc, which the person never typed), and that is no worker failing to start.
import { exitOf } from "../../bridge/index.js";
import { sanitizeLine } from "../render/sanitize.js";

/** `agent-rpc attach`'s exit code when no live session matches (EXIT_NO_SESSION in src/agent/live/relay.ts). */
export const NO_LIVE_SESSION_EXIT = 4;
/**
 * `agent-rpc attach --or-run`'s when the live session is in use (EXIT_SESSION_BUSY there); its
 * line says how to reach it.
 */
export const LIVE_SESSION_BUSY_EXIT = 6;

/** The line (no "agent-tui: " prefix) for an attach that found no live session, else undefined. */
export function attachFailureLine(attachId: string | undefined, cwd: string, error: unknown): string | undefined {
  if (attachId === undefined || exitOf(error)?.code !== NO_LIVE_SESSION_EXIT) return undefined;
  const what = attachId === "" ? `runs in ${cwd}` : `matches ${attachId}`;
  return sanitizeLine(`no live session ${what} (agent-tui sessions lists them)`);
}
