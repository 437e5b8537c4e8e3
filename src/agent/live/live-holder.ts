// Which live session holds a session file another worker was refused (one writer per session),
// in the words that reach it: the lock alone knows a pid, the live registry knows the session.
import { agentHome } from "../config.js";
import type { SessionInUseError } from "../session/session-errors.js";
import { liveDir } from "./live-paths.js";
import { listLiveEntries, type LiveEntry } from "./live-registry.js";

/** The refusal of a session a live worker holds, naming it; undefined when no live worker does. */
export function liveHolderMessage(error: SessionInUseError, home = agentHome()): string | undefined {
  const file = error.sessionFile;
  if (file === undefined) return undefined;
  let holder: LiveEntry | undefined;
  try {
    holder = listLiveEntries(liveDir(home)).find((e) => e.sessionFile === file);
  } catch (listing) {
    // The registry could not be read (another user's, or none): the lock's own words stand.
    void listing;
    return undefined;
  }
  if (holder === undefined) return undefined;
  const running = `worker ${shortId(holder)} (pid ${holder.pid}) is running it`;
  return `Session ${file} is live: ${running}, one writer per session. ${reachHint(holder)}`;
}

const shortId = (entry: LiveEntry): string => entry.id.slice(0, 13);

/** The commands that reach and end a live session, as agent-tui's user types them. */
export function reachHint(entry: LiveEntry): string {
  const id = shortId(entry);
  return `agent-tui attach ${id} reaches it; agent-tui sessions stop ${id} ends it.`;
}

/**
 * Why a one-shot client (print, plain mode) leaves this live session alone, or undefined when it
 * may attach: a run or dialog going, or a terminal attached, is someone else's to follow.
 */
export function busyLiveSession(entry: LiveEntry): string | undefined {
  const doing = entry.attached
    ? "attached in another terminal"
    : entry.state === "working"
      ? "working"
      : entry.state === "waiting"
        ? "waiting for a dialog"
        : undefined;
  return doing === undefined ? undefined : `the session ${shortId(entry)} is live and ${doing}. ${reachHint(entry)}`;
}
