// Layouts of the transcript view's blocks for one width, with memory bounded whatever the size
// of the session: per block only its row count is kept (a few numbers), the laid-out rows of
// the last blocks shown stay in a small LRU, and search results are kept for the last queries.
// A block that scrolls back into view is laid out again from its entry.
import type { Part } from "../blocks/index.js";
import { NO_PAINT, type Palette } from "../render/palette.js";
import { blockParts } from "./block-content.js";
import {
  type BlockLayout,
  type ViewFold,
  type LayoutMode,
  type Needle,
  foldLayout,
  foldedRows,
  layoutParts,
  searchLayout,
} from "./layout.js";
import type { ViewBlock } from "./view-blocks.js";

/** Laid-out blocks kept: a few screens' worth, so scrolling back and forth does not re-render. */
export const MAX_BUILT_BLOCKS = 64;
/** Queries whose per-block matches are kept (n and N repeat the last one). */
const MAX_QUERIES = 4;

/** A block's height: `estimated` while its markdown was neither rendered nor counted. */
export type BlockHeight = { rows: number; estimated: boolean };

/**
 * Layouts per block for one width. A new width starts a new cache (the old one is dropped).
 */
export type LayoutCache = {
  readonly width: number;
  /** What its rows are painted in: a cache holds the layouts of one palette. */
  readonly palette: Palette;
  /** Rows of the block as folded by `fold`; `exact: false` may answer with an estimate. Keeps one number per block. */
  height(block: ViewBlock, fold: ViewFold, now: number, exact: boolean): BlockHeight;
  /** The block laid out for display (`exact: false` may answer with an estimate without rows). */
  layout(block: ViewBlock, fold: ViewFold, now: number, exact: boolean): BlockLayout;
  /** Matching rows of the block's full layout (cached for the last few queries). */
  search(block: ViewBlock, needle: Needle, now: number): number[];
  /** How many blocks' laid-out rows are held now (at most MAX_BUILT_BLOCKS). */
  builtCount(): number;
};

/** The object whose identity stands for a block's content (entries and runs are immutable). */
function identity(b: ViewBlock): object | undefined {
  switch (b.kind) {
    case "user":
    case "notice":
    case "bash":
    case "custom":
      return b.entry;
    case "answer":
    case "thinking":
      return b.first;
    case "tool":
      return b.run;
    case "streaming":
      return undefined;
    default: {
      const never: never = b;
      return never;
    }
  }
}

/** What is kept per block: the pieces it had (an answer may still grow) and its full rows. */
type Size = { pieces: number; rows: number; estimated: boolean };
type Built = { pieces: number; full: BlockLayout; folded: BlockLayout | undefined };

const EMPTY: number[] = [];

const piecesOf = (b: ViewBlock): number => (b.kind === "answer" || b.kind === "thinking" ? b.pieces.length : 0);

function markdownText(parts: readonly Part[]): string {
  return parts.map((p) => (p.kind === "markdown" ? p.text : "")).join("\n");
}

/** Rows of `b` where `needle` occurs; a markdown block is rendered only when its source has the text. */
function matchingRows(b: ViewBlock, needle: Needle, now: number, layout: () => BlockLayout): number[] {
  // Which text a block holds does not depend on its colours.
  const parts = blockParts(b, now, NO_PAINT);
  const onlyMarkdown = parts.every((p) => p.kind === "markdown");
  const source = onlyMarkdown ? markdownText(parts) : "";
  const maybe = !onlyMarkdown || (needle.fold ? source.toLowerCase() : source).includes(needle.text);
  const rows = maybe ? searchLayout(layout(), needle) : EMPTY;
  return rows.length === 0 ? EMPTY : rows;
}

/** `b` laid out at width `w` in `palette`. */
function layOut(b: ViewBlock, now: number, mode: LayoutMode, w: number, palette: Palette): BlockLayout {
  return layoutParts(blockParts(b, now, palette), w, mode, palette);
}

export function createLayoutCache(width: number, palette: Palette): LayoutCache {
  const w = Math.max(20, width);
  const sizes = new WeakMap<object, Size>();
  // Insertion order is recency: a hit is moved to the end, the first is the least recent.
  const built = new Map<object, Built>();
  const searches = new Map<string, WeakMap<object, number[]>>();

  const remember = (id: object | undefined, pieces: number, full: BlockLayout): void => {
    if (id) sizes.set(id, { pieces, rows: full.rows, estimated: full.estimated });
  };

  /** The block laid out for display, from the LRU or rendered now (and kept when `keep`). */
  const build = (b: ViewBlock, now: number, keep: boolean): Built => {
    const id = identity(b);
    const pieces = piecesOf(b);
    const hit = id ? built.get(id) : undefined;
    if (id && hit && hit.pieces === pieces) {
      built.delete(id);
      built.set(id, hit);
      return hit;
    }
    const made: Built = { pieces, full: layOut(b, now, "render", w, palette), folded: undefined };
    remember(id, pieces, made.full);
    if (id && keep) {
      built.delete(id);
      built.set(id, made);
      if (built.size > MAX_BUILT_BLOCKS) built.delete(built.keys().next().value as object);
    }
    return made;
  };

  const fullHeight = (b: ViewBlock, now: number, mode: LayoutMode): BlockHeight => {
    const id = identity(b);
    const pieces = piecesOf(b);
    const known = id ? sizes.get(id) : undefined;
    if (known && known.pieces === pieces && (!known.estimated || mode === "estimate")) return known;
    const l = id ? built.get(id) : undefined;
    if (l && l.pieces === pieces) return l.full;
    const full = layOut(b, now, mode, w, palette);
    remember(id, pieces, full);
    return full;
  };

  return {
    width: w,
    palette,
    height(b, fold, now, exact) {
      const full = fullHeight(b, now, exact ? "count" : "estimate");
      if (fold === "full") return { rows: full.rows, estimated: full.estimated };
      return { rows: full.estimated ? 3 : foldedRows(full.rows), estimated: full.estimated };
    },
    layout(b, fold, now, exact) {
      if (!exact) {
        const h = this.height(b, fold, now, false);
        if (h.estimated) return { rows: h.rows, segs: [], estimated: true };
      }
      const made = build(b, now, true);
      if (fold === "full") return made.full;
      made.folded ??= foldLayout(made.full, b.kind === "thinking" ? "thinking · " : "", palette);
      return made.folded;
    },
    search(b, needle, now) {
      const key = `${needle.fold ? "i" : "s"}${needle.text}`;
      let found = searches.get(key);
      if (!found) {
        found = new WeakMap();
        searches.set(key, found);
        if (searches.size > MAX_QUERIES) searches.delete(searches.keys().next().value as string);
      }
      const id = identity(b);
      const hit = id ? found.get(id) : undefined;
      if (hit) return hit;
      const result = matchingRows(b, needle, now, () => build(b, now, false).full);
      if (id) found.set(id, result);
      return result;
    },
    builtCount: () => built.size,
  };
}

let shared: LayoutCache | undefined;

/** The app's cache for `width` and `palette`: it outlives the view, so reopening lays out only what is new. */
export function layoutCacheFor(width: number, palette: Palette): LayoutCache {
  if (!shared || shared.width !== Math.max(20, width) || shared.palette !== palette)
    shared = createLayoutCache(width, palette);
  return shared;
}
