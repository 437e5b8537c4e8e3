// The transcript view's state and its pure reducer: viewport and cursor (as block anchors, so
// they survive relayout, resizes and live appends), per-block folds, the thinking toggle and
// search. Row arithmetic reads a ViewModel built from the same state.
import { type ViewFold, needleFor } from "./layout.js";
import type { ViewBlock } from "./view-blocks.js";
import { isPrompt, isToolCall } from "./view-blocks.js";
import type { Anchor, ViewModel } from "./view-model.js";

/** `dir`: 1 for `/` (forward), -1 for `?` (backward); n repeats it, N goes the other way. */
export type SearchState = { editing: boolean; draft: string; query: string; dir: 1 | -1 };

export type TranscriptViewState = {
  /** First visible row and the row under the cursor. */
  top: Anchor;
  cursor: Anchor;
  /** Stick to the bottom as content arrives (true while the last row is on screen). */
  follow: boolean;
  /** Content rows on screen. */
  height: number;
  /** Per-block folds chosen with Enter/Space, by block key; others follow the defaults. */
  folds: Record<string, ViewFold>;
  defaultFold: ViewFold;
  showThinking: boolean;
  search: SearchState;
  /** One-line feedback in the footer (copied, not found, …) until the next key. */
  message: string | undefined;
};

export type ViewAction =
  | { type: "move"; rows: number }
  /** The mouse put the cursor on absolute row `row` (view-mouse.ts). */
  | { type: "click"; row: number }
  | { type: "page"; pages: number }
  | { type: "scroll"; rows: number }
  | { type: "top" }
  | { type: "bottom" }
  | { type: "jump"; target: "prompt" | "tool"; dir: 1 | -1 }
  | { type: "toggle_block" }
  | { type: "fold_all"; fold: ViewFold }
  | { type: "toggle_thinking" }
  | { type: "search_start"; dir: 1 | -1 }
  | { type: "search_input"; text: string }
  | { type: "search_backspace" }
  | { type: "search_cancel" }
  | { type: "search_submit" }
  /** dir 1: again in the search's direction (n); -1: the other way (N). */
  | { type: "search_next"; dir: 1 | -1 }
  | { type: "resize"; height: number }
  | { type: "message"; text: string | undefined };

export function initialViewState(o: { height: number; showThinking: boolean; lastBlock: number }): TranscriptViewState {
  const anchor = { block: Math.max(0, o.lastBlock), offset: 0 };
  return {
    top: anchor,
    cursor: anchor,
    follow: true,
    height: Math.max(1, o.height),
    folds: {},
    defaultFold: "full",
    showThinking: o.showThinking,
    search: { editing: false, draft: "", query: "", dir: 1 },
    message: undefined,
  };
}

/** What decides how blocks are shown (and so the layout); scrolling does not. */
export type FoldChoices = Pick<TranscriptViewState, "folds" | "defaultFold" | "showThinking">;

/** How `b` is shown. */
export function blockFold(s: FoldChoices, b: ViewBlock): ViewFold {
  const chosen = s.folds[b.key];
  if (chosen) return chosen;
  if (b.kind === "thinking" && !s.showThinking) return "folded";
  return s.defaultFold;
}

/** Hidden thinking is not searched (a match there could not be shown without unhiding it). */
export function isSearchable(s: FoldChoices, b: ViewBlock): boolean {
  return b.kind !== "thinking" || s.showThinking || s.folds[b.key] === "full";
}

function rowOf(a: Anchor, m: ViewModel): number {
  if (m.blockCount === 0) return 0;
  const block = Math.max(0, Math.min(m.blockCount - 1, a.block));
  return m.blockStart(block) + Math.max(0, Math.min(m.blockRows(block) - 1, block === a.block ? a.offset : 0));
}

function anchorAt(row: number, m: ViewModel): Anchor {
  const block = m.blockAt(row);
  return { block, offset: Math.max(0, row - m.blockStart(block)) };
}

function maxTop(s: TranscriptViewState, m: ViewModel): number {
  return Math.max(0, m.totalRows - s.height);
}

/** The state with the top at `top` and the cursor at `cursor` (rows), both clamped. */
function place(s: TranscriptViewState, m: ViewModel, top: number, cursor: number): TranscriptViewState {
  const last = Math.max(0, m.totalRows - 1);
  const t = Math.max(0, Math.min(maxTop(s, m), top));
  const c = Math.max(t, Math.min(Math.min(last, t + s.height - 1), cursor));
  return { ...s, top: anchorAt(t, m), cursor: anchorAt(c, m), follow: t >= maxTop(s, m) };
}

/** Move the cursor to `row`, scrolling as little as needed to keep it visible. */
function moveCursor(s: TranscriptViewState, m: ViewModel, row: number): TranscriptViewState {
  const c = Math.max(0, Math.min(m.totalRows - 1, row));
  const top = rowOf(s.top, m);
  const t = c < top ? c : c >= top + s.height ? c - s.height + 1 : top;
  return place(s, m, t, c);
}

/**
 * Re-clamp after the model changed (new blocks, folds, width, height): anchors stay on their
 * blocks, a view at the bottom stays at the bottom, and the cursor stays on screen.
 */
export function settleView(s: TranscriptViewState, m: ViewModel): TranscriptViewState {
  if (m.blockCount === 0) return { ...s, top: { block: 0, offset: 0 }, cursor: { block: 0, offset: 0 }, follow: true };
  const cursor = rowOf(s.cursor, m);
  if (s.follow) {
    const top = maxTop(s, m);
    return place(s, m, top, cursor);
  }
  const top = rowOf(s.top, m);
  const t = cursor < top ? cursor : cursor >= top + s.height ? cursor - s.height + 1 : top;
  const next = place(s, m, t, cursor);
  // The cursor block's anchor is kept as it was when it still fits (it may be past a fold).
  return sameAnchor(next.top, s.top) && sameAnchor(next.cursor, s.cursor) && next.follow === s.follow ? s : next;
}

export function sameAnchor(a: Anchor, b: Anchor): boolean {
  return a.block === b.block && a.offset === b.offset;
}

function findBlock(m: ViewModel, from: number, dir: 1 | -1, match: (b: ViewBlock) => boolean): number | undefined {
  for (let i = from + dir; i >= 0 && i < m.blockCount; i += dir) {
    const b = m.block(i);
    if (b && match(b)) return i;
  }
  return undefined;
}

/** Show block `i` from its first row at the top of the screen, cursor on that row. */
function showBlock(s: TranscriptViewState, m: ViewModel, i: number): TranscriptViewState {
  const row = m.blockStart(i);
  return place(s, m, row, row);
}

function searchNext(s: TranscriptViewState, m: ViewModel, dir: 1 | -1): TranscriptViewState {
  const needle = needleFor(s.search.query);
  if (!needle) return { ...s, message: "No search yet: press / to search" };
  const matches = m.search(needle);
  if (matches.length === 0) return { ...s, message: `Not found: ${s.search.query}` };
  // Matches are rows of each block's full layout; a folded block's rows start at the same place.
  const abs = (a: Anchor): number => m.blockStart(a.block) + a.offset;
  const here = rowOf(s.cursor, m);
  let index = dir === 1 ? matches.findIndex((a) => abs(a) > here) : findLastIndex(matches, (a) => abs(a) < here);
  let wrapped = false;
  if (index === -1) {
    index = dir === 1 ? 0 : matches.length - 1;
    wrapped = true;
  }
  const hit = matches[index] as Anchor;
  const b = m.block(hit.block);
  const folds = b && blockFold(s, b) === "folded" ? { ...s.folds, [b.key]: "full" as const } : s.folds;
  // Put the match a third of the way down the screen; anchors are relative to its block, which
  // keeps them right once the unfolded block is laid out.
  const third = Math.floor(s.height / 3);
  const topRow = Math.max(0, abs(hit) - third);
  const top =
    topRow >= m.blockStart(hit.block)
      ? { block: hit.block, offset: topRow - m.blockStart(hit.block) }
      : anchorAt(topRow, m);
  const where = `${index + 1}/${matches.length}`;
  const message = wrapped ? `${where} · search wrapped to the ${dir === 1 ? "top" : "bottom"}` : where;
  return { ...s, folds, top, cursor: hit, follow: false, message };
}

function findLastIndex<T>(list: readonly T[], pred: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i -= 1) if (pred(list[i] as T)) return i;
  return -1;
}

/** The view reducer. `m` is the model of `s` before the action. Pure. */
export function reduceView(state: TranscriptViewState, a: ViewAction, m: ViewModel): TranscriptViewState {
  const s = a.type === "message" || a.type === "resize" ? state : { ...state, message: undefined };
  switch (a.type) {
    case "move":
    case "click":
      return moveCursor(s, m, a.type === "click" ? a.row : rowOf(s.cursor, m) + a.rows);
    case "page": {
      const by = Math.max(1, Math.round(s.height * Math.abs(a.pages))) * Math.sign(a.pages);
      return place(s, m, rowOf(s.top, m) + by, rowOf(s.cursor, m) + by);
    }
    case "scroll":
      return place(s, m, rowOf(s.top, m) + a.rows, rowOf(s.cursor, m));
    case "top":
      return place(s, m, 0, 0);
    case "bottom":
      return place(s, m, maxTop(s, m), m.totalRows - 1);
    case "jump": {
      const match = a.target === "prompt" ? isPrompt : isToolCall;
      // Backwards from inside a matching block goes to its own start first.
      const current = m.block(s.cursor.block);
      const inside =
        a.dir === -1 && current !== undefined && match(current) && rowOf(s.cursor, m) > m.blockStart(s.cursor.block);
      const i = inside ? s.cursor.block : findBlock(m, s.cursor.block, a.dir, match);
      if (i === undefined)
        return {
          ...s,
          message: `No ${a.dir === 1 ? "later" : "earlier"} ${a.target === "prompt" ? "prompt" : "tool call"}`,
        };
      return showBlock(s, m, i);
    }
    case "toggle_block": {
      const b = m.block(s.cursor.block);
      if (!b) return s;
      const fold: ViewFold = blockFold(s, b) === "full" ? "folded" : "full";
      const cursor = { block: s.cursor.block, offset: 0 };
      const top = s.top.block === cursor.block ? cursor : s.top.block > cursor.block ? cursor : s.top;
      return { ...s, folds: { ...s.folds, [b.key]: fold }, cursor, top, follow: false };
    }
    case "fold_all": {
      const cursor = { block: s.cursor.block, offset: 0 };
      return { ...s, folds: {}, defaultFold: a.fold, cursor, top: cursor, follow: false };
    }
    case "toggle_thinking": {
      // The toggle applies to every thinking block: choices made one by one are dropped.
      const thinking = new Set<string>();
      for (let i = 0; i < m.blockCount; i += 1) {
        const b = m.block(i);
        if (b?.kind === "thinking" && s.folds[b.key]) thinking.add(b.key);
      }
      const folds = Object.fromEntries(Object.entries(s.folds).filter(([k]) => !thinking.has(k)));
      const cursor = { block: s.cursor.block, offset: 0 };
      return { ...s, showThinking: !s.showThinking, folds, cursor, top: s.top.block >= cursor.block ? cursor : s.top };
    }
    case "search_start":
      return { ...s, search: { ...s.search, editing: true, draft: "", dir: a.dir } };
    case "search_input":
      return { ...s, search: { ...s.search, draft: s.search.draft + a.text.replace(/[\r\n]+/g, " ") } };
    case "search_backspace":
      // Backspace on an empty prompt leaves it, as in less.
      if (s.search.draft === "") return { ...s, search: { ...s.search, editing: false } };
      return { ...s, search: { ...s.search, draft: Array.from(s.search.draft).slice(0, -1).join("") } };
    case "search_cancel":
      return { ...s, search: { ...s.search, editing: false } };
    case "search_submit": {
      // An empty search repeats the last one, as in less and vim.
      const query = s.search.draft === "" ? s.search.query : s.search.draft;
      return searchNext({ ...s, search: { ...s.search, editing: false, draft: "", query } }, m, s.search.dir);
    }
    case "search_next":
      return searchNext(s, m, a.dir === 1 ? s.search.dir : s.search.dir === 1 ? -1 : 1);
    case "resize":
      return { ...s, height: Math.max(1, a.height) };
    case "message":
      return { ...s, message: a.text };
    default: {
      const never: never = a;
      return never;
    }
  }
}
