// The transcript view reducer over a fake model (block heights and kinds): opening at the
// bottom, cursor and page moves, jumps between prompts and tool calls, folds, the thinking
// toggle, search with n/N and wrap-around, following the bottom while content arrives, and
// anchors that keep the view in place when blocks above change height.
import { describe, expect, it } from "vitest";
import type { Needle } from "../../../src/tui/transcript-view/layout.js";
import type { ViewBlock, ViewBlockKind } from "../../../src/tui/transcript-view/view-blocks.js";
import type { Anchor, ViewModel } from "../../../src/tui/transcript-view/view-model.js";
import {
  blockFold,
  initialViewState,
  reduceView,
  settleView,
  type TranscriptViewState,
  type ViewAction,
} from "../../../src/tui/transcript-view/view-state.js";

type FakeBlock = { kind: ViewBlockKind; rows: number; folded?: number; text?: string[] };

/** A model of blocks with given heights; `text` rows are what search looks at. */
function fakeModel(blocks: FakeBlock[], s?: TranscriptViewState): ViewModel {
  const view = blocks.map((b, i) => ({ kind: b.kind, key: `b${i}` }) as unknown as ViewBlock);
  const heights = blocks.map((b, i) =>
    s && blockFold(s, view[i] as ViewBlock) === "folded" ? (b.folded ?? 2) : b.rows,
  );
  const starts: number[] = [];
  let total = 0;
  for (const h of heights) {
    starts.push(total);
    total += h;
  }
  return {
    totalRows: total,
    blockCount: blocks.length,
    block: (i) => view[i],
    blockStart: (i) => (i >= blocks.length ? total : (starts[i] ?? 0)),
    blockRows: (i) => heights[i] ?? 0,
    blockAt: (row) => {
      let b = 0;
      for (let i = 0; i < starts.length; i += 1) if ((starts[i] ?? 0) <= Math.max(0, Math.min(total - 1, row))) b = i;
      return b;
    },
    search: (needle: Needle) => {
      const out: Anchor[] = [];
      for (const [i, b] of blocks.entries()) {
        for (const [offset, t] of (b.text ?? []).entries())
          if (t.toLowerCase().includes(needle.text)) out.push({ block: i, offset });
      }
      return out;
    },
    rows: () => [],
    realize: () => false,
    prefetch: () => ({ changed: false, done: true }),
    realizeSome: () => false,
    pending: () => false,
  };
}

const BLOCKS: FakeBlock[] = [
  { kind: "user", rows: 2 }, // rows 0-1
  { kind: "answer", rows: 10 }, // 2-11
  { kind: "tool", rows: 30, text: Array.from({ length: 30 }, (_, i) => (i === 12 ? "found the quokka" : `line ${i}`)) }, // 12-41
  { kind: "thinking", rows: 6 }, // 42-47
  { kind: "user", rows: 2 }, // 48-49
  { kind: "answer", rows: 8, text: ["", "", "another quokka"] }, // 50-57
];

/** Open (settled) and apply actions, rebuilding the model after each as the component does. */
function run(actions: ViewAction[], blocks = BLOCKS, height = 10): { s: TranscriptViewState; m: ViewModel } {
  let s = initialViewState({ height, showThinking: true, lastBlock: blocks.length - 1 });
  let m = fakeModel(blocks, s);
  s = settleView(s, m);
  for (const a of actions) {
    s = reduceView(s, a, m);
    m = fakeModel(blocks, s);
    s = settleView(s, m);
  }
  return { s, m };
}

const row = (s: TranscriptViewState, m: ViewModel, a: Anchor = s.cursor): number => m.blockStart(a.block) + a.offset;

describe("transcript view reducer", () => {
  it("opens at the bottom with the cursor on the last block", () => {
    const { s, m } = run([]);
    expect(row(s, m, s.top)).toBe(48);
    expect(s.cursor).toEqual({ block: 5, offset: 0 });
    expect(s.follow).toBe(true);
  });

  it("moves the cursor by lines and pages, scrolling only as needed, clamped at the ends", () => {
    let { s, m } = run([{ type: "move", rows: -2 }]);
    expect(row(s, m)).toBe(48);
    expect(row(s, m, s.top)).toBe(48);
    ({ s, m } = run([{ type: "move", rows: -3 }]));
    expect(row(s, m)).toBe(47);
    expect(row(s, m, s.top)).toBe(47);
    expect(s.follow).toBe(false);
    ({ s, m } = run([{ type: "top" }, { type: "page", pages: 1 }]));
    expect([row(s, m, s.top), row(s, m)]).toEqual([10, 10]);
    ({ s, m } = run([{ type: "top" }, { type: "page", pages: 0.5 }, { type: "move", rows: -100 }]));
    expect([row(s, m, s.top), row(s, m)]).toEqual([0, 0]);
    ({ s, m } = run([{ type: "bottom" }, { type: "move", rows: 5 }]));
    expect(row(s, m)).toBe(57);
  });

  it("scrolls the viewport and drags the cursor along only when it would leave the screen", () => {
    const { s, m } = run([{ type: "top" }, { type: "move", rows: 5 }, { type: "scroll", rows: 3 }]);
    expect([row(s, m, s.top), row(s, m)]).toEqual([3, 5]);
    const dragged = run([{ type: "top" }, { type: "scroll", rows: 3 }]);
    expect(row(dragged.s, dragged.m)).toBe(3);
  });

  it("jumps to the previous and next prompt and tool call, showing the block at the top", () => {
    let { s, m } = run([{ type: "jump", target: "prompt", dir: -1 }]);
    expect(s.cursor).toEqual({ block: 4, offset: 0 });
    ({ s, m } = run([
      { type: "jump", target: "prompt", dir: -1 },
      { type: "jump", target: "prompt", dir: -1 },
    ]));
    expect(s.cursor).toEqual({ block: 0, offset: 0 });
    expect(row(s, m, s.top)).toBe(0);
    ({ s, m } = run([{ type: "jump", target: "tool", dir: -1 }]));
    expect(s.cursor).toEqual({ block: 2, offset: 0 });
    expect(row(s, m, s.top)).toBe(12);
    ({ s } = run([
      { type: "top" },
      { type: "jump", target: "tool", dir: 1 },
      { type: "jump", target: "tool", dir: 1 },
    ]));
    expect(s.cursor.block).toBe(2);
    expect(s.message).toBe("No later tool call");
  });

  it("folds and unfolds the block under the cursor, and all blocks at once", () => {
    let { s, m } = run([
      { type: "jump", target: "tool", dir: -1 },
      { type: "move", rows: 4 },
      { type: "toggle_block" },
    ]);
    expect(blockFold(s, m.block(2) as ViewBlock)).toBe("folded");
    expect(s.cursor).toEqual({ block: 2, offset: 0 });
    expect(m.totalRows).toBe(58 - 30 + 2);
    ({ s, m } = run([{ type: "jump", target: "tool", dir: -1 }, { type: "toggle_block" }, { type: "toggle_block" }]));
    expect(m.totalRows).toBe(58);
    ({ s, m } = run([{ type: "fold_all", fold: "folded" }]));
    expect(m.totalRows).toBe(12);
    expect(s.cursor.block).toBe(5);
    ({ s, m } = run([
      { type: "fold_all", fold: "folded" },
      { type: "fold_all", fold: "full" },
    ]));
    expect(m.totalRows).toBe(58);
  });

  it("hides and shows all thinking; a thinking block opened by hand closes with the toggle", () => {
    let { s, m } = run([{ type: "toggle_thinking" }]);
    expect(blockFold(s, m.block(3) as ViewBlock)).toBe("folded");
    ({ s, m } = run([
      { type: "toggle_thinking" },
      { type: "jump", target: "tool", dir: -1 },
      { type: "move", rows: 30 },
      { type: "toggle_block" },
    ]));
    expect(s.cursor.block).toBe(3);
    expect(blockFold(s, m.block(3) as ViewBlock)).toBe("full");
    ({ s, m } = run([
      { type: "toggle_thinking" },
      { type: "jump", target: "tool", dir: -1 },
      { type: "move", rows: 30 },
      { type: "toggle_block" },
      { type: "toggle_thinking" },
      { type: "toggle_thinking" },
    ]));
    expect(blockFold(s, m.block(3) as ViewBlock)).toBe("folded");
  });

  it("searches forward and backward, repeats with n/N, wraps and says so", () => {
    const type = (text: string): ViewAction[] => [
      { type: "search_start", dir: 1 },
      { type: "search_input", text },
      { type: "search_submit" },
    ];
    let { s, m } = run([{ type: "top" }, ...type("QUOKKA".toLowerCase())]);
    expect(s.cursor).toEqual({ block: 2, offset: 12 });
    expect(s.message).toBe("1/2");
    // The match sits a third of the way down the screen.
    expect(row(s, m) - row(s, m, s.top)).toBe(3);
    ({ s } = run([{ type: "top" }, ...type("quokka"), { type: "search_next", dir: 1 }]));
    expect(s.cursor).toEqual({ block: 5, offset: 2 });
    ({ s } = run([
      { type: "top" },
      ...type("quokka"),
      { type: "search_next", dir: 1 },
      { type: "search_next", dir: 1 },
    ]));
    expect(s.cursor).toEqual({ block: 2, offset: 12 });
    expect(s.message).toBe("1/2 · search wrapped to the top");
    ({ s } = run([{ type: "top" }, ...type("quokka"), { type: "search_next", dir: -1 }]));
    expect(s.cursor).toEqual({ block: 5, offset: 2 });
    ({ s } = run([
      { type: "search_start", dir: -1 },
      { type: "search_input", text: "quokka" },
      { type: "search_submit" },
    ]));
    expect(s.cursor).toEqual({ block: 2, offset: 12 });
    ({ s } = run([...type("nothing-like-this")]));
    expect(s.message).toBe("Not found: nothing-like-this");
  });

  it("unfolds a folded block to show a match inside it", () => {
    const { s, m } = run([
      { type: "fold_all", fold: "folded" },
      { type: "top" },
      { type: "search_start", dir: 1 },
      { type: "search_input", text: "quokka" },
      { type: "search_submit" },
    ]);
    expect(blockFold(s, m.block(2) as ViewBlock)).toBe("full");
    expect(row(s, m)).toBe(m.blockStart(2) + 12);
  });

  it("edits the search prompt: backspace, cancel, and an empty search repeats the last one", () => {
    let { s } = run([
      { type: "search_start", dir: 1 },
      { type: "search_input", text: "quox" },
      { type: "search_backspace" },
    ]);
    expect(s.search).toMatchObject({ editing: true, draft: "quo" });
    ({ s } = run([{ type: "search_start", dir: 1 }, { type: "search_backspace" }]));
    expect(s.search.editing).toBe(false);
    ({ s } = run([
      { type: "top" },
      { type: "search_start", dir: 1 },
      { type: "search_input", text: "quokka" },
      { type: "search_submit" },
      { type: "search_start", dir: 1 },
      { type: "search_submit" },
    ]));
    expect(s.cursor).toEqual({ block: 5, offset: 2 });
  });

  it("follows the bottom as blocks arrive only while at the bottom", () => {
    const grown = [...BLOCKS, { kind: "answer" as const, rows: 12 }];
    let { s } = run([]);
    s = settleView(s, fakeModel(grown, s));
    expect(s.follow).toBe(true);
    const m2 = fakeModel(grown, s);
    expect(row(s, m2, s.top)).toBe(m2.totalRows - 10);
    let up = run([{ type: "move", rows: -20 }]);
    const before = up.s.top;
    up = { s: settleView(up.s, fakeModel(grown, up.s)), m: fakeModel(grown, up.s) };
    expect(up.s.top).toEqual(before);
    expect(up.s.follow).toBe(false);
  });

  it("keeps the view on the same block when a block above changes height (anchors)", () => {
    let { s, m } = run([
      { type: "jump", target: "prompt", dir: -1 },
      { type: "move", rows: 1 },
    ]);
    expect(s.cursor).toEqual({ block: 4, offset: 1 });
    const taller = BLOCKS.map((b, i) => (i === 1 ? { ...b, rows: 25 } : b));
    m = fakeModel(taller, s);
    s = settleView(s, m);
    expect(s.cursor).toEqual({ block: 4, offset: 1 });
    expect(row(s, m)).toBe(2 + 25 + 30 + 6 + 1);
  });

  it("keeps the viewport when the terminal gets shorter and the cursor stays visible", () => {
    let { s, m } = run([{ type: "top" }, { type: "move", rows: 8 }]);
    s = settleView(reduceView(s, { type: "resize", height: 4 }, m), m);
    expect(row(s, m)).toBe(8);
    expect(row(s, m, s.top)).toBe(5);
  });
});
