// Bounded previews: windows of lines read without splitting the whole text, clipped lines and
// entries that say what they leave out, and line builders whose output stays bounded when one
// event carries megabytes (the store keeps the full text).
import { describe, expect, it } from "vitest";
import { questionRows } from "../../../src/tui/components/dialogs/dialog-frame.js";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { footerLine } from "../../../src/tui/render/footer-lines.js";
import { streamLines } from "../../../src/tui/render/live-lines.js";
import {
  ENTRY_PREVIEW_CHARS,
  ENTRY_PREVIEW_LINES,
  clipText,
  countLines,
  entryPreview,
  headLines,
  tailLines,
} from "../../../src/tui/render/preview.js";
import { markdownTail } from "../../../src/tui/state/split-point.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { toolLines } from "../../../src/tui/blocks/tools/index.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import type { ToolRun } from "../../../src/tui/state/types.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
import { seededRandom } from "../../fixtures/seeded-random.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

/** What a line builder would get by splitting everything (the behaviour the windows must match). */
function naiveLines(text: string): string[] {
  const body = text.replace(/\n+$/, "");
  return body === "" ? [] : body.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
}

describe("line windows", () => {
  it("match splitting the whole text, for any text and window size", () => {
    const random = seededRandom(7);
    const alphabet = ["a", "b", "\n", "\n", "\r", " "];
    for (let i = 0; i < 400; i += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 30) },
        () => alphabet[Math.floor(random() * alphabet.length)] ?? "",
      ).join("");
      const all = naiveLines(text);
      const count = Math.floor(random() * 6);
      expect(countLines(text), JSON.stringify(text)).toBe(all.length);
      expect(headLines(text, count), JSON.stringify(text)).toEqual({ lines: all.slice(0, count), total: all.length });
      expect(tailLines(text, count), JSON.stringify(text)).toEqual({
        lines: count === 0 ? [] : all.slice(-count),
        total: all.length,
      });
    }
  });

  it("clip a huge line and count what is left, never splitting a surrogate pair", () => {
    const w = tailLines(`first\n${"x".repeat(5_000_000)}`, 1, 100);
    expect(w.total).toBe(2);
    expect(w.lines[0]).toBe(`${"x".repeat(100)} ⟨4,999,900 more characters⟩`);
    expect(clipText("ab😀cd", 3)).toBe("ab ⟨4 more characters⟩");
    expect(clipText("short", 10)).toBe("short");
  });
});

describe("entry previews", () => {
  it("keep short texts whole and cut long ones by lines and by characters", () => {
    expect(entryPreview("a\nb")).toEqual({ text: "a\nb", hiddenLines: 0 });
    const many = Array.from({ length: 10_000 }, (_, i) => `line ${i}`).join("\n");
    const byLines = entryPreview(many);
    expect(byLines.text.split("\n")).toHaveLength(ENTRY_PREVIEW_LINES);
    expect(byLines.hiddenLines).toBe(10_000 - ENTRY_PREVIEW_LINES);
    const wide = entryPreview(`${"y".repeat(99)}\n`.repeat(20_000));
    expect(wide.text.length).toBeLessThanOrEqual(ENTRY_PREVIEW_CHARS);
    expect(wide.hiddenLines).toBeGreaterThan(20_000 - ENTRY_PREVIEW_CHARS / 100 - 1);
  });
});

describe("markdown tail", () => {
  it("keeps the last lines and re-opens the fence the tail starts inside", () => {
    const text = `Intro\n\n\`\`\`py\n${Array.from({ length: 50 }, (_, i) => `x${i}`).join("\n")}`;
    expect(markdownTail(text, 3, 10_000)).toBe("```py\nx47\nx48\nx49");
    expect(markdownTail("a\n```\nb\n```\nc\nd", 2, 10_000)).toBe("c\nd");
    expect(markdownTail("short", 5, 100)).toBe("short");
    expect(markdownTail("z".repeat(1000), 5, 10)).toBe("z".repeat(10));
  });
});

describe("one huge event draws a bounded number of rows", () => {
  const MB20 = "x".repeat(20 * 1024 * 1024);
  const lines20 = `${"y".repeat(99)}\n`.repeat(200_000);

  it("a running tool's 20 MB single-line output: the pane keeps its rows and says what is hidden", () => {
    const run: ToolRun = {
      id: "t",
      name: "bash",
      args: { command: "cat big" },
      startedAt: 0,
      endedAt: undefined,
      status: "running",
      output: { text: MB20, details: undefined, images: 0 },
    };
    const rows = toolLines(run, 0, 80, 8, false, PALETTE, 3).map(stripSgr);
    expect(rows.length).toBeLessThanOrEqual(9);
    expect(rows.join("\n")).toMatch(/the rest of a long line/);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(80);
  });

  it("a finished tool with 200,000 output lines, collapsed and expanded", () => {
    const run: ToolRun = {
      id: "t",
      name: "read",
      args: { path: "big" },
      startedAt: 0,
      endedAt: 1,
      status: "done",
      output: { text: lines20, details: undefined, images: 0 },
    };
    expect(toolLines(run, 1, 80, 5, false, PALETTE).map(stripSgr)).toEqual(["✓ read big · 0.0s", "  200,000 lines"]);
    const expanded = toolLines(run, 1, 80, 40, true, PALETTE).map(stripSgr);
    expect(expanded.length).toBeLessThanOrEqual(41);
    expect(expanded.at(-1)).toContain("more lines");
  });

  it("a 20 MB answer is committed as a preview with a row saying how much is not shown", () => {
    const rows = entryLines(
      { kind: "markdown", id: 1, text: lines20, continues: false },
      { width: 100, showThinking: true, toolsExpanded: false, palette: PALETTE },
    );
    expect(rows.length).toBeLessThanOrEqual(ENTRY_PREVIEW_LINES + 2);
    expect(stripSgr(rows.at(-1) ?? "")).toMatch(/… [\d,]+ more lines not shown here/);
    const notice = entryLines(
      { kind: "notice", id: 2, level: "error", text: MB20 },
      { width: 100, showThinking: true, toolsExpanded: false, palette: PALETTE },
    );
    expect(notice.length).toBeLessThanOrEqual(ENTRY_PREVIEW_CHARS / 98 + 3);
  });

  it("a 20 MB streaming delta, a 20 MB status and a 20 MB dialog title", () => {
    expect(
      streamLines(
        { blocks: [{ type: "text", text: MB20 }], commitBlock: 0, commitOffset: 0, lastStarted: 0 },
        80,
        10,
        true,
        PALETTE,
      ).length,
    ).toBeLessThanOrEqual(10);
    expect(
      streamLines(
        {
          blocks: [{ type: "thinking", thinking: MB20, redacted: false }],
          commitBlock: 0,
          commitOffset: 0,
          lastStarted: 0,
        },
        80,
        10,
        true,
        PALETTE,
      ).length,
    ).toBeLessThanOrEqual(10);
    const footer = footerLine(
      { ...createInitialState().footer, worker: "ready", statuses: { big: MB20 } },
      100,
      PALETTE,
    );
    expect(textWidth(footer)).toBeLessThanOrEqual(100);
    const question = questionRows(MB20, "", 100, PALETTE).map(stripSgr);
    expect(question.length).toBeLessThan(1000);
    expect(
      question
        .slice(-3)
        .map((r) => r.trim())
        .join(" "),
    ).toMatch(/⟨[\d,]+ more characters⟩$/);
  });
});
