// The transcript view's layout cache holds memory bounded by what is shown, not by the session:
// counting an answer's rows keeps no rows, scrolling through every block keeps the laid-out
// rows of the last few only, an evicted block comes back the same, and search results are
// kept for the last few queries.
import { describe, expect, it } from "vitest";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import type { Entry } from "../../../src/tui/state/types.js";
import {
  createLayoutCache,
  type LayoutCache,
  MAX_BUILT_BLOCKS,
} from "../../../src/tui/transcript-view/layout-cache.js";
import { needleFor } from "../../../src/tui/transcript-view/layout.js";
import { committedBlocks } from "../../../src/tui/transcript-view/view-blocks.js";
import { buildViewModel } from "../../../src/tui/transcript-view/view-model.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

/** An answer with a list and a highlighted code block whose long line wraps. */
function answer(id: number): Entry {
  const code = `  const value${id} = normalise(input, ${id}) + "a string long enough to wrap at sixty columns" + other(${id});`;
  return {
    kind: "markdown",
    id,
    text: `Answer **${id}** with \`code\`.\n\n- one\n- two\n\n\`\`\`ts\nexport function f${id}(input: number): number {\n${code}\n  return value${id};\n}\n\`\`\``,
    continues: false,
  };
}

const model = (entries: Entry[], cache = createLayoutCache(60, PALETTE)) => ({
  cache,
  m: buildViewModel(
    committedBlocks(entries).blocks,
    cache,
    () => "full",
    0,
    () => true,
  ),
});

describe("transcript view layout cache", () => {
  it("counts an answer's rows without keeping them, as many rows as its highlighted layout", () => {
    const cache = createLayoutCache(60, buildPalette("dark", 3));
    const b = committedBlocks([answer(1)]).blocks[0];
    if (!b) throw new Error("no block");
    expect(cache.height(b, "full", 0, false).estimated).toBe(true);
    const counted = cache.height(b, "full", 0, true);
    expect(counted.estimated).toBe(false);
    expect(cache.builtCount()).toBe(0);
    const shown = cache.layout(b, "full", 0, true);
    expect(shown.rows).toBe(counted.rows);
    expect(cache.builtCount()).toBe(1);
    expect(cache.height(b, "folded", 0, true).rows).toBe(3);
  });

  it("keeps the laid-out rows of the last blocks shown only, and shows an evicted block the same again", () => {
    const entries = Array.from({ length: 4 * MAX_BUILT_BLOCKS }, (_, i) => answer(i + 1));
    const { cache, m } = model(entries);
    m.realize({ block: 0, offset: 0 }, { block: 0, offset: 0 }, 1, false);
    const first = m.rows(0, m.blockStart(1), undefined).map((r) => r.text);
    // Page through the whole session, as j/PgDn would.
    for (let top = 0; top < m.totalRows; top += 20) {
      m.realize(
        { block: m.blockAt(top), offset: top - m.blockStart(m.blockAt(top)) },
        { block: m.blockAt(top), offset: 0 },
        20,
        false,
      );
      expect(m.rows(top, top + 20, undefined).length).toBeGreaterThan(0);
    }
    expect(cache.builtCount()).toBeLessThanOrEqual(MAX_BUILT_BLOCKS);
    expect(m.pending()).toBe(false);
    expect(m.rows(0, m.blockStart(1), undefined).map((r) => r.text)).toEqual(first);
    expect(stripSgr(first[0] ?? "")).toContain("Answer 1 with code.");
  });

  it("makes every height exact in the background without keeping any block's rows", () => {
    const entries = Array.from({ length: 200 }, (_, i) => answer(i + 1));
    const { cache, m } = model(entries);
    const estimate = m.totalRows;
    while (m.pending()) m.realizeSome(50);
    expect(cache.builtCount()).toBe(0);
    // Exact now: the same total as laying every block out for display.
    const { m: shown } = model(entries);
    shown.realize({ block: 0, offset: 0 }, { block: 0, offset: 0 }, Number.MAX_SAFE_INTEGER, false);
    expect(m.totalRows).toBe(shown.totalRows);
    expect(estimate).toBeGreaterThan(0);
  });

  it("prefetches the blocks around a window: the next page then lays out nothing new, and shows the same rows", () => {
    const entries = Array.from({ length: 100 }, (_, i) => answer(i + 1));
    const { cache, m } = model(entries);
    const top = { block: 40, offset: 0 };
    expect(m.prefetch(top, 20, 20, 0)).toEqual({ changed: false, done: false });
    expect(cache.builtCount()).toBe(0);
    const r = m.prefetch(top, 20, 20, Number.POSITIVE_INFINITY);
    expect(r).toEqual({ changed: true, done: true });
    const built = cache.builtCount();
    expect(built).toBeGreaterThan(2);
    expect(built).toBeLessThan(MAX_BUILT_BLOCKS / 2);
    // A page down and a page up from there: every block is laid out already.
    const below = m.blockAt(m.blockStart(40) + 20);
    const above = m.blockAt(Math.max(0, m.blockStart(40) - 20));
    expect(m.realize({ block: below, offset: 0 }, { block: below, offset: 0 }, 20, false)).toBe(false);
    expect(m.realize({ block: above, offset: 0 }, { block: above, offset: 0 }, 20, false)).toBe(false);
    expect(cache.builtCount()).toBe(built);
    // The rest of the session is still estimated; prefetching again finds it all done.
    expect(m.pending()).toBe(true);
    expect(m.prefetch(top, 20, 20, Number.POSITIVE_INFINITY)).toEqual({ changed: false, done: true });
    // The same rows as a model that laid the same blocks out for display directly.
    const { m: direct } = model(entries);
    direct.realize({ block: above, offset: 0 }, { block: above, offset: 0 }, 60, false);
    const rowsOf = (x: typeof m, from: number) =>
      x.rows(x.blockStart(from), x.blockStart(below + 1), undefined).map((row) => row.text);
    expect(rowsOf(m, above)).toEqual(rowsOf(direct, above));
  });

  it("prefetches above the screen too when blocks are small, within what the cache keeps", () => {
    const entries: Entry[] = Array.from({ length: 300 }, (_, i) => ({
      kind: "user",
      id: i + 1,
      text: `prompt ${i + 1}`,
      images: 0,
    }));
    const { cache, m } = model(entries);
    const top = m.blockStart(150);
    expect(m.prefetch({ block: 150, offset: 0 }, 20, 20, Number.POSITIVE_INFINITY).done).toBe(true);
    const built = cache.builtCount();
    expect(built).toBeLessThan(MAX_BUILT_BLOCKS / 2);
    // The rows just above and just below the screen are laid out already.
    expect(
      m
        .rows(top - 6, top + 26, undefined)
        .map((r) => stripSgr(r.text))
        .join("\n"),
    ).toContain("prompt 149");
    expect(cache.builtCount()).toBe(built);
  });

  it("prefetch leaves the streaming text to the frame: it has no cached layout to reuse", () => {
    const cache = createLayoutCache(60, PALETTE);
    const laidOut: string[] = [];
    const counting: LayoutCache = {
      ...cache,
      layout: (b, fold, now, exact) => (laidOut.push(b.kind), cache.layout(b, fold, now, exact)),
    };
    const blocks = [
      ...committedBlocks([answer(1), answer(2)]).blocks,
      { kind: "streaming" as const, key: "live0", text: "Streaming **now**", thinking: false },
    ];
    const m = buildViewModel(
      blocks,
      counting,
      () => "full",
      0,
      () => true,
    );
    expect(m.prefetch({ block: 0, offset: 0 }, 40, 40, Number.POSITIVE_INFINITY).done).toBe(true);
    expect(laidOut).toEqual(["answer", "answer"]);
  });

  it("searches every block without keeping their rows, and answers n again from the same matches", () => {
    const entries = Array.from({ length: 3 * MAX_BUILT_BLOCKS }, (_, i) => answer(i + 1));
    const { cache, m } = model(entries);
    const needle = needleFor("sixty columns");
    if (!needle) throw new Error("no needle");
    const found = m.search(needle);
    expect(found).toHaveLength(entries.length);
    expect(cache.builtCount()).toBe(0);
    expect(m.search(needle)).toBe(found);
    const hit = found[7];
    if (!hit) throw new Error("no hit");
    const row = m.blockStart(hit.block) + hit.offset;
    expect(stripSgr(m.rows(row, row + 1, needle)[0]?.text ?? "")).toContain("sixty columns");
  });
});
