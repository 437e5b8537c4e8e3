// The store's side of the vim mode: turning it on (in INSERT) or off, and handing a key to the
// engine with the editor it edits. Pure, like every reducer here.
import type { TuiState } from "../types.js";
import { reduceVimKey, toNormalMode } from "./vim-reducer.js";
import { initialVim, type VimOp } from "./vim-types.js";

/**
 * The editor's text replaced from outside vim (a prompt sent, Ctrl+C, text given back): a new
 * prompt. A pending command, an insert's record and the undo steps of the old text end (u never
 * brings back a prompt already sent); a selection ends in NORMAL, whose cursor stays on a character.
 */
export function vimTextReplaced(s: TuiState): TuiState {
  if (!s.vim) return s;
  const vim = { ...s.vim, pending: [], insert: undefined, undo: [], redo: [] };
  if (vim.mode === "insert") return { ...s, vim };
  const r = toNormalMode(s.editor, vim);
  return { ...s, editor: r.editor, vim: r.vim };
}

export function reduceVimAction(s: TuiState, o: VimOp): TuiState {
  switch (o.op) {
    case "enable":
      if ((s.vim !== undefined) === o.on) return s;
      return { ...s, vim: o.on ? initialVim : undefined };
    case "key": {
      if (!s.vim) return s;
      const r = reduceVimKey(s.editor, s.vim, o.key);
      return r.editor === s.editor && r.vim === s.vim ? s : { ...s, editor: r.editor, vim: r.vim };
    }
    case "normal": {
      if (!s.vim || s.vim.mode === "normal" || s.vim.mode === "insert") return s;
      const r = toNormalMode(s.editor, s.vim);
      return { ...s, editor: r.editor, vim: r.vim };
    }
    default: {
      const never: never = o;
      return never;
    }
  }
}
