// The whole chord of a keypress ("ctrl+alt+shift+x"), the form keybindings.json binds: the
// kitty keyboard protocol (and xterm's modifyOtherKeys) reports every modifier, so a chord the
// legacy bytes cannot tell apart can still be bound (docs/keybindings.md).
import type { Key } from "ink";

/** The key itself, without modifiers, for the chords of chordName. */
function baseKey(input: string, key: Key): { base: string; shift: boolean } | undefined {
  const named: Array<[boolean, string]> = [
    [key.return, "enter"],
    [key.upArrow, "up"],
    [key.downArrow, "down"],
    [key.leftArrow, "left"],
    [key.rightArrow, "right"],
    [key.home, "home"],
    [key.end, "end"],
    [key.pageUp, "pageup"],
    [key.pageDown, "pagedown"],
    [key.tab, "tab"],
    [key.backspace, "backspace"],
    [key.delete, "delete"],
  ];
  const hit = named.find(([on]) => on);
  if (hit) return { base: hit[1], shift: key.shift };
  if (Array.from(input).length !== 1 || !(key.ctrl || key.meta)) return undefined;
  // A letter is named in lower case with shift; other characters carry their shift already ("?").
  const lower = input.toLowerCase();
  return lower !== input.toUpperCase()
    ? { base: lower, shift: key.shift || input !== lower }
    : { base: input, shift: false };
}

/**
 * The whole chord of a key, every modifier in the order ctrl+alt+shift ("ctrl+shift+o",
 * "alt+shift+enter"), as a user may bind it. `loose` is keymap.ts's keyName, the looser name
 * the defaults use (kitty's Ctrl+Shift+O stays Ctrl+O for them). Escape carries no chord: Ink
 * marks it as Alt.
 */
export function chordName(input: string, key: Key, loose: string | undefined): string | undefined {
  if (loose === undefined || key.escape || input === "\n" || !(key.ctrl || key.meta || key.shift)) return loose;
  const b = baseKey(input, key);
  if (!b) return loose;
  return `${key.ctrl ? "ctrl+" : ""}${key.meta ? "alt+" : ""}${b.shift ? "shift+" : ""}${b.base}`;
}
