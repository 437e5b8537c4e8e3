// The vim mode's keys that are keys rather than typed commands: the `vim` context of the keymap
// (keymap.ts), so keybindings.json binds them as `vim.normal_mode`, `vim.redo`. The typed
// commands (motions, operators, `u`, `.`) are vim's own grammar and keep their characters.
import type { Binding } from "./key-binding.js";

export type VimKeyAction = "normal_mode" | "redo";

/** Order = help order. */
export const VIM_BINDINGS: ReadonlyArray<Binding<VimKeyAction>> = [
  {
    action: "normal_mode",
    keys: ["escape"],
    help: "vim: INSERT or VISUAL → NORMAL; drops a pending command (else as the editor's)",
  },
  { action: "redo", keys: ["ctrl+r"], help: "vim NORMAL: redo (u undoes)" },
];
