// Rows of the completion list under the editor: a window of candidates around the selection
// (the pickers' scroll window), names in one column and descriptions dimmed beside them, the
// selection inverted, and a last row with the keys, led by the highlighted row's position
// while the list scrolls (list-position.ts). Never more than `maxRows`.
import { listHint } from "../pickers/list-position.js";
import { pickerWindow } from "../state/picker-state.js";
import { sanitizeText } from "../render/sanitize.js";
import type { Palette } from "../render/palette.js";
import { textWidth, truncateLine } from "../render/text-width.js";
import type { CompletionMenu } from "../state/types.js";

/** Candidate rows shown at most (the list scrolls beyond). */
export const MENU_ROWS = 8;

const clean = (text: string): string => sanitizeText(text, { keepSgr: false }).replace(/\s+/g, " ");

/** Rows the menu wants: its candidates (capped) plus the hint row. */
export function menuWantedRows(menu: CompletionMenu | undefined): number {
  if (!menu) return 0;
  return Math.min(MENU_ROWS, Math.max(1, menu.list.visible.length)) + 1;
}

export function menuLines(
  menu: CompletionMenu | undefined,
  width: number,
  maxRows: number,
  palette: Palette,
): string[] {
  const { style, theme } = palette;
  if (!menu || maxRows <= 0) return [];
  const s = menu.list;
  const note = menu.note === undefined ? undefined : clean(menu.note);
  const itemRows = Math.min(MENU_ROWS, maxRows - 1);
  // Typing in the editor is the search: the list never offers it.
  const view = { selected: s.selected, shown: s.visible.length, all: s.items.length, rows: itemRows };
  const enter = `enter ${menu.kind === "slash" ? "run" : "insert"}`;
  const hint = theme.muted(`  ${listHint(view, "↑↓ move", "tab complete", enter, "esc close", note ?? "")}`);
  if (itemRows <= 0 || s.visible.length === 0)
    return [truncateLine(s.visible.length === 0 ? theme.muted(`  ${note ?? "no match"}`) : hint, width)];
  const { top, items } = pickerWindow(s, itemRows);
  const column = Math.min(28, Math.max(...items.map((i) => textWidth(clean(i.label)))) + 2);
  const rows = items.map((item, i) => {
    const selected = top + i === s.selected;
    const label = clean(item.label);
    const pad = " ".repeat(Math.max(1, column - textWidth(label)));
    const detail = item.detail ? theme.muted(clean(item.detail)) : "";
    const text = truncateLine(
      `${selected ? theme.accent("›") : " "} ${selected ? style.bold(label) : label}${pad}${detail}`,
      width,
    );
    return selected ? style.inverse(text) : text;
  });
  return [...rows, truncateLine(hint, width)];
}
