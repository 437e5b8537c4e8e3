// What the user sees of a live worker's link: the conversation when attaching (printed once;
// the message being streamed continues live from the attach answer's frames), a reconnect in
// progress, a worker that resumed, and a worker that let this terminal go.
import type { BridgeNotice, LiveAttachMode, LiveWorkerSummary } from "../../bridge/index.js";
import type { TuiAction } from "../state/actions.js";
import { sessionActions, statsTotals } from "../session/open-session.js";
import { messageWindow, type TailPlace } from "../session/session-pages.js";
import { age } from "./live-sessions.js";
import { actionKey } from "../input/keymap.js";

type LiveNotice = Extract<BridgeNotice, { kind: "live_attached" | "live_link" | "live_detached" }>;

/** Where an attach answer's messages start in the worker's list, when it sent only a tail. */
export function tailPlace(n: Extract<BridgeNotice, { kind: "live_attached" }>): TailPlace | undefined {
  return n.messagesOffset === undefined ? undefined : { offset: n.messagesOffset, listId: n.messagesListId };
}

/** `Attached to live session “fix the tests” (idle 7m) · /resume for others`. */
export function attachedLine(id: string, worker: LiveWorkerSummary): string {
  const state =
    worker.state === "working"
      ? "working"
      : worker.state === "waiting"
        ? "waiting for a dialog"
        : `idle ${age(worker.stateMs)}`;
  const what = worker.title !== undefined ? `“${worker.title}”` : id.slice(0, 13);
  return `Attached to live session ${what} (${state}) · /resume for others`;
}

/** The worker's totals as of the attach answer, before the events after it add to them. */
function answerTotals(n: Extract<BridgeNotice, { kind: "live_attached" }>): TuiAction[] {
  return n.stats !== undefined ? [{ type: "session_totals", totals: statsTotals(n.stats) }] : [];
}

/**
 * What a link that came back says, by what the attach verified: only the same worker (same id
 * and pid) that replayed everything missed may say nothing was lost. A worker that was replaced
 * is another event: its death was said when it was found (reducer.ts, with the lost answer) and
 * the restart's line says what was reopened (recovery.ts), so nothing is added here.
 */
function restoredActions(mode: LiveAttachMode | undefined): TuiAction[] {
  switch (mode) {
    case "resumed":
      return [{ type: "notice", level: "info", text: "Reconnected: the worker kept running and nothing was lost." }];
    case "replaced":
      return [];
    // The attach answer's notice said what could not be replayed.
    case "snapshot":
      return [];
    case "first":
    case undefined:
      return [{ type: "notice", level: "info", text: "Reconnected." }];
    default: {
      const never: never = mode;
      return never;
    }
  }
}

/** The footer's word for a session another terminal took over (the notice says the same). */
function takenOverStatus(now: number): TuiAction {
  return { type: "worker_status", status: "taken_over", detail: undefined, now };
}

/**
 * Who controls the live worker, said when it is news: attaching to a session another terminal
 * controls, that terminal taking control from this one, this one taking it. The worker's word
 * (live_control) is what the footer and the editor follow, never the key press itself.
 */
export function liveControlActions(n: Extract<BridgeNotice, { kind: "live_control" }>): TuiAction[] {
  const watching = n.role === "watcher";
  const key = actionKey("take_control");
  const text = watching
    ? n.attached
      ? `Watching: another terminal controls this session. ${key} takes control.`
      : `Another terminal took control of this session; this one watches now. ${key} takes it back.`
    : n.attached
      ? undefined
      : "This terminal controls the session now.";
  return [
    { type: "live_watching", watching },
    ...(text !== undefined
      ? [{ type: "notice" as const, level: watching ? ("warning" as const) : ("info" as const), text }]
      : []),
  ];
}

export function liveNoticeActions(n: LiveNotice, now: number): TuiAction[] {
  switch (n.kind) {
    case "live_attached": {
      const mode = n.mode;
      switch (mode) {
        case "first":
          // The session as opening it prints it; the run in progress continues from the answer's frames.
          // A worker that was running before us is said so: -c may have chosen it over a finished session.
          return [
            ...sessionActions(messageWindow(n.messages, tailPlace(n))),
            ...answerTotals(n),
            ...(n.worker?.attachedBefore
              ? [{ type: "notice" as const, level: "info" as const, text: attachedLine(n.id, n.worker) }]
              : []),
          ];
        case "snapshot":
          return [
            {
              type: "interrupted",
              reason:
                "Reconnected, but what was streamed meanwhile could not be replayed; the conversation so far follows.",
              now,
            },
            ...sessionActions(messageWindow(n.messages, tailPlace(n))),
            ...answerTotals(n),
          ];
        case "resumed":
        case "replaced":
          return [];
        default: {
          const never: never = mode;
          return never;
        }
      }
    }
    case "live_link":
      if (n.state === "waiting") {
        const s = Math.round((n.delayMs ?? 0) / 1000);
        // Whether the worker still runs is not known until the attempt finds it: claim nothing.
        const text = `Reconnecting in ${s} s (attempt ${n.attempt ?? 1}); /quit gives up`;
        return [{ type: "toast", level: "warning", text, now }];
      }
      if (n.state === "restored") return restoredActions(n.mode);
      return [];
    case "live_detached":
      return [
        n.reason === "taken_over"
          ? {
              type: "notice",
              level: "warning",
              text: "Another terminal attached to this session and took it over; it keeps running there. /quit leaves.",
            }
          : { type: "notice", level: "info", text: "The worker ended (stopped, or idle and detached)." },
        // The footer agrees with the notice: the link's end that follows is no stopped worker.
        ...(n.reason === "taken_over" ? [takenOverStatus(now)] : []),
      ];
    default: {
      const never: never = n;
      return never;
    }
  }
}
