// Nothing a person needs to read is cut: code, paths, tool output and errors wrap at the width
// (continuation rows marked), tables honour their alignment and fall back to a readable form,
// and the footer drops its least important parts first but keeps the model name.
import { describe, expect, it } from "vitest";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { footerLine } from "../../../src/tui/render/footer-lines.js";
import { renderMarkdown } from "../../../src/tui/render/markdown.js";
import { renderTableRows } from "../../../src/tui/render/markdown-table.js";
import { hardWrap, hardWrapCount, splitLine, stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { toolLines } from "../../../src/tui/blocks/tools/index.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import type { FooterState, ToolRun } from "../../../src/tui/state/types.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const CODE_LINE = `const result = computeSomething(argumentNumberOne, argumentNumberTwo, argumentNumberThree, argumentNumberFour, "a string literal", 12345, moreArguments);`;

/** The plain text of rows, continuation marks removed and rows joined back into lines. */
function unwrap(rows: string[], indent = "  "): string[] {
  const lines: string[] = [];
  for (const row of rows.map(stripSgr)) {
    if (row.startsWith("↪ ")) lines[lines.length - 1] += row.slice(2);
    else lines.push(row.startsWith(indent) ? row.slice(indent.length) : row);
  }
  return lines;
}

describe("splitLine", () => {
  it("keeps every character, fits the width, and carries styles across rows", () => {
    const styled = `\u001b[33m${"word, ".repeat(20)}\u001b[39m${"x".repeat(50)}`;
    for (const w of [1, 7, 13, 40]) {
      const rows = splitLine(styled, w);
      for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(w);
      expect(rows.map(stripSgr).join("")).toBe(stripSgr(styled));
    }
    const rows = splitLine(styled, 13);
    expect(rows[1]?.startsWith("\u001b[33m")).toBe(true);
  });
  it("prefers to break after a space or punctuation in the second half of a row", () => {
    expect(splitLine("alpha beta gamma delta", 12)).toEqual(["alpha beta ", "gamma delta"]);
    expect(splitLine("abcdefghijklmnop", 5)).toEqual(["abcde", "fghij", "klmno", "p"]);
  });
  it("with `hard`, cuts at the width as less does, and hardWrap says which plain text each row shows", () => {
    expect(splitLine("alpha beta gamma delta", 12, { hard: true })).toEqual(["alpha beta g", "amma delta"]);
    const line = "\u001b[1m漢字\u001b[22m, alpha";
    expect(hardWrap(line, 5).map((r) => [stripSgr(r.text), r.from, r.to])).toEqual([
      ["漢字,", 0, 3],
      [" alph", 3, 8],
      ["a", 8, 9],
    ]);
    expect(hardWrap(line, 5).map((r) => r.text)).toEqual(splitLine(line, 5, { hard: true }));
    expect(hardWrapCount(line, 5)).toBe(3);
    expect(hardWrap("", 5)).toEqual([{ text: "", from: 0, to: 0 }]);
  });
});

describe("code blocks wrap instead of being cut", () => {
  for (const width of [100, 40]) {
    // (Highlighting across the wrap is checked under a pty, where cli-highlight colours.)
    it(`a ${CODE_LINE.length}-character line is readable in full at ${width} columns`, () => {
      const rows = renderMarkdown(`\`\`\`ts\n${CODE_LINE}\n\`\`\``, width, PALETTE);
      for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(width);
      expect(rows.map(stripSgr).join("")).not.toContain("…");
      expect(unwrap(rows.slice(1))).toEqual([CODE_LINE]);
      expect(rows.filter((r) => stripSgr(r).startsWith("↪ ")).length).toBeGreaterThan(0);
    });
  }
});

describe("tool views and notices wrap paths and errors", () => {
  const path = `/home/someone/projects/a-rather-long-project-name/src/components/deeply/nested/folder/structure/file-name.tsx`;
  const run: ToolRun = {
    id: "t",
    name: "read",
    args: { path },
    startedAt: 0,
    endedAt: 200,
    status: "done",
    output: { text: "a\nb", details: undefined, images: 0 },
  };
  it("the header shows the whole path and the elapsed time", () => {
    const rows = toolLines(run, 0, 40, 5, false, PALETTE);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    const header = rows.map(stripSgr).filter((r) => !r.includes("2 lines"));
    expect(header.map((r, i) => (i === 0 ? r : r.slice(2))).join("")).toBe(`✓ read ${path} · 0.2s`);
  });
  it("a bash truncation notice keeps the saved-output path readable", () => {
    const note = "[Output truncated: 2000 lines. Full output: /tmp/agent-bash-0123456789abcdef.log]";
    const bash: ToolRun = {
      ...run,
      name: "bash",
      args: { command: "make" },
      output: { text: `ok\n${note}`, details: undefined, images: 0 },
    };
    const rows = toolLines(bash, 0, 40, 5, false, PALETTE);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    expect(unwrap(rows.slice(1))).toEqual(["ok", note]);
  });
  it("a long output line shown partially says so", () => {
    const bash: ToolRun = {
      ...run,
      name: "bash",
      args: { command: "x" },
      output: { text: "y".repeat(400), details: undefined, images: 0 },
    };
    const rows = toolLines(bash, 0, 40, 4, false, PALETTE).map(stripSgr);
    expect(rows.length).toBe(5);
    expect(rows[1]).toContain("the rest of a long line");
  });
  it("notices, errors and !cmd output wrap", () => {
    const error = `Error: ENOENT: no such file or directory, open '${path}'`;
    const o = { width: 40, showThinking: true, toolsExpanded: false, palette: PALETTE };
    const notice = entryLines({ kind: "notice", id: 1, level: "error", text: error }, o);
    expect(notice.map(stripSgr).join(" ").replace(/\s+/g, " ")).toContain(path.slice(0, 30));
    const bash = entryLines(
      {
        kind: "bash",
        id: 2,
        command: `ls ${path}`,
        output: `ls: cannot access '${path}'`,
        exitCode: 2,
        cancelled: false,
      },
      o,
    );
    for (const r of [...notice, ...bash]) expect(textWidth(r)).toBeLessThanOrEqual(40);
    expect(unwrap(bash.slice(1)).join("\n")).toContain(`ls: cannot access '${path}'`);
  });
  it("a notice's indented list items wrap under their own text", () => {
    const item = "  • set an API key in the environment: ANTHROPIC_API_KEY, OPENAI_API_KEY, GEMINI_API_KEY";
    const rows = entryLines(
      { kind: "notice", id: 3, level: "warning", text: `Do one of these:\n${item}\n    {"a": "b"}` },
      { width: 40, showThinking: true, toolsExpanded: false, palette: PALETTE },
    )
      .map(stripSgr)
      .slice(2);
    const column = (rows[0] ?? "").indexOf("• ") + 2;
    const continued = rows.slice(1, -1);
    expect(continued.length).toBeGreaterThan(0);
    for (const r of continued) expect(r.length - r.trimStart().length, r).toBe(column);
    expect(rows.at(-1)?.trim()).toBe('{"a": "b"}');
  });
});

describe("markdown tables", () => {
  it("honour :--, :-: and --: alignment", () => {
    const rows = renderMarkdown(
      "| left | center | right |\n|:--|:-:|--:|\n| a | b | c |\n| long text | mid | 12345 |",
      80,
      PALETTE,
    ).map(stripSgr);
    expect(rows[0]).toBe("left      │ center │ right");
    expect(rows[2]).toBe("a         │   b    │     c");
    expect(rows[3]).toBe("long text │  mid   │ 12345");
  });
  it("wrap cells in narrower columns when the table is wider than the terminal", () => {
    const long = "a sentence that is much too long to fit in one column of a narrow terminal";
    const rows = renderTableRows(["name", "description"], [["alpha", long]], [null, null], 40, PALETTE);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    const text = rows.map(stripSgr).join("\n");
    expect(text).not.toContain("…");
    for (const word of long.split(" ")) expect(text).toContain(word);
    expect(rows.map(stripSgr)[0]).toMatch(/^name\s+│ description/);
  });
  it("print one record per row when columns would be too narrow to read", () => {
    const header = ["id", "owner", "status", "created", "updated", "summary"];
    const row = ["1", "someone@example.com", "in progress", "2024-01-01", "2024-02-02", "the first item"];
    const rows = renderTableRows(header, [row, row], [null, null, null, null, null, null], 30, PALETTE).map(stripSgr);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(30);
    expect(rows).toContain("owner:   someone@example.com");
    expect(rows).toContain("summary: the first item");
    expect(rows.filter((r) => r.startsWith("id:")).length).toBe(2);
  });
});

describe("footer at narrow widths", () => {
  const footer = (over: Partial<FooterState>): FooterState => ({
    ...createInitialState().footer,
    worker: "ready",
    cwd: "/work/projects/some-project",
    branch: "feature/long-branch-name",
    model: "claude-sonnet-4-5",
    thinkingLevel: "high",
    reasoning: true,
    tokensIn: 12_345,
    tokensOut: 6789,
    cost: 0.42,
    contextWindow: 200_000,
    lastContextTokens: 50_000,
    statuses: { ext: "extension status text" },
    ...over,
  });
  it("keeps the model name at 40 columns and drops less important parts", () => {
    const row = stripSgr(footerLine(footer({}), 40, PALETTE));
    expect(textWidth(row)).toBeLessThanOrEqual(40);
    expect(row).toContain("claude-sonnet-4-5");
    expect(row).not.toContain("…");
  });
  it("shows everything when there is room", () => {
    const row = stripSgr(footerLine(footer({}), 200, PALETTE));
    expect(row).toBe(
      "/work/projects/some-project (feature/long-branch-name) · claude-sonnet-4-5 • high · ↑12k ↓6.8k · $0.420 · ctx 25% · extension status text",
    );
  });
  it("keeps a worker problem visible beside the model", () => {
    const row = stripSgr(footerLine(footer({ worker: "crashed", workerDetail: "exit 1" }), 40, PALETTE));
    expect(row).toContain("worker crashed");
    expect(row).toContain("claude-sonnet-4-5");
  });
});
