// The worker's lifecycle: its status from the supervisor (and what entering a status does to the
// transcript and the run), the bridge's run state, its capabilities and the live link's end.
import type { TuiAction } from "./actions.js";
import { commitLimits } from "./commit-limits.js";
import { flushFailure } from "./failures.js";
import { appendNotice, interruptTranscript } from "./transcript.js";
import type { TuiState } from "./types.js";
import { UNSAVED_ANSWER, workerDiedText } from "./worker-death.js";

export type WorkerAction = Extract<
  TuiAction,
  { type: "worker_status" | "run_state" | "worker_info" | "live_ended" | "live_watching" }
>;
type WorkerStatusAction = Extract<TuiAction, { type: "worker_status" }>;

/** A worker that ended has no queue: what it held is said, with its text, by the bridge (queue_lost). */
const NO_QUEUE: TuiState["queue"] = { steering: [], followUp: [] };

/** A crash: dialogs of a dead worker can never be answered; running tools are cut off. */
function workerCrashed(s: TuiState, a: WorkerStatusAction, footer: TuiState["footer"]): TuiState {
  const t = flushFailure(s).transcript;
  const cut = s.run.busy || t.live !== undefined || t.toolOrder.length > 0;
  const died = workerDiedText(a.detail, cut);
  // The partial answer, its not-saved mark, then the death; or the death alone.
  const marked = cut ? interruptTranscript(t, a.now, commitLimits(s), died, UNSAVED_ANSWER) : undefined;
  const transcript = marked ?? appendNotice(t, "error", died);
  return {
    ...s,
    footer,
    transcript,
    dialogs: [],
    queue: NO_QUEUE,
    run: { ...s.run, busy: false, startedAt: undefined, retry: undefined },
  };
}

/** The worker's state in the footer, and what entering a new state does to the transcript. */
function reduceWorkerStatus(s: TuiState, a: WorkerStatusAction): TuiState {
  // A session taken over by another terminal ends our link (the supervisor says `stopped`) while
  // its worker runs on there: the footer keeps saying where it went.
  if (s.footer.worker === "taken_over" && a.status === "stopped") return s;
  const footer = { ...s.footer, worker: a.status, workerDetail: a.detail };
  // One notice per crash: the supervisor reports `exited` and then, when it gives up,
  // `failed` for the same exit (both map to "crashed"); recovery adds what to do next.
  const entering = s.footer.worker !== a.status;
  if (!entering) return { ...s, footer };
  if (a.status === "restarting") {
    const run = { ...s.run, busy: false, startedAt: undefined, retry: undefined };
    const t = flushFailure(s).transcript;
    // After a death the footer says it: the death was said once, and the restart's end says
    // what came back (recovery.ts).
    if (s.footer.worker === "crashed") return { ...s, footer, dialogs: [], queue: NO_QUEUE, run, transcript: t };
    const transcript = appendNotice(t, "info", "Restarting the worker…");
    return { ...s, footer, dialogs: [], queue: NO_QUEUE, run, transcript };
  }
  if (a.status === "reconnecting") {
    // The run goes on in the worker: keep the message being streamed and the running tools;
    // its dialogs come back with the reconnect.
    // Whether it still runs is not known until the reconnect finds it (live-notices.ts says which).
    const text = "Lost the link to the worker. Reconnecting…";
    return { ...s, footer, dialogs: [], transcript: appendNotice(s.transcript, "warning", text) };
  }
  if (a.status === "crashed") return workerCrashed(s, a, footer);
  return { ...s, footer };
}

export function reduceWorkerAction(s: TuiState, a: WorkerAction): TuiState {
  switch (a.type) {
    case "worker_status":
      return reduceWorkerStatus(s, a);
    case "run_state":
      if (a.busy) return { ...s, run: { ...s.run, busy: true, startedAt: s.run.startedAt ?? a.now } };
      // Settled (pi 0.73 has no agent_settled): a failure nobody retried is printed now.
      return flushFailure({ ...s, run: { ...s.run, busy: false, startedAt: undefined, retry: undefined } });
    case "worker_info":
      return { ...s, worker: { ...s.worker, ...a.info } };
    case "live_ended":
      return s.worker.live ? { ...s, worker: { ...s.worker, live: { ...s.worker.live, ended: a.reason } } } : s;
    case "live_watching":
      return s.worker.live ? { ...s, worker: { ...s.worker, live: { ...s.worker.live, watching: a.watching } } } : s;
    default: {
      const never: never = a;
      return never;
    }
  }
}
