// The fleet view's keys (agent-tui fleet, /fleet) resolved with the keymap in force: its `fleet`
// context (fleet-bindings.ts holds the actions and their defaults; keybindings.json may change them).
import type { Key } from "ink";
import type { FleetAction } from "./fleet-bindings.js";
import { keyHint } from "./key-hint.js";
import { DEFAULT_KEYMAP, type Keymap, printableKeyAction } from "./keymap.js";

/** Fleet view action for a keypress (printable keys by their character). */
export function resolveFleetKey(input: string, key: Key, keymap: Keymap = DEFAULT_KEYMAP): FleetAction | undefined {
  return printableKeyAction(keymap.fleet, input, key);
}

/** The fleet view's hint row, with the keys in force; on a dead worker's row, what they do to it. */
export function fleetHint(keymap: Keymap = DEFAULT_KEYMAP, dead = false): string {
  return keyHint(keymap.fleet, [
    { actions: ["down", "up"], label: "move" },
    { actions: ["open"], label: dead ? "resume" : "switch" },
    ...(dead ? [] : [{ actions: ["answer" as const], label: "answer" }]),
    { actions: ["peek"], label: dead ? "its log" : "peek" },
    { actions: ["stop"], label: dead ? "dismiss" : "stop" },
    { actions: ["new"], label: "new" },
    { actions: ["filter"], label: "filter" },
    { actions: ["close"], label: "close" },
  ]);
}
