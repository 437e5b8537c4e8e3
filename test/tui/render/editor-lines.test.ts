// Editor lines: pasted control characters never reach the terminal.
import { describe, expect, it } from "vitest";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

describe("editor rendering", () => {
  it("never writes control characters from pasted text: they are drawn as placeholders", () => {
    const rows = editorLines("a\u001b[2Jb\u0007c\u202ed", 0, 40, 3, { palette: PALETTE });
    expect(rows.join("")).not.toMatch(/\u001b\[2J|\u0007|\u202e/);
    expect(stripSgr(rows[0] ?? "")).toContain("a␛[2Jb␇c<U+202E>d");
  });
});

describe("editor rendering of a long line of wide and joined graphemes", () => {
  // Longer than one segmentation piece (256 code units): a family emoji (ZWJ sequence) or a
  // letter with its combining mark must never be split across pieces or rows.
  const family = "👨‍👩‍👧‍👦";
  const text = `${"日本".repeat(40)}${`${family}e\u0301 `.repeat(60)}`;

  it("wraps into rows that hold the text in order, each within the width, no grapheme split", () => {
    const rows = editorLines(text, text.length, 42, 400, { palette: PALETTE, prompt: "" }).map(stripSgr);
    // The cursor cell at the end is drawn as an inverse space.
    expect(rows.join("").trimEnd()).toBe(text.trimEnd());
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    for (const row of rows) {
      const whole = [...segmenter.segment(row)].map((s) => s.segment);
      expect(whole.filter((g) => g.startsWith("\u200d") || g === "\u0301")).toEqual([]);
      // 42 columns less the one kept free for the cursor.
      expect(textWidth(row)).toBeLessThanOrEqual(41);
    }
    expect(rows.filter((r) => r.includes(family)).length).toBeGreaterThan(1);
  });
});
