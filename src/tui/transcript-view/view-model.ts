// The whole view as rows: blocks with their fold state, their heights (one number each; the
// laid-out rows live in the cache's small LRU), prefix sums of the heights, and lookups between
// absolute rows and blocks. Rebuilt when blocks, folds or the width change; only blocks not
// measured before cost anything. Answers not rendered yet count with an estimate; `realize`
// lays out the blocks a window shows (and `realizeSome` counts the rest, a time slice at a
// time, keeping only the counts), so positions become exact without a long wait on open.
import { type LayoutCache, MAX_BUILT_BLOCKS } from "./layout-cache.js";
import type { ViewFold, Needle } from "./layout.js";
import { layoutRows } from "./layout.js";
import type { ViewBlock } from "./view-blocks.js";

/**
 * Blocks prefetch() lays out from the screen down at most, and half as many above it: well under
 * what the cache keeps.
 */
const MAX_PREFETCH = Math.floor(MAX_BUILT_BLOCKS / 3);

/** A position that survives relayout: a block and a row inside it. */
export type Anchor = { block: number; offset: number };

export type ViewModel = {
  readonly totalRows: number;
  readonly blockCount: number;
  block(i: number): ViewBlock | undefined;
  blockStart(i: number): number;
  blockRows(i: number): number;
  /** Block containing absolute `row` (clamped). */
  blockAt(row: number): number;
  /** Search matches over every block's full layout (folded blocks included, hidden thinking not). */
  search(needle: Needle): Anchor[];
  /** Rows [from, to) with the block each belongs to (the blocks must be realized). */
  rows(from: number, to: number, needle: Needle | undefined): Array<{ text: string; block: number }>;
  /**
   * Lay out exactly the blocks a window needs: from `top` down `height` rows, or the last
   * `height` rows when `bottom`, and the cursor's block. True when row counts changed.
   */
  realize(top: Anchor, cursor: Anchor, height: number, bottom: boolean): boolean;
  /**
   * Lay out for display, for about `budgetMs`, the blocks within `around` rows above and below
   * the window from `top` down `height` rows, so the next page or jump finds them laid out.
   * `changed`: row counts changed; `done`: every such block is laid out.
   */
  prefetch(top: Anchor, height: number, around: number, budgetMs: number): { changed: boolean; done: boolean };
  /** Lay out estimated blocks for about `budgetMs`; true when row counts changed. */
  realizeSome(budgetMs: number): boolean;
  /** Whether some blocks still have estimated heights. */
  pending(): boolean;
};

export function buildViewModel(
  blocks: readonly ViewBlock[],
  cache: LayoutCache,
  foldOf: (b: ViewBlock) => ViewFold,
  now: number,
  searchable: (b: ViewBlock) => boolean,
): ViewModel {
  return new BlockRows(blocks, cache, foldOf, now, searchable);
}

/** The blocks' heights and their prefix sums; estimated heights are made exact on demand. */
class BlockRows implements ViewModel {
  private readonly heights: Float64Array;
  /** 1 where the height is still an estimate. */
  private readonly guessed: Uint8Array;
  /** starts[i]: the first row of block i; starts[length]: the total. */
  private readonly starts: Float64Array;
  private total = 0;
  /** How many heights are still estimates. */
  private estimated = 0;
  /** The next block realizeSome() makes exact. */
  private sweep = 0;
  /** The last search's needle and matches (n and N repeat it over the same model). */
  private lastSearch: { key: string; found: Anchor[] } | undefined;

  constructor(
    private readonly blocks: readonly ViewBlock[],
    private readonly cache: LayoutCache,
    private readonly foldOf: (b: ViewBlock) => ViewFold,
    private readonly now: number,
    private readonly searchable: (b: ViewBlock) => boolean,
  ) {
    this.heights = new Float64Array(blocks.length);
    this.guessed = new Uint8Array(blocks.length);
    this.starts = new Float64Array(blocks.length + 1);
    for (let i = 0; i < blocks.length; i += 1) {
      const b = blocks[i] as ViewBlock;
      const h = cache.height(b, foldOf(b), now, false);
      this.heights[i] = h.rows;
      if (h.estimated) {
        this.guessed[i] = 1;
        this.estimated += 1;
      }
    }
    this.sum();
  }

  get totalRows(): number {
    return this.total;
  }

  get blockCount(): number {
    return this.blocks.length;
  }

  block(i: number): ViewBlock | undefined {
    return this.blocks[i];
  }

  blockStart(i: number): number {
    return this.starts[Math.max(0, Math.min(this.blocks.length, i))] ?? 0;
  }

  blockRows(i: number): number {
    return this.heights[i] ?? 0;
  }

  blockAt(row: number): number {
    if (this.blocks.length === 0) return 0;
    const r = Math.max(0, Math.min(this.total - 1, row));
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= r) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  search(needle: Needle): Anchor[] {
    const key = `${needle.fold ? "i" : "s"}${needle.text}`;
    if (this.lastSearch?.key === key) return this.lastSearch.found;
    const found: Anchor[] = [];
    this.blocks.forEach((b, i) => {
      if (!this.searchable(b)) return;
      for (const offset of this.cache.search(b, needle, this.now)) found.push({ block: i, offset });
    });
    this.lastSearch = { key, found };
    return found;
  }

  rows(from: number, to: number, needle: Needle | undefined): Array<{ text: string; block: number }> {
    const out: Array<{ text: string; block: number }> = [];
    if (this.blocks.length === 0) return out;
    // Callers realize their window first; this only catches a window that was not.
    let changed = false;
    for (let i = this.blockAt(from), r = this.starts[i] ?? 0; i < this.blocks.length && r < to; i += 1) {
      changed = this.exact(i, true) || changed;
      r += this.heights[i] ?? 0;
    }
    if (changed) this.sum();
    let row = Math.max(0, from);
    const end = Math.min(this.total, to);
    let i = this.blockAt(row);
    while (row < end && i < this.blocks.length) {
      const b = this.blocks[i] as ViewBlock;
      const l = this.cache.layout(b, this.foldOf(b), this.now, true);
      const s = this.starts[i] ?? 0;
      const take = Math.min(end, s + l.rows);
      for (const text of layoutRows(l, row - s, take - s, needle)) out.push({ text, block: i });
      row = take;
      i += 1;
    }
    return out;
  }

  realize(top: Anchor, cursor: Anchor, height: number, bottom: boolean): boolean {
    const count = this.blocks.length;
    if (this.estimated === 0 || count === 0) return false;
    let changed = this.exact(Math.max(0, Math.min(count - 1, cursor.block)), true);
    if (bottom) {
      for (let i = count - 1, rows = 0; i >= 0 && rows < height; i -= 1) {
        changed = this.exact(i, true) || changed;
        rows += this.heights[i] ?? 0;
      }
    } else {
      const first = Math.max(0, Math.min(count - 1, top.block));
      for (let i = first, rows = -top.offset; i < count && rows < height; i += 1) {
        changed = this.exact(i, true) || changed;
        rows += this.heights[i] ?? 0;
      }
    }
    if (changed) this.sum();
    return changed;
  }

  prefetch(top: Anchor, height: number, around: number, budgetMs: number): { changed: boolean; done: boolean } {
    const count = this.blocks.length;
    if (count === 0) return { changed: false, done: true };
    const until = performance.now() + budgetMs;
    const first = Math.max(0, Math.min(count - 1, top.block));
    // The screen and below it (the usual direction), then above; never more blocks than the
    // cache keeps besides the screen's own.
    const wanted: number[] = [];
    for (
      let i = first, rows = -top.offset;
      i < count && rows < height + around && wanted.length < MAX_PREFETCH;
      i += 1
    ) {
      wanted.push(i);
      rows += this.heights[i] ?? 0;
    }
    const below = wanted.length;
    for (
      let i = first - 1, rows = top.offset;
      i >= 0 && rows < around && wanted.length < below + MAX_PREFETCH / 2;
      i -= 1
    ) {
      wanted.push(i);
      rows += this.heights[i] ?? 0;
    }
    let changed = false;
    let done = true;
    for (const i of wanted) {
      if (performance.now() >= until) {
        done = false;
        break;
      }
      // The streaming text has no cached layout: the frame lays it out, doing it here too would
      // render its markdown once more every time it grows.
      if (this.blocks[i]?.kind === "streaming") continue;
      changed = this.exact(i, true) || changed;
    }
    if (changed) this.sum();
    return { changed, done };
  }

  realizeSome(budgetMs: number): boolean {
    if (this.estimated === 0) return false;
    const until = performance.now() + budgetMs;
    let changed = false;
    while (this.sweep < this.blocks.length && performance.now() < until) {
      changed = this.exact(this.sweep, false) || changed;
      this.sweep += 1;
    }
    if (changed) this.sum();
    return changed;
  }

  pending(): boolean {
    return this.estimated > 0;
  }

  private sum(): void {
    this.total = 0;
    for (let i = 0; i < this.blocks.length; i += 1) {
      this.starts[i] = this.total;
      this.total += this.heights[i] ?? 0;
    }
    this.starts[this.blocks.length] = this.total;
  }

  /**
   * Make block `i`'s height exact: laid out for display when `shown`, else only counted (the
   * rows are not kept). True when its height changed.
   */
  private exact(i: number, shown: boolean): boolean {
    const b = this.blocks[i];
    if (!b || (!shown && this.guessed[i] === 0)) return false;
    const rows = shown
      ? this.cache.layout(b, this.foldOf(b), this.now, true).rows
      : this.cache.height(b, this.foldOf(b), this.now, true).rows;
    if (this.guessed[i] === 1) {
      this.guessed[i] = 0;
      this.estimated -= 1;
    }
    if (rows === this.heights[i]) return false;
    this.heights[i] = rows;
    return true;
  }
}
