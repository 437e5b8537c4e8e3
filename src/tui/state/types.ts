// The TUI state model: committed transcript entries (printed once in <Static>), the live
// tail (streaming message, running tools), queue, todos, dialogs, footer data and editor.
import type {
  MessageBlock,
  PlanPhase,
  SlashCommandInfo,
  SupervisorState,
  ToolOutput,
  WorkerExitInfo,
} from "../../bridge/index.js";
import type { PickerState } from "./picker-state.js";
import type { ReviewState } from "./review.js";
import type { VimState } from "./vim/vim-types.js";

/** The completion list under the editor (completion/completion-menu.ts computes it). */
export type CompletionMenu = {
  kind: "slash" | "at";
  /** The token spans [start, end) of the editor text; end is the cursor. */
  start: number;
  end: number;
  query: string;
  list: PickerState;
  /** A line under the list (e.g. "local files" for a remote worker, "reading files…"). */
  note: string | undefined;
};

export type NoticeLevel = "info" | "warning" | "error";

export type ToolRun = {
  id: string;
  name: string;
  args: Record<string, unknown>;
  startedAt: number;
  endedAt: number | undefined;
  status: "running" | "done" | "error";
  output: ToolOutput | undefined;
  /** From a session's history: how long it ran is unknown, so no elapsed time is shown. */
  untimed?: true;
};

/**
 * One committed transcript block, kept whole (full text, full tool args and result) so the
 * transcript view can reopen it. `unprinted`: a block of a long resumed session that is in
 * the store but was not printed into scrollback (only the tail of such a session is).
 */
export type Entry = (
  | { kind: "user"; id: number; text: string; images: number }
  | { kind: "markdown"; id: number; text: string; continues: boolean }
  | { kind: "thinking"; id: number; text: string; continues: boolean }
  | { kind: "tool"; id: number; run: ToolRun }
  /** `detail`: shown in full only in the transcript view (e.g. a compaction summary). */
  | { kind: "notice"; id: number; level: NoticeLevel; text: string; detail?: string }
  | { kind: "bash"; id: number; command: string; output: string; exitCode: number | undefined; cancelled: boolean }
  | { kind: "custom"; id: number; label: string; text: string }
  /** A compaction or branch summary from a session's history (the summary text kept whole). */
  | { kind: "summary"; id: number; what: "compaction" | "branch"; text: string; tokensBefore: number | undefined }
) & { unprinted?: true };

/** The assistant message being streamed; `commit` marks what is already in <Static>. */
export type LiveMessage = {
  blocks: MessageBlock[];
  /** Blocks before `commitBlock` are fully committed; block `commitBlock` up to `commitOffset`. */
  commitBlock: number;
  commitOffset: number;
  lastStarted: number;
  /**
   * The uncommitted text of block `commitBlock` (text or thinking), kept apart so that a delta
   * costs its own length: slicing the whole block at every delta copies all of it (V8 flattens
   * the appended string), which grew with the square of the answer's length. Absent when not
   * known; readers then slice the block at `commitOffset` (liveBlockText in transcript.ts).
   */
  tail?: string;
};

export type TranscriptState = {
  committed: Entry[];
  nextId: number;
  live: LiveMessage | undefined;
  tools: Record<string, ToolRun>;
  toolOrder: string[];
  /** A user `!cmd` running through the `bash` command. */
  bash: { command: string; output: string; startedAt: number } | undefined;
  /** The error of the last answer, held back while a retry may follow (state/failures.ts). */
  failure: string | undefined;
  /**
   * The session whose history is printed (its file, else `id:` and its id): open-session.ts prints
   * another one only.
   */
  shownSession?: string;
  /**
   * Id of the first printed entry of a resumed session whose earlier messages are still being
   * built (open-session.ts): they are inserted before it, unprinted, when ready.
   */
  olderBefore?: number;
  /**
   * Id of the last entry printed into scrollback, as the transcript reported it while a resumed
   * session's earlier messages wait: they are read and built once the tail is on screen.
   */
  printedThrough?: number;
};

export type RunState = {
  busy: boolean;
  startedAt: number | undefined;
  /** The worker's automatic retry, from auto_retry_start to its verdict; `until`: end of the wait. */
  retry: { attempt: number; maxAttempts: number; until: number; error: string } | undefined;
  compaction: { reason: string; startedAt: number } | undefined;
  /** compaction_start events seen (/compact leaves the outcome to them when one came). */
  compactionsStarted: number;
  lastCompactionReason: string | undefined;
};

export type DialogRequest =
  | {
      method: "select";
      id: string;
      title: string;
      options: string[];
      /** The change asked about, in the edit tool's diff format (the permission gate's edits). */
      diff?: string | undefined;
      timeoutMs: number | undefined;
      receivedAt: number;
    }
  | { method: "confirm"; id: string; title: string; message: string; timeoutMs: number | undefined; receivedAt: number }
  | {
      method: "input";
      id: string;
      title: string;
      placeholder: string;
      timeoutMs: number | undefined;
      receivedAt: number;
    }
  | { method: "editor"; id: string; title: string; prefill: string; timeoutMs: number | undefined; receivedAt: number };

/** `count`: how many times this same hint was given while it was shown. */
export type Toast = { id: number; level: NoticeLevel; text: string; until: number; count: number };

/** `reconnecting`: the link to a live worker dropped; it keeps running, the TUI keeps its state. */
/** What agent-tui leaves in the terminal when it exits. */
export type ExitFrame = "last_frame" | "no_frame";

/** `taken_over`: another terminal attached to this live session; the worker runs on there. */
export type WorkerStatus = "starting" | "ready" | "restarting" | "reconnecting" | "crashed" | "stopped" | "taken_over";

export type FooterState = {
  cwd: string;
  /** Set for a remote worker: `cwd` is on that machine ("" when the worker does not say). */
  host: string | undefined;
  branch: string | undefined;
  sessionName: string | undefined;
  model: string | undefined;
  provider: string | undefined;
  contextWindow: number | undefined;
  reasoning: boolean;
  /** The model takes images (docs/protocol.md §5.8); undefined when the worker does not say. */
  imageInput: boolean | undefined;
  thinkingLevel: string | undefined;
  tokensIn: number;
  tokensOut: number;
  cost: number;
  lastContextTokens: number | undefined;
  statuses: Record<string, string>;
  worker: WorkerStatus;
  workerDetail: string | undefined;
};

/** Ctrl+R: the query, the history entry it found (undefined: none), and the draft it replaced. */
export type HistorySearch = { query: string; index: number | undefined; draft: string; draftCursor: number };

/** One image attached to the prompt (its chip: state/image-chips.ts). */
export type ImageAttachment = {
  /** The file name, or what the clipboard tool was; shown in the chip. */
  name: string;
  mimeType: string;
  data: string;
  width: number;
  height: number;
  /** The image's size in bytes (before base64). */
  bytes: number;
};

export type EditorState = {
  text: string;
  cursor: number;
  /** Sent prompts, oldest first (this project's history from earlier runs, then this run's). */
  history: string[];
  historyIndex: number | undefined;
  draft: string;
  /** Text before the last cut (Ctrl+K, Ctrl+U) or set_editor_text, kept for one undo. */
  undo: string | undefined;
  pasting: boolean;
  /** What a bracketed paste has brought so far (the editor shows it when the paste ends). */
  pasteBuffer: string;
  /** Big pastes shown as markers, by number (state/paste.ts); expanded when sent. */
  pastes: Record<number, string>;
  pasteCount: number;
  /** Images attached to the prompt, by the number their chip shows (state/image-chips.ts). */
  images: Readonly<Record<number, ImageAttachment>>;
  imageCount: number;
  /** This run's sent prompts that had images, by their text: given back on recall (state/history-images.ts). */
  historyImages: Readonly<Record<string, Readonly<Record<number, ImageAttachment>>>>;
  /** The images of the draft a history recall or search replaced, for when it comes back. */
  draftImages: Readonly<Record<number, ImageAttachment>>;
  search: HistorySearch | undefined;
};

/**
 * The palette the screen is painted in (render/palette.ts builds it): its name and the colour
 * level the terminal shows (chalk's: 0 none, 1 16 colours, 2 256, 3 truecolor). Data, so the
 * choice is state like any other; each render builds its paint from it.
 */
export type PaletteChoice = { name: "dark" | "light" | "mono"; level: 0 | 1 | 2 | 3 };

/**
 * Where file paths on screen link to (OSC 8, Ctrl+click opens them): the worker's directory on
 * this machine and its host name. Absent for a worker elsewhere (ssh, relay) or with `links` off.
 */
export type LinkTarget = { cwd: string; host: string };

export type UiState = {
  columns: number;
  rows: number;
  palette: PaletteChoice;
  links: LinkTarget | undefined;
  showThinking: boolean;
  toolsExpanded: boolean;
  title: string | undefined;
  exitArmedAt: number | undefined;
  /**
   * agent-tui is leaving: the last frame stays in the terminal without its passing rows (the
   * working status, toasts, the Ctrl+C hint, the completion list), or, when the worker did not
   * start (one line on stderr says why), no frame at all.
   */
  exitRequested: false | ExitFrame;
  overlay: string | undefined;
  /** Fleet sessions waiting on a question (tui/fleet/fleet-signals.ts): the window title counts them. */
  fleetWaiting: number;
  /**
   * The full-screen transcript view, when open. `staticCount`: entries already printed when it
   * opened; <Static> prints no more until it closes (they would land on the alternate screen).
   */
  transcriptView: { staticCount: number } | undefined;
};

/**
 * What the TUI knows about the worker beyond the footer, from the bridge's notices (never read
 * from the connection on the spot): its commands, the supervisor's state, the live session.
 */
export type WorkerInfo = {
  /** Command type → supported (capabilities); a missing key is not probed yet and taken as supported. */
  commands: Partial<Record<string, boolean>>;
  /** The supervisor's last reported state; undefined until the connection starts a worker. */
  supervisor: SupervisorState | undefined;
  /** How the last worker process ended. */
  lastExit: WorkerExitInfo | undefined;
  /**
   * The live worker followed (`ended`: why it let this terminal go), from the attach answers;
   * `watching`: another terminal controls it, this one only watches (docs/protocol-notes.md).
   */
  live: { id: string; ended: string | undefined; watching?: boolean } | undefined;
  /** The worker's own slash commands (get_commands, oh-my-pi's announced list), for completion and /help. */
  slashCommands: readonly SlashCommandInfo[];
};

export type Widget = { lines: string[]; placement: "aboveEditor" | "belowEditor" };

export type TuiState = {
  transcript: TranscriptState;
  run: RunState;
  queue: { steering: string[]; followUp: string[] };
  worker: WorkerInfo;
  todos: PlanPhase[];
  dialogs: DialogRequest[];
  toasts: Toast[];
  widgets: Record<string, Widget>;
  footer: FooterState;
  editor: EditorState;
  /** The `/` or `@` list under the editor, derived from the editor text (completion driver). */
  completion: CompletionMenu | undefined;
  /** The open picker (/model, /resume, /tree, /settings…): its list, query and selection. */
  picker: PickerState | undefined;
  /** The full-screen review of a turn's changes (/diff), when open. */
  review?: ReviewState | undefined;
  /** The prompt editor's vim mode when it is on (/vim, setting `vim`; docs/keybindings.md). */
  vim?: VimState | undefined;
  ui: UiState;
};
