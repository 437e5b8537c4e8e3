// Every input to the TUI reducer: worker events and UI requests (already decoded), worker
// status from the bridge, local UI actions (editor, toggles, resize, clock ticks).
import type { PickerState } from "./picker-state.js";
import type { EditorOp } from "./editor.js";
import type { ClientEvent, PlanPhase, SessionSnapshot } from "../../bridge/index.js";
import type { SessionTotals } from "./history.js";
import type { EntryInput } from "./transcript.js";
import type {
  CompletionMenu,
  ExitFrame,
  LinkTarget,
  NoticeLevel,
  PaletteChoice,
  WorkerInfo,
  WorkerStatus,
} from "./types.js";
import type { UiRequest } from "./ui-requests.js";
import type { ReviewFileInput, ReviewOp } from "./review.js";
import type { VimOp } from "./vim/vim-types.js";

export type TuiAction =
  | { type: "agent_event"; event: ClientEvent; now: number }
  | { type: "ui_request"; request: UiRequest; now: number }
  | { type: "dialog_closed"; id: string }
  | { type: "worker_status"; status: WorkerStatus; detail: string | undefined; now: number }
  | { type: "run_state"; busy: boolean; now: number }
  | { type: "snapshot"; snapshot: SessionSnapshot }
  | { type: "notice"; level: NoticeLevel; text: string }
  | { type: "toast"; level: NoticeLevel; text: string; now: number; ttlMs?: number }
  | { type: "tick"; now: number }
  | { type: "resize"; columns: number; rows: number }
  | { type: "palette"; palette: PaletteChoice }
  | { type: "links"; target: LinkTarget | undefined }
  | { type: "editor"; op: EditorOp }
  /** The prompt editor's vim mode: turned on or off, a key for its engine, NORMAL before sending. */
  | { type: "vim"; op: VimOp }
  /**
   * `announce`: the user pressed the key, so a notice line says which way it went (the start-up
   * setting and /settings say it otherwise).
   */
  | { type: "toggle_thinking"; announce?: boolean }
  | { type: "toggle_tools" }
  | { type: "exit_armed"; at: number | undefined }
  | { type: "exit_requested"; frame: ExitFrame }
  | { type: "bash_started"; command: string; now: number }
  | { type: "bash_finished"; output: string | undefined; exitCode: number | undefined; cancelled: boolean }
  | { type: "overlay"; name: string | undefined }
  | { type: "fleet_waiting"; count: number }
  | { type: "transcript_view"; open: boolean }
  /** `host`: the machine of a remote worker (its cwd is not ours; undefined = this machine). */
  | { type: "workspace"; cwd: string; branch: string | undefined; host?: string }
  | { type: "todos"; phases: PlanPhase[] }
  | { type: "interrupted"; reason: string; now: number }
  /** A session's history (built by state/history.ts) appended to the transcript in one step. */
  /** A session's printed messages; `olderFollow`: its earlier messages follow as history_older. */
  | { type: "history"; entries: EntryInput[]; olderFollow?: boolean }
  /** Entries of a session's earlier messages, inserted (unprinted) before entry id `before`. */
  | { type: "history_older"; entries: EntryInput[]; before: number }
  /** The transcript printed every entry up to and including id `through` into scrollback. */
  | { type: "printed"; through: number }
  /** The history of this session (open-session.ts's key) is the one printed. */
  | { type: "session_shown"; session: string }
  /** The opened session's token and cost totals replace the footer's. */
  | { type: "session_totals"; totals: SessionTotals }
  | { type: "worker_info"; info: Partial<WorkerInfo> }
  /** The live worker let this terminal go (taken over, or it ended). */
  | { type: "live_ended"; reason: string }
  /** This terminal controls the live worker (false) or only watches it (true). */
  | { type: "live_watching"; watching: boolean }
  | { type: "completion"; menu: CompletionMenu | undefined }
  | { type: "completion_move"; direction: "up" | "down" }
  | { type: "picker"; state: PickerState | undefined }
  /** The review of a diff between checkpoints (/diff) opens on these files, or closes. */
  | { type: "review_open"; title: string; from: string; files: readonly ReviewFileInput[]; leftOut: string[] }
  | { type: "review_close" }
  | { type: "review"; op: ReviewOp };
