// INSERT mode in the vim engine: entering it (i a o … and c), the text typed in it (keys reach
// the editor's own keymap; only text fed through the engine lands here), and Esc back to
// NORMAL, which records what was typed so `.` can type it again.
import { reduceEditor } from "../editor.js";
import type { Edit } from "./edits.js";
import { clampNormal, lineStart } from "./text-lines.js";
import { recordUndo, setText, snapshot, type VimResult } from "./vim-edit.js";
import type { Change } from "./vim-types.js";
import type { EditorState } from "../types.js";

/** Into INSERT after `edit` (the text it leaves and where typing starts); one undo step covers both. */
export function enterInsert(r: VimResult, edit: Edit, change: Change | undefined): VimResult {
  const before = snapshot(r.editor);
  const vim = recordUndo(edit.register ? { ...r.vim, register: edit.register } : r.vim, before);
  return {
    editor: setText(r.editor, edit.text, edit.cursor),
    vim: { ...vim, mode: "insert", pending: [], insert: { before, typedFrom: edit.text, change } },
  };
}

/** What an insert added: the text between the part before and after it that stayed the same. */
export function insertedText(before: string, after: string): string {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head += 1;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail += 1;
  return after.slice(head, after.length - tail);
}

/** 3ihi: what was typed, twice more (3o: on two more lines). */
function repeatTyped(editor: EditorState, change: Change | undefined, typed: string): EditorState {
  const key = change?.keys[0] ?? "";
  const count = change?.count ?? 1;
  if (count < 2 || typed === "" || !"iaIAoO".includes(key)) return editor;
  const once = key === "o" || key === "O" ? `\n${typed}` : typed;
  return reduceEditor(editor, { op: "insert", text: once.repeat(count - 1) });
}

/** Esc in INSERT: back to NORMAL one character left (as vim); an insert that changed nothing is no undo step. */
function leaveInsert(r: VimResult): VimResult {
  const { vim } = r;
  const session = vim.insert;
  const typed = session ? insertedText(session.typedFrom, r.editor.text) : "";
  const editor = repeatTyped(r.editor, session?.change, typed);
  const t = editor.text;
  const cursor = editor.cursor > lineStart(t, editor.cursor) ? editor.cursor - 1 : editor.cursor;
  let next = { ...vim, mode: "normal" as const, pending: [], insert: undefined };
  if (session?.change) next = { ...next, lastChange: { ...session.change, inserted: typed } };
  if (session && t === session.before.text && vim.undo[vim.undo.length - 1] === session.before)
    next = { ...next, undo: vim.undo.slice(0, -1) };
  return { editor: setText(editor, t, clampNormal(t, cursor)), vim: next };
}

/** A key the engine gets in INSERT: Esc, or a character of text typed in one burst with the command before it. */
export function insertKey(r: VimResult, key: string): VimResult {
  if (key === "escape") return leaveInsert(r);
  if (Array.from(key).length !== 1) return r;
  return { editor: reduceEditor(r.editor, { op: "insert", text: key }), vim: r.vim };
}
