// Which keys the vim mode takes (docs/keybindings.md "Vim mode"): in INSERT only Esc (and Esc with
// the key typed right after it, which arrives as Alt+key); in NORMAL
// and VISUAL the typed characters, Ctrl+R (redo), Backspace (left), and Esc while something is
// pending or selected. Every other key (Enter, Esc in NORMAL with nothing pending, arrows,
// Ctrl chords) goes to the editor's keymap as without vim mode, so Esc still aborts a run.
import type { Key } from "ink";
import { DEFAULT_KEYMAP, type Keymap, keyName, printableKeyAction } from "./keymap.js";
import type { EditorState } from "../state/types.js";
import type { VimState } from "../state/vim/vim-types.js";

/** `engine`: these keys, one by one, to the vim engine; `keymap`: the editor's key as usual (VISUAL ends first). */
export type VimRoute = { kind: "engine"; keys: string[] } | { kind: "keymap"; leaveVisual: boolean };

const KEYMAP: VimRoute = { kind: "keymap", leaveVisual: false };

export function routeVimKey(
  vim: VimState,
  editor: EditorState,
  input: string,
  key: Key,
  keymap: Keymap = DEFAULT_KEYMAP,
): VimRoute {
  // A paste is text, and Ctrl+R's search has its own keys.
  if (editor.pasting || editor.search) return KEYMAP;
  const name = keyName(input, key);
  // Vim's own keys are named actions (vim-bindings.ts): the keys in force, not always Esc and Ctrl+R.
  const action = name === undefined ? undefined : printableKeyAction(keymap.vim, input, key);
  if (vim.mode === "insert") {
    if (action === "normal_mode") return { kind: "engine", keys: ["escape"] };
    // Esc and the next key typed within one read arrive as Alt+key ("\u001bv"): as in vim in a
    // terminal, that is Esc, then the key in NORMAL (Alt chords of the keymap give way in INSERT).
    if (key.meta && !key.ctrl && Array.from(input).length === 1 && input >= " " && !key.return)
      return { kind: "engine", keys: ["escape", input] };
    return KEYMAP;
  }
  // Characters typed faster than one read arrive together ("dw"): one key each.
  if (name === undefined) return input === "" ? KEYMAP : { kind: "engine", keys: Array.from(input) };
  if (action === "normal_mode")
    return vim.mode === "normal" && vim.pending.length === 0 ? KEYMAP : { kind: "engine", keys: ["escape"] };
  if (action === "redo") return { kind: "engine", keys: ["ctrl+r"] };
  // Terminals differ in what Backspace sends (BS or DEL): both move left, never delete, in NORMAL.
  if (name === "backspace" || name === "delete") return { kind: "engine", keys: ["backspace"] };
  return { kind: "keymap", leaveVisual: vim.mode !== "normal" };
}
