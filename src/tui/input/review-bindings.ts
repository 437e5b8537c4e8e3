// The review's named actions (/diff) and their default keys: the `review` context of the keymap
// (keymap.ts), so keybindings.json binds them as `review.revert_hunk`. Printable keys are named
// by their character, as in the transcript view.
import type { Binding } from "./key-binding.js";

/** Keys of the full-screen review of a turn's changes (/diff). */
export type ReviewKeyAction =
  | "close"
  | "next_hunk"
  | "prev_hunk"
  | "next_file"
  | "prev_file"
  | "page_down"
  | "page_up"
  | "keep"
  | "revert_hunk"
  | "revert_file"
  | "reject";

/** Order = help order. */
export const REVIEW_BINDINGS: ReadonlyArray<Binding<ReviewKeyAction>> = [
  { action: "close", keys: ["q", "escape", "ctrl+c"], help: "close the review" },
  { action: "next_hunk", keys: ["j", "down", "n"], help: "next change (hunk)" },
  { action: "prev_hunk", keys: ["k", "up", "p"], help: "previous change" },
  { action: "next_file", keys: ["tab", "]", "J"], help: "next file" },
  { action: "prev_file", keys: ["shift+tab", "[", "K"], help: "previous file" },
  { action: "page_down", keys: ["pagedown", " ", "f"], help: "scroll a long change down" },
  { action: "page_up", keys: ["pageup", "b"], help: "scroll it up" },
  { action: "keep", keys: ["a", "enter"], help: "keep this change and go to the next" },
  { action: "revert_hunk", keys: ["r"], help: "revert this change (the file is written back)" },
  { action: "revert_file", keys: ["R"], help: "revert the whole file" },
  { action: "reject", keys: ["x"], help: "reject with a reason: revert it and tell the agent why" },
];
