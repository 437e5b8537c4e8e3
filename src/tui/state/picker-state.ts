// Pure state of a list picker (model, session, fork, tree): items, a search query filtered
// fuzzily, the selection, and a scroll window. Views render it; keys become PickerOps.
import { fuzzyFilter } from "./fuzzy.js";

export type PickerItem = {
  /** Stable key returned on choose. */
  id: string;
  /** Main line. */
  label: string;
  /** Dimmed text after the label (date, counts, provider…). */
  detail?: string;
  /** Extra text searched besides label and detail. */
  search?: string;
  /** Indentation level (tree). */
  depth?: number;
  /** Marks the current item (current model, current session, active leaf). */
  current?: boolean;
  /** Tree only: has children / children hidden. */
  foldable?: boolean;
  folded?: boolean;
};

export type PickerState = {
  title: string;
  hint: string;
  items: PickerItem[];
  query: string;
  /** Items matching the query, in display order. */
  visible: PickerItem[];
  selected: number;
};

export type PickerOp =
  | { op: "up" }
  | { op: "down" }
  | { op: "page_up"; rows: number }
  | { op: "page_down"; rows: number }
  | { op: "type"; text: string }
  | { op: "backspace" }
  | { op: "set_items"; items: PickerItem[]; keepSelection: boolean };

function searchText(item: PickerItem): string {
  return [item.label, item.detail ?? "", item.search ?? ""].join(" ");
}

function refilter(s: PickerState, query: string, keepId: string | undefined): PickerState {
  const visible = fuzzyFilter(s.items, query, searchText);
  let selected = 0;
  if (keepId !== undefined) {
    const i = visible.findIndex((v) => v.id === keepId);
    if (i >= 0) selected = i;
  } else if (query === "") {
    const i = visible.findIndex((v) => v.current === true);
    if (i >= 0) selected = i;
  }
  return { ...s, query, visible, selected };
}

export function createPickerState(
  title: string,
  items: PickerItem[],
  hint = "↑↓ move · enter choose · esc cancel",
): PickerState {
  return refilter({ title, hint, items, query: "", visible: [], selected: 0 }, "", undefined);
}

export function reducePicker(s: PickerState, o: PickerOp): PickerState {
  const last = s.visible.length - 1;
  switch (o.op) {
    case "up":
      return { ...s, selected: s.selected <= 0 ? Math.max(0, last) : s.selected - 1 };
    case "down":
      return { ...s, selected: s.selected >= last ? 0 : s.selected + 1 };
    case "page_up":
      return { ...s, selected: Math.max(0, s.selected - o.rows) };
    case "page_down":
      return { ...s, selected: Math.max(0, Math.min(last, s.selected + o.rows)) };
    case "type":
      return refilter(s, s.query + o.text.replace(/[\r\n\t]/g, ""), undefined);
    case "backspace":
      return s.query === "" ? s : refilter(s, [...s.query].slice(0, -1).join(""), undefined);
    case "set_items":
      return refilter({ ...s, items: o.items }, s.query, o.keepSelection ? selectedItem(s)?.id : undefined);
    default: {
      const never: never = o;
      return never;
    }
  }
}

export function selectedItem(s: PickerState): PickerItem | undefined {
  return s.visible[s.selected];
}

/** The scroll window for `rows` item rows: stateless, keeps the selection near the middle. */
export function pickerWindow(s: PickerState, rows: number): { top: number; items: PickerItem[] } {
  const n = Math.max(1, rows);
  const top = Math.max(0, Math.min(s.selected - Math.floor(n / 2), s.visible.length - n));
  return { top, items: s.visible.slice(top, top + n) };
}
