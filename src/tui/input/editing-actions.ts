// Editor actions that are exactly one editing operation on the store (cursor moves, deletions,
// history steps, paste markers): editor-keys.ts applies them from this table instead of one
// switch case each, so adding a key costs a row here.
import type { EditorAction } from "./keymap.js";
import type { EditorOp } from "../state/editor.js";

const EDITING_OPS = {
  newline: { op: "newline" },
  history_prev: { op: "up" },
  history_next: { op: "down" },
  history_search: { op: "search_start" },
  cursor_left: { op: "left" },
  cursor_right: { op: "right" },
  word_left: { op: "word_left" },
  word_right: { op: "word_right" },
  line_start: { op: "home" },
  line_end: { op: "end" },
  backspace: { op: "backspace" },
  delete_word: { op: "delete_word" },
  kill_line: { op: "kill_line" },
  delete_to_line_start: { op: "delete_to_line_start" },
  undo: { op: "undo" },
  paste_start: { op: "paste", active: true },
  // The prompt editor shows a big paste as one marker (state/paste.ts).
  paste_end: { op: "paste", active: false, collapse: true },
} satisfies Partial<Record<EditorAction, EditorOp>>;

export type EditingAction = keyof typeof EDITING_OPS;

export function isEditingAction(action: EditorAction): action is EditingAction {
  return Object.hasOwn(EDITING_OPS, action);
}

export function editingOp(action: EditingAction): EditorOp {
  return EDITING_OPS[action];
}
