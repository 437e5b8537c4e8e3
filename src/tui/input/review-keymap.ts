// The review's keys (/diff) resolved with the keymap in force: its `review` context
// (review-bindings.ts holds the actions and their defaults; keybindings.json may change them).
import type { Key } from "ink";
import { DEFAULT_KEYMAP, type Keymap, printableKeyAction } from "./keymap.js";
import type { ReviewKeyAction } from "./review-bindings.js";

/** Review action for a keypress (printable keys by their character). */
export function resolveReviewKey(
  input: string,
  key: Key,
  keymap: Keymap = DEFAULT_KEYMAP,
): ReviewKeyAction | undefined {
  return printableKeyAction(keymap.review, input, key);
}
