// The review's keys (/diff) resolved with the keymap in force: its `review` context
// (review-bindings.ts holds the actions and their defaults; keybindings.json may change them).
import type { Key } from "ink";
import { keyHint } from "./key-hint.js";
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

/** The review's hint row, with the keys in force. */
export function reviewHint(keymap: Keymap = DEFAULT_KEYMAP): string {
  return keyHint(keymap.review, [
    { actions: ["next_hunk", "prev_hunk"], label: "change" },
    { actions: ["next_file"], label: "file" },
    { actions: ["keep"], label: "keep" },
    { actions: ["revert_hunk"], label: "revert" },
    { actions: ["revert_file"], label: "revert file" },
    { actions: ["reject"], label: "reject with a reason" },
    { actions: ["close"], label: "close" },
  ]);
}
