// Pure rows of an open picker at a width and height: title with the query, the item window
// (selection inverted, current item marked), and a key hint led by the highlighted row's
// position while the list scrolls (list-position.ts). Never more than `maxRows`.
import type { Palette } from "../render/palette.js";
import { sanitizeLine } from "../render/sanitize.js";
import { truncateLine } from "../render/text-width.js";
import { listHint, offersSearch, SEARCH_HINT } from "./list-position.js";
import { pickerWindow, type PickerItem, type PickerState } from "../state/picker-state.js";

function itemLine(item: PickerItem, selected: boolean, width: number, { style, theme }: Palette): string {
  const indent = "  ".repeat(item.depth ?? 0);
  const fold = item.foldable ? (item.folded ? "▸ " : "▾ ") : item.depth !== undefined ? "  " : "";
  const mark = item.current ? theme.success("● ") : "  ";
  const label = sanitizeLine(item.label).replace(/\s+/g, " ");
  const detail = item.detail ? `  ${theme.muted(sanitizeLine(item.detail).replace(/\s+/g, " "))}` : "";
  const pointer = selected ? theme.accent("›") : " ";
  const text = `${pointer} ${mark}${indent}${fold}${selected ? style.bold(label) : label}${detail}`;
  return truncateLine(selected ? style.inverse(truncateLine(text, width)) : text, width);
}

/** Rows for the picker: at most `maxRows` (at least 3). */
export function pickerLines(s: PickerState, width: number, maxRows: number, palette: Palette): string[] {
  const { theme } = palette;
  const rows = Math.max(3, maxRows);
  const itemRows = rows - 2;
  const view = { selected: s.selected, shown: s.visible.length, all: s.items.length, rows: itemRows };
  // The query can hold pasted control characters; titles can name untrusted things (a session).
  const search =
    s.query !== ""
      ? `  ${theme.accent("search:")} ${sanitizeLine(s.query)}`
      : offersSearch(view, s.query)
        ? `  ${theme.muted(SEARCH_HINT)}`
        : "";
  const head = truncateLine(`${theme.heading(sanitizeLine(s.title))}${search}`, width);
  const hint = truncateLine(theme.muted(listHint(view, s.hint)), width);
  if (s.visible.length === 0)
    return [head, theme.muted(s.items.length === 0 ? "  (nothing to show)" : "  (no match)"), hint];
  const { top, items } = pickerWindow(s, itemRows);
  return [head, ...items.map((item, i) => itemLine(item, top + i === s.selected, width, palette)), hint];
}
