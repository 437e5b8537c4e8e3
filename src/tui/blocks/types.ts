// The block model: every kind of transcript entry has one renderer (blocks/index.ts picks it),
// and each surface draws an entry through it. What differs between the surfaces is a parameter:
// the live screen asks for coloured rows at a width, collapsed or expanded (ctrl+o); plain mode
// asks for rows of words without colour (screen readers, dumb terminals); the transcript view
// asks for the full form as parts, which it lays out at its width and folds itself.
import type { Palette } from "../render/palette.js";
import type { EntryInput } from "../state/transcript.js";
import type { LinkTarget } from "../state/types.js";
import type { Part } from "./parts.js";

/** What a block draws: a transcript entry, committed (with its id) or not (the live tail). */
export type BlockEntry = EntryInput;
export type BlockKind = BlockEntry["kind"];
export type EntryOf<K extends BlockKind> = Extract<BlockEntry, { kind: K }>;

/** `collapsed`: the live screen's bounded preview; `full`: its ctrl+o form (more rows, whole summaries). */
export type Fold = "collapsed" | "full";

/** `color`: the live screen's styled rows; `plain`: words without colour or symbols, for plain mode. */
export type RowStyle = "color" | "plain";

export type RowOptions = {
  /** Cells per row (colour rows are wrapped to it; plain rows are lines a terminal wraps itself). */
  width: number;
  fold: Fold;
  style: RowStyle;
  /** What colour rows are painted in (plain mode's paints nothing). */
  palette: Palette;
  /** Where file paths link to (OSC 8); none: no links. */
  links?: LinkTarget;
  /** The clock that times a running tool; undefined for a block printed once (timed to its own end). */
  now?: number;
  /** Thinking text is drawn; otherwise a line says it is hidden. */
  showThinking: boolean;
  /** Rows a bash command's header may take (the live region bounds it; once committed it is whole). */
  maxCommandRows?: number;
  /** Rows of a tool's output (the live region shares its rows among running tools). */
  maxBodyRows?: number;
  /**
   * The entry is still arriving, drawn in the live region, which keeps its last rows: text and
   * thinking are the streaming tail (no code highlighting: it is redrawn at every delta), a `!`
   * command is running since `startedAt` and says how long and how to cancel it.
   */
  streaming?: { startedAt?: number };
};

export type BlockRenderer<K extends BlockKind> = {
  /** The rows of the entry for the live screen or plain mode. */
  rows(e: EntryOf<K>, o: RowOptions): string[];
  /** The full form for the transcript view in `palette`, independent of the width (`now` times a running tool). */
  parts(e: EntryOf<K>, now: number, palette: Palette): Part[];
  /** The text to copy, raw (the caller makes it safe for the clipboard). */
  copy(e: EntryOf<K>): string;
};
