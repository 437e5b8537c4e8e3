// The fleet view's keys (agent-tui fleet, /fleet): its named actions and their keys, beside the
// keymap (keymap.ts) whose key names and help rows they use. Printable keys are named by their character.
import type { Key } from "ink";
import { helpRows } from "./key-help.js";
import { type Binding, keyTable, printableKeyAction } from "./keymap.js";

export type FleetAction = "down" | "up" | "open" | "answer" | "peek" | "stop" | "new" | "filter" | "close";

/** Order = help order. */
export const FLEET_BINDINGS: ReadonlyArray<Binding<FleetAction>> = [
  { action: "down", keys: ["j", "down"], help: "next session" },
  { action: "up", keys: ["k", "up"], help: "previous session" },
  { action: "open", keys: ["enter"], help: "switch to it (attach; the session shown before keeps running)" },
  { action: "answer", keys: ["a"], help: "answer its question here" },
  { action: "peek", keys: ["p"], help: "peek: its last lines and its open question (read-only)" },
  { action: "stop", keys: ["x"], help: "stop it (asks first)" },
  { action: "new", keys: ["n"], help: "new session in a folder, optionally in a new git worktree" },
  { action: "filter", keys: ["/"], help: "filter the list (enter keeps it, esc clears it)" },
  { action: "close", keys: ["q", "escape"], help: "close the fleet view" },
];

const FLEET_INDEX = keyTable(FLEET_BINDINGS).index;

/** Fleet view action for a keypress (printable keys by their character). */
export function resolveFleetKey(input: string, key: Key): FleetAction | undefined {
  return printableKeyAction(FLEET_INDEX, input, key);
}

/** Help rows for the fleet view's keys. */
export function fleetKeyHelp(): string[] {
  return helpRows(FLEET_BINDINGS);
}
