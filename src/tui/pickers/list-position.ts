// The one rule for what a list says about itself, used by every list that scrolls (pickers,
// the `/` and `@` lists, select dialogs): where the highlighted row is, and whether to offer
// "type to search". pi's lists do the same: `(3/21)` only while the list scrolls.

/** What a list shows: the highlighted row among the rows that match, in a window of `rows`. */
export type ListView = {
  /** Index of the highlighted row among the shown (matching) rows. */
  selected: number;
  /** Rows that match the query (all of them when there is none). */
  shown: number;
  /** Rows the list has before any query. */
  all: number;
  /** Rows of the window the list is drawn in. */
  rows: number;
};

/** `3/21`: the highlighted row's position among those that match, while they do not all fit; else "". */
export function listPosition(v: ListView): string {
  if (v.shown <= Math.max(1, v.rows) || v.shown === 0) return "";
  return `${Math.min(v.selected, v.shown - 1) + 1}/${v.shown}`;
}

export const SEARCH_HINT = "type to search";

/** Offer "type to search" where typing filters and the list, before any query, is longer than its window. */
export function offersSearch(v: ListView, query: string): boolean {
  return query === "" && v.all > Math.max(1, v.rows);
}

/** A hint row's text: the position first (when there is one), then the keys, joined by " · ". */
export function listHint(v: ListView, ...parts: string[]): string {
  return [listPosition(v), ...parts].filter((p) => p !== "").join(" · ");
}
