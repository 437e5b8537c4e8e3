// An extension's UI request (dialog, notification, status, widget, title, editor text, cancel)
// applied to the state.
import { reduceEditor } from "./editor.js";
import { addToast, TOAST_MS } from "./toasts.js";
import { appendNotice } from "./transcript.js";
import type { TuiState } from "./types.js";
import type { UiRequest } from "./ui-requests.js";

export function reduceUiRequest(s: TuiState, r: UiRequest, now: number): TuiState {
  switch (r.kind) {
    case "dialog":
      return { ...s, dialogs: [...s.dialogs.filter((d) => d.id !== r.dialog.id), r.dialog] };
    case "notify":
      // A notification is kept whole in the transcript: a toast would cut it to one row and
      // then take it away. Toasts are for our own transient hints.
      return { ...s, transcript: appendNotice(s.transcript, r.level, r.message) };
    case "status": {
      const { [r.key]: _old, ...rest } = s.footer.statuses;
      void _old;
      return { ...s, footer: { ...s.footer, statuses: r.text === undefined ? rest : { ...rest, [r.key]: r.text } } };
    }
    case "widget": {
      const { [r.key]: _old, ...rest } = s.widgets;
      void _old;
      return {
        ...s,
        widgets: r.lines === undefined ? rest : { ...rest, [r.key]: { lines: r.lines, placement: r.placement } },
      };
    }
    case "title":
      return { ...s, ui: { ...s.ui, title: r.title } };
    case "editor_text": {
      const next = { ...s, editor: reduceEditor(s.editor, { op: "set", text: r.text, keepUndo: true }) };
      // Unsent text is never dropped silently: say how to get it back.
      if (s.editor.text === "" || s.editor.text === r.text) return next;
      return addToast(next, "info", "An extension replaced the editor text · ctrl+_ restores yours", now, TOAST_MS);
    }
    case "cancel":
      return { ...s, dialogs: s.dialogs.filter((d) => d.id !== r.targetId) };
    case "unknown":
      return s;
    default: {
      const never: never = r;
      return never;
    }
  }
}
