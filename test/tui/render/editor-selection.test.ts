// vim's VISUAL selection in the editor's rows: the selected characters are drawn in inverse
// video like the cursor, across lines and wrapped rows, in ASCII and in wider text.
import { describe, expect, it } from "vitest";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { buildPalette } from "../../../src/tui/render/palette.js";

const PALETTE = buildPalette("dark", 1);
const INVERSE = /\u001b\[7m([^\u001b]*)\u001b\[27m/g;

/** The runs of each row drawn in inverse video. */
const inverted = (rows: string[]): string[][] => rows.map((r) => [...r.matchAll(INVERSE)].map((m) => m[1] ?? ""));

describe("the editor with a VISUAL selection", () => {
  it("inverts exactly the selected characters, on both lines", () => {
    const text = "fix the bug\nrun tests";
    // Selection from "bug" to "run" (the cursor at "n", its end).
    const rows = editorLines(text, 14, 40, 5, { palette: PALETTE, prompt: "", selection: { start: 8, end: 15 } });
    expect(inverted(rows)).toEqual([["bug"], ["run"]]);
  });

  it("across a wrapped row", () => {
    const rows = editorLines("abcdefghij", 7, 6, 5, { palette: PALETTE, prompt: "", selection: { start: 2, end: 8 } });
    // 6 columns less the one kept for the cursor: rows of five.
    expect(inverted(rows)).toEqual([["cde"], ["fgh"]]);
  });

  it("in text that is not plain ASCII", () => {
    const rows = editorLines("日本語 text", 1, 40, 3, {
      palette: PALETTE,
      prompt: "",
      selection: { start: 0, end: 2 },
    });
    expect(inverted(rows)[0]?.join("")).toBe("日本");
  });

  it("without a selection only the cursor is inverted", () => {
    const rows = editorLines("fix the bug", 4, 40, 3, { palette: PALETTE, prompt: "" });
    expect(inverted(rows)).toEqual([["t"]]);
  });
});
