// What every vim command ends with: the editor given its new text and cursor, and the vim state
// told about it: a snapshot for u, the change for `.`, the register. Undo keeps whole snapshots
// of the prompt (a prompt is small; UNDO_MAX bounds them).
import type { EditorState } from "../types.js";
import type { Edit } from "./edits.js";
import { clampNormal } from "./text-lines.js";
import type { Change, Snapshot, VimState } from "./vim-types.js";

export type VimResult = { editor: EditorState; vim: VimState };

const UNDO_MAX = 100;

export const snapshot = (e: EditorState): Snapshot => ({ text: e.text, cursor: e.cursor });

/** The editor with `text` and the cursor at `cursor` (a new text leaves history browsing). */
export function setText(e: EditorState, text: string, cursor: number): EditorState {
  if (text === e.text) return cursor === e.cursor ? e : { ...e, cursor };
  return { ...e, text, cursor, historyIndex: undefined };
}

/** `before` becomes the state u goes back to; a new change forgets what Ctrl+R could redo. */
export function recordUndo(vim: VimState, before: Snapshot): VimState {
  return { ...vim, undo: [...vim.undo, before].slice(-UNDO_MAX), redo: [] };
}

/** A normal-mode edit done: undo recorded when the text changed, `change` kept for `.`. */
export function commitEdit(r: VimResult, edit: Edit, change: Change | undefined): VimResult {
  const before = snapshot(r.editor);
  const changed = edit.text !== r.editor.text;
  let vim = edit.register ? { ...r.vim, register: edit.register } : r.vim;
  if (changed) vim = { ...recordUndo(vim, before), lastChange: change ?? vim.lastChange };
  return { editor: setText(r.editor, edit.text, clampNormal(edit.text, edit.cursor)), vim };
}

/** Where two texts start to differ: u and Ctrl+R put the cursor on the change, as vim does. */
function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/** u (`back`) or Ctrl+R, `count` times. */
export function undoRedo(r: VimResult, back: boolean, count: number): VimResult {
  let { editor, vim } = r;
  for (let i = 0; i < count; i += 1) {
    const from = back ? vim.undo : vim.redo;
    const to = from[from.length - 1];
    if (to === undefined) break;
    const rest = from.slice(0, -1);
    const saved = [...(back ? vim.redo : vim.undo), snapshot(editor)];
    vim = back ? { ...vim, undo: rest, redo: saved } : { ...vim, redo: rest, undo: saved };
    const at = to.text === editor.text ? to.cursor : firstDifference(editor.text, to.text);
    editor = setText(editor, to.text, clampNormal(to.text, at));
  }
  return { editor, vim };
}
