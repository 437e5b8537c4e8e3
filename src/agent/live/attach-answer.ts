// The answer to `live_attach` (docs/protocol-notes.md, "Live sessions"): the events a client
// missed since its cursor while the replay log still keeps them, else a snapshot of the session
// (state, the last messages, totals, the frames that bring it to the present).
import { messagePage } from "../commands/message-page.js";
import type { AttachTracker } from "./attach-state.js";
import type { ReplayLog } from "./replay-log.js";

export type LiveSnapshot = { state: unknown; messages: unknown[]; stats?: unknown; worker?: unknown };

/** The answer's data and the missed event lines to send right after it (none for a snapshot). */
export function attachAnswer(
  frame: Record<string, unknown>,
  log: ReplayLog,
  tracker: AttachTracker,
  snapshot: () => LiveSnapshot,
): { data: Record<string, unknown>; missed: string[] } {
  const after = frame["after"];
  const missed = typeof after === "number" ? log.since(after) : undefined;
  if (typeof after === "number" && missed) {
    return { data: { resumed: true, seq: after, frames: tracker.dialogsUpTo(after) }, missed };
  }
  const { state, messages: all, stats, worker } = snapshot();
  // `tail`: only the last messages (the client prints those and pages the rest with get_messages).
  const tail = frame["tail"];
  const page = messagePage(all, typeof tail === "number" && tail >= 1 ? -Math.trunc(tail) : undefined);
  const data = {
    resumed: false,
    seq: log.last,
    state,
    messages: page.messages,
    messagesOffset: page.offset,
    messagesListId: page.listId,
    // The footer's totals as of `seq`: the events after the answer add to them.
    ...(stats !== undefined ? { stats } : {}),
    frames: tracker.frames(),
    ...(worker !== undefined ? { worker } : {}),
  };
  return { data, missed: [] };
}
