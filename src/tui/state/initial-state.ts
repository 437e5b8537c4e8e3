// The TUI's state before any event: an empty transcript, an idle run, a worker still starting.
import { initialEditor } from "./editor.js";
import { initialTranscript } from "./transcript.js";
import type { TuiState } from "./types.js";

export function createInitialState(columns = 80, rows = 24): TuiState {
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
