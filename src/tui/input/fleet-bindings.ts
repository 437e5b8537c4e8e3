// The fleet view's named actions (agent-tui fleet, /fleet) and their default keys: the `fleet`
// context of the keymap (keymap.ts), so keybindings.json binds them as `fleet.answer`. Printable
// keys are named by their character, as in the transcript view.
import type { Binding } from "./key-binding.js";

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
