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

/** The fleet view's hint row, with the keys in force. */
export function fleetHint(keymap: Keymap = DEFAULT_KEYMAP): string {
  return keyHint(keymap.fleet, [
    { actions: ["down", "up"], label: "move" },
    { actions: ["open"], label: "switch" },
    { actions: ["answer"], label: "answer" },
    { actions: ["peek"], label: "peek" },
    { actions: ["stop"], label: "stop" },
    { actions: ["new"], label: "new" },
    { actions: ["filter"], label: "filter" },
    { actions: ["close"], label: "close" },
  ]);
}
