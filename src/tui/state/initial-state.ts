// The TUI's state before any event: an empty transcript, an idle run, a worker still starting.
import { initialEditor } from "./editor.js";
import { initialTranscript } from "./transcript.js";
import type { PaletteChoice, TuiState } from "./types.js";

/** The terminal's own 16 colours on a dark background, until the front end says otherwise. */
export const DEFAULT_PALETTE: PaletteChoice = { name: "dark", level: 1 };

export function createInitialState(columns = 80, rows = 24, palette = DEFAULT_PALETTE): TuiState {
  return {
    transcript: initialTranscript,
    run: {
      busy: false,
      startedAt: undefined,
      retry: undefined,
      compaction: undefined,
      compactionsStarted: 0,
      lastCompactionReason: undefined,
    },
    queue: { steering: [], followUp: [] },
    // Until the capabilities say otherwise every command is taken as supported.
    worker: { commands: {}, supervisor: undefined, lastExit: undefined, live: undefined, slashCommands: [] },
    todos: [],
    dialogs: [],
    toasts: [],
    widgets: {},
    footer: {
      cwd: "",
      host: undefined,
      branch: undefined,
      sessionName: undefined,
      model: undefined,
      provider: undefined,
      contextWindow: undefined,
      reasoning: false,
      imageInput: undefined,
      thinkingLevel: undefined,
      tokensIn: 0,
      tokensOut: 0,
      cost: 0,
      lastContextTokens: undefined,
      statuses: {},
      worker: "starting",
      workerDetail: undefined,
    },
    editor: initialEditor,
    completion: undefined,
    picker: undefined,
    ui: {
      columns,
      rows,
      palette,
      links: undefined,
      showThinking: true,
      toolsExpanded: false,
      title: undefined,
      exitArmedAt: undefined,
      exitRequested: false,
      overlay: undefined,
      fleetWaiting: 0,
      transcriptView: undefined,
    },
  };
}
