// The whole view as rows: blocks with their fold state laid out through the cache, prefix sums
// of their heights, and lookups between absolute rows and blocks. Rebuilt when blocks, folds or
// the width change; only blocks not laid out before cost anything. Answers not rendered yet
// count with an estimate; `realize` renders the blocks a window shows (and `realizeSome` the
// rest, a time slice at a time), so positions become exact without a long wait on open.
import type { BlockLayout, Fold, LayoutCache, Needle } from "./layout.js";
import { layoutRows } from "./layout.js";
import type { ViewBlock } from "./view-blocks.js";

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
  /** Lay out estimated blocks for about `budgetMs`; true when row counts changed. */
  realizeSome(budgetMs: number): boolean;
  /** Whether some blocks still have estimated heights. */
  pending(): boolean;
};

export function buildViewModel(blocks: readonly ViewBlock[], cache: LayoutCache, foldOf: (b: ViewBlock) => Fold, now: number, searchable: (b: ViewBlock) => boolean): ViewModel {
  const layouts: BlockLayout[] = new Array<BlockLayout>(blocks.length);
  const starts = new Float64Array(blocks.length + 1);
  let total = 0;
  let estimated = 0;
  const sum = (): void => {
    total = 0;
    for (let i = 0; i < blocks.length; i += 1) {
      starts[i] = total;
      total += layouts[i]?.rows ?? 0;
    }
    starts[blocks.length] = total;
  };
  for (let i = 0; i < blocks.length; i += 1) {
    const l = cache.layout(blocks[i] as ViewBlock, foldOf(blocks[i] as ViewBlock), now, false);
    layouts[i] = l;
    if (l.estimated) estimated += 1;
  }
  sum();
  /** Make block `i` exact; true when its height changed. */
  const exact = (i: number): boolean => {
    const old = layouts[i];
    if (!old?.estimated) return false;
    const b = blocks[i] as ViewBlock;
    const l = cache.layout(b, foldOf(b), now, true);
    layouts[i] = l;
    estimated -= 1;
    return l.rows !== old.rows;
  };
  const blockAt = (row: number): number => {
    if (blocks.length === 0) return 0;
    const r = Math.max(0, Math.min(total - 1, row));
    let lo = 0;
    let hi = blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= r) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  let sweep = 0;
  return {
    get totalRows() {
      return total;
    },
    blockCount: blocks.length,
    block: (i) => blocks[i],
    blockStart: (i) => starts[Math.max(0, Math.min(blocks.length, i))] ?? 0,
    blockRows: (i) => layouts[i]?.rows ?? 0,
    blockAt,
    search(needle) {
      const out: Anchor[] = [];
      blocks.forEach((b, i) => {
        if (!searchable(b)) return;
        for (const offset of cache.search(b, needle, now)) out.push({ block: i, offset });
      });
      return out;
    },
    rows(from, to, needle) {
      const out: Array<{ text: string; block: number }> = [];
      if (blocks.length === 0) return out;
      // Callers realize their window first; this only catches a window that was not.
      let changed = false;
      for (let i = blockAt(from), r = starts[i] ?? 0; i < blocks.length && r < to; i += 1) {
        changed = exact(i) || changed;
        r += layouts[i]?.rows ?? 0;
      }
      if (changed) sum();
      let row = Math.max(0, from);
      const end = Math.min(total, to);
      let i = blockAt(row);
      while (row < end && i < blocks.length) {
        const l = layouts[i] as BlockLayout;
        const s = starts[i] ?? 0;
        const take = Math.min(end, s + l.rows);
        for (const text of layoutRows(l, row - s, take - s, needle)) out.push({ text, block: i });
        row = take;
        i += 1;
      }
      return out;
    },
    realize(top, cursor, height, bottom) {
      if (estimated === 0 || blocks.length === 0) return false;
      let changed = exact(Math.max(0, Math.min(blocks.length - 1, cursor.block)));
      if (bottom) {
        for (let i = blocks.length - 1, rows = 0; i >= 0 && rows < height; i -= 1) {
          changed = exact(i) || changed;
          rows += layouts[i]?.rows ?? 0;
        }
      } else {
        const first = Math.max(0, Math.min(blocks.length - 1, top.block));
        for (let i = first, rows = -top.offset; i < blocks.length && rows < height; i += 1) {
          changed = exact(i) || changed;
          rows += layouts[i]?.rows ?? 0;
        }
      }
      if (changed) sum();
      return changed;
    },
    realizeSome(budgetMs) {
      if (estimated === 0) return false;
      const until = performance.now() + budgetMs;
      let changed = false;
      while (sweep < blocks.length && performance.now() < until) {
        changed = exact(sweep) || changed;
        sweep += 1;
      }
      if (changed) sum();
      return changed;
    },
    pending: () => estimated > 0,
  };
}
