// The block model's entry point: the renderer of each kind of transcript entry (the table must
// name every kind: a new kind without a renderer does not compile), and the calls the surfaces
// draw through: rows for the live screen and plain mode, parts for the transcript view.
import { answerBlock } from "./answer.js";
import { customBlock } from "./custom.js";
import { noticeBlock } from "./notice.js";
import type { Part } from "./parts.js";
import { NO_PAINT, type Palette } from "../render/palette.js";
import { shellBlock } from "./shell.js";
import { summaryBlock } from "./summary.js";
import { thinkingBlock } from "./thinking.js";
import { toolEntryBlock } from "./tool.js";
import type { BlockEntry, BlockKind, BlockRenderer, EntryOf, RowOptions } from "./types.js";
import { userBlock } from "./user.js";

const RENDERERS: { [K in BlockKind]: BlockRenderer<K> } = {
  user: userBlock,
  markdown: answerBlock,
  thinking: thinkingBlock,
  tool: toolEntryBlock,
  notice: noticeBlock,
  bash: shellBlock,
  custom: customBlock,
  summary: summaryBlock,
};

/** The narrowest width colour rows are laid out at (a narrower terminal wraps them itself). */
const MIN_WIDTH = 20;

function rendererOf<K extends BlockKind>(e: EntryOf<K>): BlockRenderer<K> {
  return RENDERERS[e.kind as K];
}

/** Plain mode's rows: lines of words for a log or a screen reader, never wrapped by us (the terminal does). */
export const PLAIN_ROWS: RowOptions = {
  width: Number.POSITIVE_INFINITY,
  fold: "collapsed",
  style: "plain",
  palette: NO_PAINT,
  showThinking: false,
};

/** The rows of `e` for the live screen (`style: "color"`) or plain mode (`style: "plain"`). */
export function blockRows(e: BlockEntry, o: RowOptions): string[] {
  const width = o.style === "color" ? Math.max(MIN_WIDTH, o.width) : o.width;
  return rendererOf(e).rows(e, { ...o, width });
}

/** The full form of `e` in `palette` for the transcript view, laid out and folded there; `now` times a running tool. */
export function blockParts(e: BlockEntry, now: number, palette: Palette): Part[] {
  return rendererOf(e).parts(e, now, palette);
}

/** `e` as text to copy, raw. */
export function blockCopyText(e: BlockEntry): string {
  return rendererOf(e).copy(e);
}

export type { BlockEntry, BlockKind, Fold, RowOptions, RowStyle } from "./types.js";
export type { Part, TextLines } from "./parts.js";
