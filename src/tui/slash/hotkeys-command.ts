// /hotkeys with the keys in force (keybindings.json applied), for the full-screen UI; the
// built-in of slash-registry.ts shows the defaults where no file is read.
import type { Keymap } from "../input/keymap.js";
import { hotkeysText } from "./hotkeys-text.js";
import type { SlashCommand } from "./slash-registry.js";

export function hotkeysCommand(keys: { current(): Keymap; path: string }): SlashCommand {
  return {
    name: "hotkeys",
    aliases: ["keys"],
    description: "show the keyboard shortcuts (and the names keybindings.json binds)",
    run: (_a, ctx) => ctx.notice(hotkeysText(keys.current(), keys.path, ctx.store.getState().vim !== undefined)),
  };
}
