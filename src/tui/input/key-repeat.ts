// Bindings of a key pressed twice ("escape escape"): the editor feeds every key to a tracker,
// which answers the bound action on the second press within SEQUENCE_MS.
import type { Key } from "ink";
import { DEFAULT_KEYMAP, type EditorAction, type Keymap, keyName } from "./keymap.js";

/** A key pressed twice within this many ms is the double key of an "x x" binding (Esc Esc). */
export const SEQUENCE_MS = 500;

/**
 * Tracks the editor's keys for the bindings of a key pressed twice ("escape escape"): returns
 * the bound action when `input` is the second press of such a key within SEQUENCE_MS.
 */
export type RepeatTracker = (input: string, key: Key, now: number, keymap?: Keymap) => EditorAction | undefined;

export function createRepeatTracker(): RepeatTracker {
  let last: { name: string; at: number } | undefined;
  return (input, key, now, keymap = DEFAULT_KEYMAP) => {
    const name = keyName(input, key);
    const action = name === undefined ? undefined : keymap.editor.index.get(`${name} ${name}`);
    const repeated = action !== undefined && last !== undefined && last.name === name && now - last.at <= SEQUENCE_MS;
    // A third press starts a new pair.
    last = name === undefined || repeated ? undefined : { name, at: now };
    return repeated ? action : undefined;
  };
}
