// Local UI actions: dialogs closed, toasts, clock ticks, terminal size, the editor, toggles, the
// exit gesture, overlays, the transcript view, the completion menu and pickers.
import type { TuiAction } from "./actions.js";
import { reduceEditor } from "./editor.js";
import { vimTextReplaced } from "./vim/vim-actions.js";
import { reducePicker } from "./picker-state.js";
import { toggleThinking } from "./thinking-toggle.js";
import { addToast, expireTimed, TOAST_MS } from "./toasts.js";
import type { TuiState } from "./types.js";

export type UiAction = Extract<
  TuiAction,
  {
    type:
      | "dialog_closed"
      | "toast"
      | "tick"
      | "resize"
      | "palette"
      | "links"
      | "editor"
      | "toggle_thinking"
      | "toggle_tools"
      | "exit_armed"
      | "exit_requested"
      | "overlay"
      | "fleet_waiting"
      | "transcript_view"
      | "completion"
      | "completion_move"
      | "picker";
  }
>;

export function reduceUiAction(s: TuiState, a: UiAction): TuiState {
  switch (a.type) {
    case "dialog_closed":
      return { ...s, dialogs: s.dialogs.filter((d) => d.id !== a.id) };
    case "toast":
      return addToast(s, a.level, a.text, a.now, a.ttlMs ?? TOAST_MS);
    case "tick":
      return expireTimed(s, a.now);
    case "resize":
      if (a.columns === s.ui.columns && a.rows === s.ui.rows) return s;
      return { ...s, ui: { ...s.ui, columns: a.columns, rows: a.rows } };
    case "palette":
      return { ...s, ui: { ...s.ui, palette: a.palette } };
    case "links":
      return { ...s, ui: { ...s.ui, links: a.target } };
    case "editor": {
      const editor = reduceEditor(s.editor, a.op);
      // A prompt sent or replaced (clear, set) ends what vim had under way on the old text.
      return s.vim && (a.op.op === "clear" || a.op.op === "set") ? vimTextReplaced({ ...s, editor }) : { ...s, editor };
    }
    case "toggle_thinking":
      return toggleThinking(s, a.announce === true);
    case "toggle_tools":
      return { ...s, ui: { ...s.ui, toolsExpanded: !s.ui.toolsExpanded } };
    case "exit_armed":
      return { ...s, ui: { ...s.ui, exitArmedAt: a.at } };
    case "exit_requested":
      return { ...s, ui: { ...s.ui, exitRequested: a.frame } };
    case "overlay":
      return { ...s, ui: { ...s.ui, overlay: a.name } };
    case "fleet_waiting":
      return s.ui.fleetWaiting === a.count ? s : { ...s, ui: { ...s.ui, fleetWaiting: a.count } };
    case "transcript_view":
      if (a.open === (s.ui.transcriptView !== undefined)) return s;
      return {
        ...s,
        ui: { ...s.ui, transcriptView: a.open ? { staticCount: s.transcript.committed.length } : undefined },
      };
    case "completion":
      return { ...s, completion: a.menu };
    case "completion_move":
      return s.completion
        ? { ...s, completion: { ...s.completion, list: reducePicker(s.completion.list, { op: a.direction }) } }
        : s;
    case "picker":
      return { ...s, picker: a.state };
    default: {
      const never: never = a;
      return never;
    }
  }
}
