// What a key written in keybindings.json means: its canonical name, the one chordName or
// keyName gives the keypress (ctrl+alt+shift order, lower case), or why agent-tui can never
// see it. Names follow the kitty keyboard protocol's ("escape", "page_up") and the common
// aliases (esc, return, meta, option, pgup). Pure: no keymap, no file.
import type { KeyContext } from "./keymap.js";

const MODIFIERS: Record<string, "ctrl" | "alt" | "shift"> = {
  ctrl: "ctrl",
  control: "ctrl",
  alt: "alt",
  meta: "alt",
  option: "alt",
  opt: "alt",
  shift: "shift",
};
/** Modifiers a terminal may report but agent-tui does not read (Ink folds them away). */
const UNREAD_MODIFIERS = new Set(["super", "cmd", "command", "win", "hyper"]);

const NAMED: Record<string, string> = {
  enter: "enter",
  return: "enter",
  escape: "escape",
  esc: "escape",
  tab: "tab",
  backspace: "backspace",
  delete: "delete",
  del: "delete",
  up: "up",
  down: "down",
  left: "left",
  right: "right",
  home: "home",
  end: "end",
  pageup: "pageup",
  page_up: "pageup",
  pgup: "pageup",
  pagedown: "pagedown",
  page_down: "pagedown",
  pgdn: "pagedown",
  space: " ",
};

export type ParsedKey = { key: string } | { error: string };

/** The canonical chord: modifiers in the order ctrl+alt+shift, as key-chord.ts names keypresses. */
const chord = (mods: Set<string>, shift: boolean, base: string): string =>
  `${mods.has("ctrl") ? "ctrl+" : ""}${mods.has("alt") ? "alt+" : ""}${shift ? "shift+" : ""}${base}`;

/** "ctrl+shift+a" -> modifiers and the base as written; "+" and "ctrl++" name the plus key. */
function split(text: string): { mods: string[]; base: string } {
  if (text === "+") return { mods: [], base: "+" };
  const plus = text.endsWith("++");
  const parts = (plus ? text.slice(0, -2) : text).split("+");
  const base = plus ? "+" : (parts.pop() ?? "");
  return { mods: parts, base };
}

/** Contexts where every printable key is a command, so a bare character can be bound. */
const COMMAND_CONTEXTS: ReadonlySet<KeyContext> = new Set(["view", "dialog", "review", "fleet"]);

/** A character key: where a bare one is a key (the views' commands, a dialog's y/n) or text. */
function charKey(ch: string, mods: Set<string>, context: KeyContext): ParsedKey {
  const letter = ch.toLowerCase() !== ch.toUpperCase();
  // "Ctrl+G" is how people write Ctrl+G; a capital is Shift only on its own ("G" in the view).
  const shift = mods.has("shift") || (letter && ch !== ch.toLowerCase() && !mods.has("ctrl") && !mods.has("alt"));
  if (!mods.has("ctrl") && !mods.has("alt")) {
    if (!COMMAND_CONTEXTS.has(context)) return { error: `"${ch}" types text here; bind it with ctrl or alt` };
    if (mods.has("shift") && !letter) return { error: `write the shifted character itself, not shift+${ch}` };
    return { key: shift && letter ? ch.toUpperCase() : ch };
  }
  if (ch === " ") return { error: "ctrl/alt+space is not a key agent-tui can tell apart" };
  if (!letter && mods.has("shift")) return { error: `write the shifted character itself, not shift+${ch}` };
  const base = letter ? ch.toLowerCase() : ch;
  return { key: chord(mods, shift, base) };
}

/** The canonical name of `text` as a key of `context`, or why no keypress can ever be it. */
export function parseUserKey(text: string, context: KeyContext): ParsedKey {
  if (text.trim() === "") return { error: "an empty key name" };
  const { mods: written, base } = split(text.trim());
  if (base === "") return { error: `"${text}" ends without a key` };
  const mods = new Set<string>();
  for (const m of written) {
    const lower = m.toLowerCase();
    if (UNREAD_MODIFIERS.has(lower)) return { error: `agent-tui reads ctrl, alt and shift only, not ${m}` };
    const mod = MODIFIERS[lower];
    if (mod === undefined) return { error: `"${m}" is not a modifier (ctrl, alt, shift)` };
    if (mods.has(mod)) return { error: `${mod} is written twice` };
    mods.add(mod);
  }
  const named = base.length > 1 ? NAMED[base.toLowerCase()] : undefined;
  if (named === " " || Array.from(base).length === 1) return charKey(named ?? base, mods, context);
  if (named === undefined) return { error: `"${base}" is not a key agent-tui can read` };
  if (named === "escape" && mods.size > 0)
    return { error: "escape takes no modifiers (terminals send alt+escape as escape)" };
  return {
    key: chord(mods, mods.has("shift"), named),
  };
}
