// Grapheme widths come from string-width's maintained Unicode data, through a cache that must
// never change an answer.
import { describe, expect, it } from "vitest";
import { graphemeWidth, stripSgr, textWidth } from "../../../src/tui/render/text-width.js";

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
    expect([graphemeWidth("é"), graphemeWidth("👨‍👩‍👧"), graphemeWidth("\u0301"), graphemeWidth("\u0007")]).toEqual([
      1, 2, 0, 0,
    ]);
    expect(cjk.slice(0, 10).every((g) => graphemeWidth(g) === 2)).toBe(true);
  });
});

describe("line widths", () => {
  const byGrapheme = (line: string): number =>
    stripSgr(line)
      .split(/(?=\u001b)/)
      .reduce(
        (w, part) =>
          w +
          [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(part)].reduce(
            (n, { segment }) => n + graphemeWidth(segment),
            0,
          ),
        0,
      );
  const lines = [
    "\u001b[90m│\u001b[39m \u001b[90mNote: a quoted remark\u001b[39m",
    "• item \u001b[4m\u001b[34mlink\u001b[39m\u001b[24m — “quoted” …",
    '  \u001b[35mconst\u001b[39m 名前 = \u001b[32m"👨‍👩‍👧"\u001b[39m; // e\u0301',
    "plain ascii only",
    "a lone \u001b escape and \u001b[31mred\u001b[0m",
  ];
  it("count each styled run's cells, the same before and after the run cache is filled and emptied", () => {
    const before = lines.map(textWidth);
    expect(before).toEqual(lines.map(byGrapheme));
    for (let i = 0; i < 5000; i += 1) textWidth(`\u001b[1m${String.fromCodePoint(0x4e00 + i)}·\u001b[22m`);
    expect(lines.map(textWidth)).toEqual(before);
  });
});
