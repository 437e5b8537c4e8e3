// The transcript view's line layout: hard wrapping with plain-text spans, search highlights
// across row breaks, word-level diff marks, block grouping from store entries, full tool
// arguments and results, folded blocks, estimated answers made exact, and windowed rows.
import { describe, expect, it } from "vitest";
import type { Entry, ToolRun } from "../../../src/tui/state/types.js";
import { hardWrap, hardWrapCount, stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { blockParts, blockPlainText } from "../../../src/tui/transcript-view/block-content.js";
import { markRanges } from "../../../src/tui/transcript-view/search-marks.js";
import { createLayoutCache } from "../../../src/tui/transcript-view/layout-cache.js";
import { layoutRows, needleFor } from "../../../src/tui/transcript-view/layout.js";
import { committedBlocks, liveBlocks } from "../../../src/tui/transcript-view/view-blocks.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import { buildViewModel } from "../../../src/tui/transcript-view/view-model.js";
import { styleDiffLines } from "../../../src/tui/render/word-diff.js";
import { initialTranscript } from "../../../src/tui/state/transcript.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const plain = (rows: readonly string[]): string[] => rows.map((r) => stripSgr(r));

function tool(id: number, run: Partial<ToolRun> & { name: string }): Entry {
  return {
    kind: "tool",
    id,
    run: { id: `t${id}`, args: {}, startedAt: 0, endedAt: 100, status: "done", output: undefined, ...run },
  };
}

describe("hard wrap", () => {
  it("cuts printable ASCII at the width and reports each row's span", () => {
    expect(hardWrap("abcdefghij", 4)).toEqual([
      { text: "abcd", from: 0, to: 4 },
      { text: "efgh", from: 4, to: 8 },
      { text: "ij", from: 8, to: 10 },
    ]);
    expect(hardWrapCount("abcdefghij", 4)).toBe(3);
    expect(hardWrapCount("", 4)).toBe(1);
  });

  it("counts wide characters as two cells and carries colours to the next row", () => {
    const rows = hardWrap("\u001b[31m漢字漢字\u001b[39m", 5);
    expect(rows.map((r) => stripSgr(r.text))).toEqual(["漢字", "漢字"]);
    expect(rows.every((r) => textWidth(r.text) <= 5)).toBe(true);
    expect(rows[1]?.text.startsWith("\u001b[31m")).toBe(true);
    expect(rows.map((r) => [r.from, r.to])).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it("marks plain-text ranges inside styled text", () => {
    expect(
      markRanges(
        "\u001b[1mhello\u001b[22m world",
        [
          [2, 4],
          [6, 11],
        ],
        "[",
        "]",
      ),
    ).toBe("\u001b[1mhe[ll]o\u001b[22m [world]");
  });
});

describe("word-level diff", () => {
  it("reverses only the words that changed between a removed and an added line", () => {
    const [removed, added] = styleDiffLines(["-3 const answer = 41;", "+3 const answer = 42;"], PALETTE);
    expect(removed).toContain("\u001b[7m41\u001b[27m");
    expect(added).toContain("\u001b[7m42\u001b[27m");
    expect(added).not.toContain("\u001b[7mconst");
    expect(stripSgr(added ?? "")).toBe("+3 const answer = 42;");
  });
});

describe("blocks from the store", () => {
  it("joins an answer committed in pieces into one block and keeps later entries apart", () => {
    const committed: Entry[] = [
      { kind: "user", id: 1, text: "hi", images: 0 },
      { kind: "markdown", id: 2, text: "part one", continues: false },
      { kind: "markdown", id: 3, text: "part two", continues: true },
      { kind: "markdown", id: 4, text: "next answer", continues: false },
    ];
    const list = committedBlocks(committed);
    expect(list.blocks.map((b) => b.kind)).toEqual(["user", "answer", "answer"]);
    expect(blockPlainText(list.blocks[1] as never)).toBe("part one\n\npart two");
    // Appending a continuation extends the last block; earlier blocks are reused as they were.
    const more = committedBlocks([...committed, { kind: "markdown", id: 5, text: "more", continues: true }], list);
    expect(more.blocks[0]).toBe(list.blocks[0]);
    expect(blockPlainText(more.blocks[2] as never)).toBe("next answer\n\nmore");
  });

  it("shows extension notifications where they arrived between the entries", () => {
    let s = createInitialState();
    s = reduce(s, { type: "notice", level: "info", text: "first" });
    s = reduce(s, {
      type: "ui_request",
      request: { kind: "notify", level: "warning", message: "disk almost full" },
      now: 0,
    });
    s = reduce(s, { type: "notice", level: "info", text: "second" });
    const blocks = committedBlocks(s.transcript.committed).blocks;
    expect(blocks.map((b) => blockPlainText(b))).toEqual(["first", "disk almost full", "second"]);
  });

  it("adds the streaming text and the running tools as live blocks", () => {
    const t = {
      ...initialTranscript,
      live: {
        blocks: [{ type: "text" as const, text: "streaming now" }],
        commitBlock: 0,
        commitOffset: 0,
        lastStarted: 0,
      },
      tools: {
        a: {
          id: "a",
          name: "bash",
          args: { command: "make" },
          startedAt: 0,
          endedAt: undefined,
          status: "running" as const,
          output: { text: "building", details: undefined, images: 0 },
        },
      },
      toolOrder: ["a"],
    };
    expect(liveBlocks(t).map((b) => b.kind)).toEqual(["streaming", "tool"]);
  });
});

describe("block content", () => {
  it("shows a tool call's full arguments and whole result, and names a saved full output", () => {
    const output = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join("\n");
    const e = tool(1, {
      name: "bash",
      args: { command: "seq 60", timeout: 5 },
      output: { text: output, details: { fullOutputPath: "/tmp/agent-bash-1.log" }, images: 0 },
    });
    const list = committedBlocks([e]);
    const cache = createLayoutCache(80, PALETTE);
    const layout = cache.layout(list.blocks[0] as never, "full", 0, true);
    const rows = plain(layoutRows(layout, 0, layout.rows, undefined));
    expect(rows[0]).toMatch(/✓ bash · done · 0\.1s/);
    expect(rows).toContain("  $ seq 60");
    expect(rows).toContain("  timeout: 5");
    for (let i = 1; i <= 60; i += 1) expect(rows).toContain(`  line ${i}`);
    expect(rows.join("\n")).toContain("full output: /tmp/agent-bash-1.log");
  });

  it("shows an edit's whole diff with word highlights and a read's whole file", () => {
    const edit = tool(1, {
      name: "edit",
      args: { path: "a.ts", oldText: "x", newText: "y" },
      output: { text: "ok", details: { diff: "-1 let a = 1;\n+1 let a = 2;" }, images: 0 },
    });
    const read = tool(2, {
      name: "read",
      args: { path: "b.ts" },
      output: { text: "first\nsecond\nthird", details: undefined, images: 0 },
    });
    const [eb, rb] = committedBlocks([edit, read]).blocks;
    const editRows = blockParts(eb as never, 0, PALETTE);
    const editText = editRows.flatMap((p) => (p.kind === "lines" ? p.lines.text.split("\n") : [])).join("\n");
    expect(editText).toContain("\u001b[7m2\u001b[27m");
    expect(plain(editRows.flatMap((p) => (p.kind === "lines" ? p.lines.text.split("\n") : [])))).toEqual([
      "-1 let a = 1;",
      "+1 let a = 2;",
    ]);
    const readLines = blockParts(rb as never, 0, PALETTE).flatMap((p) =>
      p.kind === "lines" ? p.lines.text.split("\n") : [],
    );
    expect(readLines).toEqual(["first", "second", "third"]);
  });

  it("makes control sequences in tool output harmless", () => {
    const e = tool(1, {
      name: "bash",
      args: { command: "x" },
      output: { text: "a\u001b[2Jb\u001b]0;title\u0007c", details: undefined, images: 0 },
    });
    const text = blockParts(committedBlocks([e]).blocks[0] as never, 0, PALETTE)
      .flatMap((p) => (p.kind === "lines" ? p.lines.text.split("\n") : []))
      .join("\n");
    // Shown as visible placeholders, never interpreted.
    expect(text).toBe("$ x\na␛[2Jb␛]0;title␇c");
    expect(blockPlainText(committedBlocks([e]).blocks[0] as never)).not.toMatch(/\u001b/);
  });
});

describe("layout and windows", () => {
  const entries: Entry[] = [
    { kind: "user", id: 1, text: "first prompt", images: 0 },
    { kind: "markdown", id: 2, text: "# Title\n\nsome **answer** text", continues: false },
    tool(3, {
      name: "bash",
      args: { command: "ls" },
      output: { text: Array.from({ length: 30 }, (_, i) => `f${i}`).join("\n"), details: undefined, images: 0 },
    }),
    { kind: "user", id: 4, text: "second prompt", images: 0 },
  ];

  it("folds a block to its first row and a count of what is hidden", () => {
    const cache = createLayoutCache(60, PALETTE);
    const b = committedBlocks(entries).blocks[2] as never;
    const full = cache.layout(b, "full", 0, true);
    const folded = cache.layout(b, "folded", 0, true);
    expect(folded.rows).toBe(3);
    const rows = plain(layoutRows(folded, 0, 3, undefined));
    expect(rows[0]).toMatch(/✓ bash/);
    expect(rows[1]).toContain(`${full.rows - 2} more rows`);
  });

  it("estimates answers until a window needs them, then lays them out exactly", () => {
    const cache = createLayoutCache(60, PALETTE);
    const blocks = committedBlocks(entries).blocks;
    const m = buildViewModel(
      blocks,
      cache,
      () => "full",
      0,
      () => true,
    );
    expect(m.pending()).toBe(true);
    m.realize({ block: 0, offset: 0 }, { block: 0, offset: 0 }, 5, false);
    expect(m.pending()).toBe(false);
    const rows = plain(m.rows(0, m.totalRows, undefined).map((r) => r.text));
    expect(rows).toContain("Title");
    expect(rows.filter((r) => /^ {2}f\d+$/.test(r))).toHaveLength(30);
    expect(m.rows(m.blockStart(3), m.blockStart(3) + 1, undefined)[0]?.block).toBe(3);
  });

  it("renders only the rows of the window asked for", () => {
    const cache = createLayoutCache(60, PALETTE);
    const m = buildViewModel(
      committedBlocks(entries).blocks,
      cache,
      () => "full",
      0,
      () => true,
    );
    m.realize({ block: 0, offset: 0 }, { block: 0, offset: 0 }, 100, false);
    const start = m.blockStart(2) + 10;
    const window = m.rows(start, start + 5, undefined);
    expect(window).toHaveLength(5);
    expect(plain(window.map((r) => r.text))).toEqual(["  f8", "  f9", "  f10", "  f11", "  f12"]);
  });

  it("finds matches in every block, highlights them, and ignores case unless the query has capitals", () => {
    const cache = createLayoutCache(60, PALETTE);
    const m = buildViewModel(
      committedBlocks(entries).blocks,
      cache,
      () => "full",
      0,
      () => true,
    );
    const lower = needleFor("prompt");
    const upper = needleFor("PROMPT");
    expect(lower?.fold).toBe(true);
    expect(upper?.fold).toBe(false);
    expect(m.search(lower ?? { text: "", fold: true }).map((a) => a.block)).toEqual([0, 3]);
    expect(m.search(upper ?? { text: "", fold: true })).toEqual([]);
    const anchor = m.search(needleFor("f17") ?? { text: "", fold: true })[0];
    expect(anchor?.block).toBe(2);
    const row = m.blockStart(2) + (anchor?.offset ?? 0);
    expect(m.rows(row, row + 1, needleFor("f17"))[0]?.text).toContain("\u001b[7mf17\u001b[27m");
  });

  it("highlights a match that a hard wrap cut in two on both rows", () => {
    const long = `${"x".repeat(55)}needle${"y".repeat(10)}`;
    const e = tool(1, { name: "bash", args: { command: "x" }, output: { text: long, details: undefined, images: 0 } });
    const cache = createLayoutCache(62, PALETTE); // 60 cells after the indent
    const m = buildViewModel(
      committedBlocks([e]).blocks,
      cache,
      () => "full",
      0,
      () => true,
    );
    const rows = m.rows(0, m.totalRows, needleFor("needle")).map((r) => r.text);
    const cut = rows.filter((r) => r.includes("\u001b[7m"));
    expect(cut).toHaveLength(2);
    expect(cut.map((r) => stripSgr(r).trim())).toEqual([`${"x".repeat(55)}needl`, `e${"y".repeat(10)}`]);
  });
});
