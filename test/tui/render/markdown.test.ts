// Markdown and tool views rendered at fixed widths.
import { describe, expect, it } from "vitest";
import { renderMarkdown } from "../../../src/tui/render/markdown.js";
import { stripSequences } from "../../../src/protocol/terminal-sequences.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { toolLines } from "../../../src/tui/blocks/tools/index.js";
import type { ToolRun } from "../../../src/tui/state/types.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const SAMPLE = [
  "# Title",
  "",
  "Some **bold**, *em*, `code` and a [link](https://example.com).",
  "",
  "- one",
  "- two",
  "  - nested",
  "",
  "1. first",
  "2. second",
  "",
  "> quoted text",
  "",
  "```ts",
  "const x: number = 1;",
  "```",
  "",
  "| a | b |",
  "|---|---|",
  "| 1 | 2 |",
].join("\n");

describe("renderMarkdown", () => {
  for (const width of [40, 60, 100]) {
    it(`renders every block kind within ${width} columns`, () => {
      const rows = renderMarkdown(SAMPLE, width, PALETTE);
      for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(width);
      const plain = rows.map(stripSgr).join("\n");
      expect(plain).toContain("Title");
      expect(plain).toContain("bold");
      expect(plain.replace(/\s+/g, " ")).toContain("link (https://example.com)");
      expect(plain).toMatch(/• one\n• two\n {2}• nested/);
      expect(plain).toContain("1. first");
      expect(plain).toContain("│ quoted text");
      expect(plain).toContain("const x: number = 1;");
      expect(plain).toMatch(/a\s+│ b/);
    });
  }
  it("survives odd input: huge lines, escapes, unicode, unclosed fences", () => {
    const nasty = `${"x".repeat(5000)}\n\n\u001b[2J\u001b[31mred\n\n日本語 👍🏽 e\u0301 \u2028 line\n\n\`\`\`js\nunclosed(`;
    const rows = renderMarkdown(nasty, 40, PALETTE);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    expect(rows.join("\n")).not.toContain("\u001b[2J");
  });

  it("links the file paths of the text, code spans and table cells when told where, never inside code blocks", () => {
    const text = [
      "Changed `src/a.ts` and docs/b.md, see [the notes](https://x.org/n.md).",
      "",
      "| file |",
      "|---|",
      "| lib/c.ts |",
      "",
      "```sh",
      "cat src/d.ts",
      "```",
    ].join("\n");
    const target = { cwd: "/home/me/p", host: "box" };
    const rows = renderMarkdown(text, 80, PALETTE, { links: target }).join("\n");
    const uris = [...rows.matchAll(/\u001b\]8;;([^\u0007]+)\u0007/g)].map((m) => m[1]);
    expect(uris).toEqual([
      "file://box/home/me/p/src/a.ts",
      "file://box/home/me/p/docs/b.md",
      "file://box/home/me/p/lib/c.ts",
    ]);
    // Without a target the same text has no link, and the words read the same either way.
    const bare = renderMarkdown(text, 80, PALETTE).join("\n");
    expect(bare).not.toContain("\u001b]8;");
    expect(stripSequences(rows)).toBe(stripSequences(bare));
  });
});

describe("tool views", () => {
  const base: ToolRun = {
    id: "t1",
    name: "bash",
    args: { command: "npm test" },
    startedAt: 0,
    endedAt: 1500,
    status: "done",
    output: undefined,
  };
  it("bash shows the output tail with a hidden-lines marker", () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    const rows = toolLines(
      { ...base, output: { text, details: undefined, images: 0 } },
      1500,
      60,
      5,
      false,
      PALETTE,
    ).map(stripSgr);
    expect(rows[0]).toBe("✓ bash npm test · 1.5s");
    expect(rows[1]).toContain("26 more lines");
    expect(rows[rows.length - 1]).toBe("  line 29");
    expect(rows.length).toBe(6);
  });
  it("edit shows a coloured diff from its arguments", () => {
    const run: ToolRun = { ...base, name: "edit", args: { path: "a.ts", oldText: "old", newText: "new" } };
    const rows = toolLines(run, 0, 60, 10, false, PALETTE);
    expect(rows.map(stripSgr)).toEqual(["✓ edit a.ts · 1.5s", "  - old", "  + new"]);
    expect(rows[1]).toContain("\u001b[31m");
    expect(rows[2]).toContain("\u001b[32m");
  });
  it("edit marks the words that changed inside a changed line, in reverse video, also without colour", () => {
    const inverse = (text: string): RegExp => new RegExp(`\u001b\\[7m${text}\u001b\\[27m`);
    const diff = [" 1 const a = 1;", "-2 const answer = 41;", "+2 const answer = 42;", " 3 const c = 3;"].join("\n");
    const run: ToolRun = {
      ...base,
      name: "edit",
      args: { path: "a.ts" },
      output: { text: "ok", details: { diff }, images: 0 },
    };
    for (const name of ["dark", "mono"] as const) {
      const rows = toolLines(run, 0, 60, 10, false, buildPalette(name, 1));
      expect(rows.map(stripSgr)).toEqual([
        "✓ edit a.ts · 1.5s",
        "   1 const a = 1;",
        "  -2 const answer = 41;",
        "  +2 const answer = 42;",
        "   3 const c = 3;",
      ]);
      expect(rows[2]).toMatch(inverse("41"));
      expect(rows[3]).toMatch(inverse("42"));
      // Only the word: the rest of the line is not reversed, the context not at all.
      expect(rows[3]).not.toMatch(inverse("const"));
      expect(rows[1]).not.toContain("\u001b[7m");
    }
    // From the arguments (a worker that sends no diff): the same marks.
    const fromArgs = toolLines(
      { ...base, name: "edit", args: { path: "a.ts", oldText: "let x = 1;", newText: "let x = 2;" } },
      0,
      60,
      10,
      false,
      PALETTE,
    );
    expect(fromArgs[1]).toMatch(inverse("1"));
    expect(fromArgs[2]).toMatch(inverse("2"));
  });
  it("read summarises unless expanded; errors show red text", () => {
    const run: ToolRun = {
      ...base,
      name: "read",
      args: { path: "README.md" },
      output: { text: "a\nb\nc", details: undefined, images: 0 },
    };
    expect(toolLines(run, 0, 60, 10, false, PALETTE).map(stripSgr)).toEqual(["✓ read README.md · 1.5s", "  3 lines"]);
    expect(toolLines(run, 0, 60, 10, true, PALETTE).map(stripSgr)).toEqual([
      "✓ read README.md · 1.5s",
      "  a",
      "  b",
      "  c",
    ]);
    const failed = toolLines(
      { ...run, status: "error", output: { text: "ENOENT", details: undefined, images: 0 } },
      0,
      60,
      10,
      false,
      PALETTE,
    );
    expect(stripSgr(failed[0] ?? "")).toMatch(/^✗ read/);
  });
  it("strips escapes from tool output", () => {
    const rows = toolLines(
      { ...base, output: { text: "\u001b[2J\u001b[Hhello\u001b[10;10H", details: undefined, images: 0 } },
      0,
      60,
      5,
      false,
      PALETTE,
    );
    expect(rows.join("")).not.toMatch(/\u001b\[(2J|H|10;10H)/);
  });
});

describe("committed entries with hostile text", () => {
  it("print no escape other than SGR, for every entry kind", async () => {
    const { entryLines } = await import("../../../src/tui/render/entry-lines.js");
    const evil = "x\u001b[2J\u001b]0;pwn\u0007\u001b[10;1H y";
    const run: ToolRun = {
      id: "t",
      name: evil,
      args: { command: evil },
      startedAt: 0,
      endedAt: 1,
      status: "error",
      output: { text: evil, details: { diff: `+${evil}` }, images: 0 },
    };
    const entries = [
      { kind: "user", id: 1, text: evil, images: 0 },
      { kind: "markdown", id: 2, text: evil, continues: false },
      { kind: "thinking", id: 3, text: evil, continues: false },
      { kind: "tool", id: 4, run },
      { kind: "tool", id: 5, run: { ...run, name: "edit", status: "done" as const } },
      { kind: "notice", id: 6, level: "error", text: evil },
      { kind: "bash", id: 7, command: evil, output: evil, exitCode: 1, cancelled: false },
      { kind: "custom", id: 8, label: evil, text: evil },
    ] as const;
    for (const e of entries) {
      const out = entryLines(e, { width: 60, showThinking: true, toolsExpanded: true, palette: PALETTE }).join("\n");
      expect(out, e.kind).not.toMatch(/\u001b(?!\[[0-9;]*m)/);
      expect(out, e.kind).not.toContain("\u0007");
    }
  });
});
