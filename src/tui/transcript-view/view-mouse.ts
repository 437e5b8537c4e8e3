// The transcript view's mouse, pure: a press puts the cursor on the row under it; a click (press
// and release on one cell) on a folded block's "▸" line or in the gutter folds or unfolds that
// block; a drag selects from the press to the release, cell by cell as a terminal selects, and
// the selection's plain text is copied. The wheel is a key of the keymap (wheel_up/down).
import { stripSgr } from "../../bridge/index.js";
import type { MouseReport } from "../input/key-chunks.js";
import { graphemes, graphemeWidth } from "../render/text-width.js";
import type { ViewModel } from "./view-model.js";
import type { ViewAction } from "./view-state.js";

/** Where the press was: an absolute row of the view and a column of its text (0-based). */
export type MousePress = { row: number; col: number; x: number; y: number };

/** The screen as the view drew it: the absolute row at screen row 1, content rows, gutter width. */
export type ViewGeometry = { top: number; rows: number; gutter: number };

export type MouseOutcome = { press: MousePress | undefined; actions: ViewAction[]; copy: string | undefined };

/** The folded form's line (layout.ts foldLayout) starts with this mark. */
const FOLD_MARK = "▸";

/** The cell under a report, or undefined off the content rows (the footer, a dialog). */
function cellAt(r: MouseReport, g: ViewGeometry, m: ViewModel): MousePress | undefined {
  if (r.y < 1 || r.y > g.rows) return undefined;
  const row = g.top + r.y - 1;
  if (row >= m.totalRows) return undefined;
  return { row, col: Math.max(0, r.x - 1 - g.gutter), x: r.x, y: r.y };
}

/** The columns [from, to) of a row's plain text, by display width. */
function sliceColumns(text: string, from: number, to: number): string {
  let col = 0;
  let out = "";
  for (const g of graphemes(text)) {
    const w = graphemeWidth(g);
    if (col >= from && col + w <= to) out += g;
    col += w;
    if (col >= to) break;
  }
  return out;
}

/** The plain text from cell `a` to cell `b` (both included), rows joined by line breaks. */
export function selectionText(m: ViewModel, a: MousePress, b: MousePress): string {
  const [start, end] = a.row < b.row || (a.row === b.row && a.col <= b.col) ? [a, b] : [b, a];
  const rows = m.rows(start.row, end.row + 1, undefined).map((r) => stripSgr(r.text));
  return rows
    .map((text, i) => {
      const from = i === 0 ? start.col : 0;
      const to = i === rows.length - 1 ? end.col + 1 : Number.POSITIVE_INFINITY;
      return sliceColumns(text, from, to).trimEnd();
    })
    .join("\n");
}

/** Is the click on a fold control: the folded line's mark, or the gutter? */
function onFoldControl(m: ViewModel, at: MousePress, g: ViewGeometry): boolean {
  if (at.x <= g.gutter) return true;
  const text = stripSgr(m.rows(at.row, at.row + 1, undefined)[0]?.text ?? "");
  return text.trimStart().startsWith(FOLD_MARK);
}

/** What one report does, given the press before it (a drag in progress). */
export function mouseOutcome(
  r: MouseReport,
  press: MousePress | undefined,
  g: ViewGeometry,
  m: ViewModel,
): MouseOutcome {
  const at = cellAt(r, g, m);
  const none: MouseOutcome = { press, actions: [], copy: undefined };
  if (r.kind === "press") {
    if (r.button !== 0 || !at) return { ...none, press: undefined };
    return { press: at, actions: [{ type: "click", row: at.row }], copy: undefined };
  }
  if (r.kind === "drag" || !press) return none;
  if (r.kind !== "release") return none;
  if (!at) return { ...none, press: undefined };
  if (at.row === press.row && at.x === press.x)
    return { press: undefined, actions: onFoldControl(m, at, g) ? [{ type: "toggle_block" }] : [], copy: undefined };
  return { press: undefined, actions: [], copy: selectionText(m, press, at) };
}
