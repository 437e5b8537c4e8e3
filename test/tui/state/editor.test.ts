// The editor reducer: insertion, cursor and word motion, history, deletion, undo.
import { describe, expect, it } from "vitest";
import { initialEditor, reduceEditor, type EditorOp } from "../../../src/tui/state/editor.js";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

describe("editor operations", () => {
  const run = (ops: EditorOp[]) => ops.reduce(reduceEditor, initialEditor);
  it("edits multi-line text and walks history only at the edges", () => {
    let s = run([{ op: "insert", text: "one" }, { op: "newline" }, { op: "insert", text: "two" }]);
    expect(s.text).toBe("one\ntwo");
    s = reduceEditor(s, { op: "up" });
    expect(s.cursor).toBe(3); // moved to line one, same column
    s = reduceEditor({ ...s, history: ["old"] }, { op: "up" });
    expect(s.text).toBe("old");
    s = reduceEditor(s, { op: "down" });
    expect(s.text).toBe("one\ntwo");
  });
  it("deletes by grapheme-safe steps, words and lines", () => {
    let s = run([{ op: "insert", text: "a 👍" }, { op: "backspace" }]);
    expect(s.text).toBe("a ");
    s = run([{ op: "insert", text: "foo bar baz" }, { op: "delete_word" }]);
    expect(s.text).toBe("foo bar ");
    s = run([{ op: "insert", text: "abc" }, { op: "home" }, { op: "kill_line" }]);
    expect(s.text).toBe("");
  });
  it("ctrl+u deletes to the start of the line; at a line's start it joins the line above", () => {
    const typed: EditorOp = { op: "insert", text: "first\nsome draft text" };
    let s = run([typed, { op: "word_left" }, { op: "delete_to_line_start" }]);
    expect(s.text).toBe("first\ntext");
    expect(s.cursor).toBe("first\n".length);
    s = reduceEditor(s, { op: "delete_to_line_start" });
    expect(s.text).toBe("firsttext");
    expect(s.cursor).toBe("first".length);
    // Nothing before the cursor: nothing changes, and no undo is taken.
    const start = run([{ op: "insert", text: "abc" }, { op: "home" }]);
    expect(reduceEditor(start, { op: "delete_to_line_start" })).toBe(start);
  });
  it("a cut with ctrl+u or ctrl+k can be undone", () => {
    let s = run([{ op: "insert", text: "some draft text" }, { op: "delete_to_line_start" }]);
    expect(s.text).toBe("");
    s = reduceEditor(s, { op: "undo" });
    expect(s.text).toBe("some draft text");
    s = run([{ op: "insert", text: "keep cut" }, { op: "word_left" }, { op: "kill_line" }]);
    expect(s.text).toBe("keep ");
    expect(reduceEditor(s, { op: "undo" }).text).toBe("keep cut");
  });
  it("set_editor_text keeps the replaced text for one undo", () => {
    let s = run([
      { op: "insert", text: "mine" },
      { op: "set", text: "theirs", keepUndo: true },
    ]);
    expect(s.text).toBe("theirs");
    s = reduceEditor(s, { op: "undo" });
    expect(s.text).toBe("mine");
  });
  it("renders with a visible cursor inside the width and row cap", () => {
    const rows = editorLines("x".repeat(300), 150, 40, 3, { palette: PALETTE });
    expect(rows.length).toBe(3);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    expect(rows.some((r) => r.includes("\u001b[7m"))).toBe(true);
    expect(stripSgr(editorLines("", 0, 40, 3, { palette: PALETTE, placeholder: "type" })[0] ?? "")).toContain("type");
  });
});
