// The transcript view's rows as drawn: the model's rows of a window, search matches
// highlighted, each with its two-cell gutter mark (the cursor row and the rest of the
// cursor's block). Marks and texts are drawn as two columns: the marks are not ASCII, and Ink
// measures a row that is not ASCII grapheme by grapheme (string-width), ~40 times slower
// than an ASCII one, on every frame.
import type { Palette } from "../render/palette.js";
import { needleFor } from "./layout.js";
import type { TranscriptViewState } from "./view-state.js";
import type { ViewModel } from "./view-model.js";

const CURSOR_MARK = "▌ ";
const BLOCK_MARK = "│ ";
export const NO_MARK = "  ";
/** The gutter's width in cells: every mark is two cells wide. */
export const GUTTER_CELLS = 2;

/** Absolute row of the view's top (0 for an empty session). */
export function topRow(model: ViewModel, view: TranscriptViewState): number {
  return model.blockCount === 0 ? 0 : model.blockStart(view.top.block) + view.top.offset;
}

/** Rows [from, from + count) as drawn for `view` (its cursor and search): gutter marks and texts. */
export function screenRows(
  model: ViewModel,
  view: TranscriptViewState,
  from: number,
  count: number,
  { theme }: Palette,
): { marks: string[]; texts: string[] } {
  const marks: string[] = [];
  const texts: string[] = [];
  if (model.blockCount === 0) return { marks, texts };
  const cursorRow = model.blockStart(view.cursor.block) + view.cursor.offset;
  const needle = view.search.editing ? needleFor(view.search.draft) : needleFor(view.search.query);
  const cursorMark = theme.accent(CURSOR_MARK);
  const blockMark = theme.accent(BLOCK_MARK);
  model.rows(from, from + count, needle).forEach((r, i) => {
    marks.push(from + i === cursorRow ? cursorMark : r.block === view.cursor.block ? blockMark : NO_MARK);
    texts.push(r.text);
  });
  return { marks, texts };
}
