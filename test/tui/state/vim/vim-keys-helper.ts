// Drives the vim engine as a person types: a prompt written with `|` where the cursor is, and
// keys as vim writes them (<esc>, <C-r>, <bs>, <del>), one key at a time through reduceVimKey.
import { initialEditor } from "../../../../src/tui/state/editor.js";
import type { EditorState } from "../../../../src/tui/state/types.js";
import { reduceVimKey, type VimResult } from "../../../../src/tui/state/vim/vim-reducer.js";
import { initialVim, type VimState } from "../../../../src/tui/state/vim/vim-types.js";

const NAMED: Record<string, string> = { "<esc>": "escape", "<C-r>": "ctrl+r", "<bs>": "backspace", "<del>": "delete" };

export function splitKeys(keys: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < keys.length; ) {
    const named = Object.keys(NAMED).find((n) => keys.startsWith(n, i));
    if (named) {
      out.push(NAMED[named] as string);
      i += named.length;
    } else {
      out.push(keys[i] as string);
      i += 1;
    }
  }
  return out;
}

/** A prompt with its cursor marked by `|`. */
export function editorAt(marked: string): EditorState {
  const cursor = marked.indexOf("|");
  return { ...initialEditor, text: marked.replace("|", ""), cursor };
}

/** The prompt with `|` at the cursor. */
export const marked = (e: EditorState): string => `${e.text.slice(0, e.cursor)}|${e.text.slice(e.cursor)}`;

export function press(start: string | VimResult, keys: string, vim: Partial<VimState> = {}): VimResult {
  let r: VimResult =
    typeof start === "string" ? { editor: editorAt(start), vim: { ...initialVim, mode: "normal", ...vim } } : start;
  for (const key of splitKeys(keys)) r = reduceVimKey(r.editor, r.vim, key);
  return r;
}
