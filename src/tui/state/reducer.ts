// Root reducer: (state, action) -> state. Pure and total; dispatches each action to the named
// reducer of its domain (agent events, UI requests, worker, session, transcript, local UI), and
// every switch ends in an exhaustiveness check.
import type { TuiAction } from "./actions.js";
import { reduceAgentEvent } from "./agent-event-reducer.js";
import { reduceSessionAction } from "./session-reducer.js";
import { reduceTranscriptAction } from "./transcript-actions.js";
import type { TuiState } from "./types.js";
import { reduceUiAction } from "./ui-reducer.js";
import { reduceUiRequest } from "./ui-request-reducer.js";
import { reduceReviewAction } from "./review-actions.js";
import { reduceWorkerAction } from "./worker-reducer.js";
import { reduceVimAction } from "./vim/vim-actions.js";

export { createInitialState } from "./initial-state.js";
export { commitLimits } from "./commit-limits.js";
export { EXIT_WINDOW_MS } from "./toasts.js";

/** The TUI reducer. */
export function reduce(s: TuiState, a: TuiAction): TuiState {
  switch (a.type) {
    case "agent_event":
      return reduceAgentEvent(s, a.event, a.now);
    case "ui_request":
      return reduceUiRequest(s, a.request, a.now);
    case "worker_status":
    case "run_state":
    case "worker_info":
    case "live_ended":
    case "live_watching":
      return reduceWorkerAction(s, a);
    case "snapshot":
    case "workspace":
    case "todos":
    case "session_totals":
      return reduceSessionAction(s, a);
    case "notice":
    case "interrupted":
    case "bash_started":
    case "bash_finished":
    case "history":
    case "history_older":
    case "printed":
    case "session_shown":
      return reduceTranscriptAction(s, a);
    case "dialog_closed":
    case "toast":
    case "tick":
    case "resize":
    case "palette":
    case "links":
    case "editor":
    case "toggle_thinking":
    case "toggle_tools":
    case "exit_armed":
    case "exit_requested":
    case "overlay":
    case "fleet_waiting":
    case "transcript_view":
    case "completion":
    case "completion_move":
    case "picker":
      return reduceUiAction(s, a);
    case "review_open":
    case "review_close":
    case "review":
      return reduceReviewAction(s, a);
    case "vim":
      return reduceVimAction(s, a.op);
    default: {
      const never: never = a;
      return never;
    }
  }
}
