// Pure editor features: big bracketed pastes become markers that expand when sent, the sent
// prompt is previewed in a few rows, Ctrl+R reverse search through history, and the editor
// layout of huge texts (only the rows around the cursor are laid out).
import { describe, expect, it } from "vitest";
import { initialEditor, reduceEditor, type EditorOp } from "../../../src/tui/state/editor.js";
import { expandPastes } from "../../../src/tui/state/paste.js";
import { promptPreview } from "../../../src/tui/render/entry-lines.js";
import { editorLines, editorRowCount } from "../../../src/tui/render/editor-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import type { EditorState } from "../../../src/tui/state/types.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const run = (ops: EditorOp[], from: EditorState = initialEditor): EditorState => ops.reduce(reduceEditor, from);
const paste = (text: string): EditorOp[] => [
  { op: "paste", active: true },
  { op: "insert", text },
  { op: "paste", active: false, collapse: true },
];

describe("bracketed paste", () => {
  it("more than 10 lines or 1,000 characters becomes a numbered marker; the text is sent", () => {
    const lines = Array.from({ length: 2001 }, (_, i) => `line ${i}`).join("\r\n");
    let s = run([
      { op: "insert", text: "see " },
      ...paste(lines),
      { op: "insert", text: " and " },
      ...paste("x".repeat(1500)),
      { op: "insert", text: " ok" },
    ]);
    expect(s.text).toBe("see [paste #1 +2001 lines] and [paste #2 1500 chars] ok");
    expect(expandPastes(s.text, s.pastes)).toBe(`see ${lines.replace(/\r\n/g, "\n")} and ${"x".repeat(1500)} ok`);
    s = run([...paste("short\ntwo lines")], s);
    expect(s.text.endsWith(" okshort\ntwo lines")).toBe(true);
    // Sent: the markers and their texts are gone with the prompt.
    s = reduceEditor(s, { op: "clear" });
    expect(s.pastes).toEqual({});
    expect(run(paste("y".repeat(1001)), s).text).toBe("[paste #1 1001 chars]");
  });

  it("a marker the user edited is text; dialogs (no collapse) get the paste as typed", () => {
    const s = run(paste("z\n".repeat(20)));
    expect(expandPastes(s.text.replace("#1", "#9"), s.pastes)).toBe("[paste #9 +21 lines]");
    const dialog = run([
      { op: "paste", active: true },
      { op: "insert", text: "a\n".repeat(20) },
      { op: "paste", active: false },
    ]);
    expect(dialog.text).toBe("a\n".repeat(20));
  });

  it("the transcript shows the first lines of a long prompt and how much more there is", () => {
    const text = Array.from({ length: 2001 }, (_, i) => `line ${i}`).join("\n");
    expect(promptPreview(text, 80)).toEqual({
      head: text.split("\n").slice(0, 10).join("\n"),
      more: "… 1991 more lines",
    });
    expect(promptPreview("x".repeat(100_000), 50).more).toBe(`… ${100_000 - 500} more characters`);
    expect(promptPreview("short", 80)).toEqual({ head: "short", more: "" });
  });
});

describe("Ctrl+R reverse search", () => {
  const withHistory = run([
    { op: "load_history", entries: ["git status", "fix the tests", "run the build", "fix lint"] },
    { op: "insert", text: "draft" },
  ]);

  it("finds the newest match, Ctrl+R again an older one, accept keeps it, cancel restores the draft", () => {
    let s = run([{ op: "search_start" }, { op: "search_type", text: "fix" }], withHistory);
    expect(s.text).toBe("fix lint");
    s = reduceEditor(s, { op: "search_start" });
    expect(s.text).toBe("fix the tests");
    s = reduceEditor(s, { op: "search_start" }); // no older match: stays
    expect(s.text).toBe("fix the tests");
    expect(reduceEditor(s, { op: "search_accept" })).toMatchObject({ text: "fix the tests", search: undefined });
    expect(reduceEditor(s, { op: "search_cancel" })).toMatchObject({ text: "draft", search: undefined });
  });

  it("no match keeps the text and says so; backspace widens the search again", () => {
    let s = run([{ op: "search_start" }, { op: "search_type", text: "BUILDX" }], withHistory);
    expect(s.search?.index).toBeUndefined();
    s = reduceEditor(s, { op: "search_backspace" });
    expect(s.text).toBe("run the build");
    expect(s.cursor).toBe("run the ".length);
  });
});

describe("editor layout of huge texts", () => {
  it("a 1 MB line: the window around the cursor holds exactly the text there", () => {
    const text = "0123456789".repeat(100_000);
    const width = 42; // 39 text cells per row
    const rows = editorLines(text, 500_000, width, 4, { palette: PALETTE }).map((r) => stripSgr(r));
    const row = Math.floor(500_000 / 39);
    expect(rows).toEqual(
      [row - 3, row - 2, row - 1, row].map((r) => `${r === row - 3 ? "↑ " : "  "}${text.slice(r * 39, r * 39 + 39)}`),
    );
    expect(editorRowCount(text, width, 12)).toBe(12);
  });

  it("wide characters in a long line never overflow the width; the cursor is drawn", () => {
    const text = "日本語 emoji 👍🏽 ".repeat(20_000);
    for (const cursor of [0, 1000, text.length / 2, text.length]) {
      const rows = editorLines(text, cursor, 30, 6, { palette: PALETTE });
      expect(rows).toHaveLength(6);
      for (const r of rows) expect(textWidth(stripSgr(r))).toBeLessThanOrEqual(30);
      expect(rows.some((r) => r.includes("\u001b[7m"))).toBe(true);
    }
  });
});
