// The vim engine's entry: one key (a character, or "escape", "ctrl+r", "backspace")
// applied to the editor and the vim state, by mode. Pure: the caller (input/vim-keys.ts) says
// which keys reach it and does what the keymap does with the rest (docs/keybindings.md).
import type { EditorState } from "../types.js";
import { insertKey } from "./insert-mode.js";
import { normalKey } from "./normal-mode.js";
import { clampNormal } from "./text-lines.js";
import { setText, type VimResult } from "./vim-edit.js";
import type { VimState } from "./vim-types.js";
import { visualKey } from "./visual-mode.js";

export type { VimResult } from "./vim-edit.js";

export function reduceVimKey(editor: EditorState, vim: VimState, key: string): VimResult {
  const r = { editor, vim };
  switch (vim.mode) {
    case "insert":
      return insertKey(r, key);
    case "normal":
      return normalKey(r, key);
    case "visual":
    case "visual_line":
      return visualKey(r, key);
    default: {
      const never: never = vim.mode;
      return never;
    }
  }
}

/** NORMAL, with nothing pending: the mode to leave for when the prompt is sent from VISUAL. */
export function toNormalMode(editor: EditorState, vim: VimState): VimResult {
  const t = editor.text;
  return {
    editor: setText(editor, t, clampNormal(t, editor.cursor)),
    vim: { ...vim, mode: "normal", pending: [], insert: undefined },
  };
}
