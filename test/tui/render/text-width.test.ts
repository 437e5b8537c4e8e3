// Grapheme widths come from string-width's maintained Unicode data, through a cache that must
// never change an answer.
import { describe, expect, it } from "vitest";
import { graphemeWidth, textWidth } from "../../../src/tui/render/text-width.js";

describe("grapheme widths", () => {
  it("follow current Unicode data, not a frozen table", () => {
    // Wide since Unicode 16 (the table this replaced had them narrow).
    expect(graphemeWidth("\u2630")).toBe(2); // ☰ trigram
    expect(graphemeWidth("\u4dc0")).toBe(2); // ䷀ hexagram
    // Default-ignorable: takes no cell.
    expect(graphemeWidth("\u00ad")).toBe(0);
    expect(textWidth("a\u00adb")).toBe(2);
  });

  it("give the same answer after the width cache has been filled and emptied", () => {
    const cjk = Array.from({ length: 6000 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    expect(cjk.every((g) => graphemeWidth(g) === 2)).toBe(true);
    expect([graphemeWidth("é"), graphemeWidth("👨‍👩‍👧"), graphemeWidth("\u0301"), graphemeWidth("\u0007")]).toEqual([1, 2, 0, 0]);
    expect(cjk.slice(0, 10).every((g) => graphemeWidth(g) === 2)).toBe(true);
  });
});
