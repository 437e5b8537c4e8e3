// What each view block shows, independent of the width: the full form of its entry as the
// entry's block gives it (blocks/), which layout.ts lays out at the view's width and folds, and
// the block as plain text for copying.
import { type BlockEntry, blockCopyText, blockParts as entryParts, type Part } from "../blocks/index.js";
import type { Palette } from "../render/palette.js";
import { clipboardText } from "../terminal/clipboard.js";
import type { ViewBlock } from "./view-blocks.js";

/** The entry a view block draws: an answer or thinking text committed in pieces is one text again. */
export function viewEntry(block: ViewBlock): BlockEntry {
  switch (block.kind) {
    case "user":
    case "notice":
    case "bash":
    case "custom":
      return block.entry;
    case "answer":
      return { kind: "markdown", text: block.pieces.join("\n\n"), continues: false };
    case "thinking":
      return { kind: "thinking", text: block.pieces.join("\n\n"), continues: false };
    case "streaming":
      return { kind: block.thinking ? "thinking" : "markdown", text: block.text, continues: false };
    case "tool":
      return { kind: "tool", run: block.run };
    default: {
      const never: never = block;
      return never;
    }
  }
}

/** The parts of `block` (sanitised) in `palette`. `now` times running tools. */
export function blockParts(block: ViewBlock, now: number, palette: Palette): Part[] {
  return entryParts(viewEntry(block), now, palette);
}

/** The block as plain text (no styling, no control characters) for copying. */
export function blockPlainText(block: ViewBlock): string {
  // The same text /copy would copy: tabs kept, controls visible (clipboard.ts).
  return clipboardText(blockCopyText(viewEntry(block))).replace(/\n+$/, "");
}
