// The widths Ink gets from the bundle's widest-line (src/tui/ink/ink-widest-line.ts) are the
// package's, for the first call and for the calls that find the width kept.
import widestLinePackage from "widest-line";
import { describe, expect, it } from "vitest";
import widestLine from "../../../src/tui/ink/ink-widest-line.js";

const TEXTS = [
  "",
  "plain",
  "two\nlines, the second longer",
  "\u001b[1mbold\u001b[22m and \u001b[38;5;208mcolour\u001b[39m",
  "wide 漢字 and emoji 👍🏽 here",
  "tab\tand combining e\u0301",
  `${"x".repeat(20_000)}\nlonger than the kept texts`,
];

describe("Ink's widest-line in the bundle", () => {
  it("gives the package's width, measured and kept", () => {
    for (const text of TEXTS) {
      expect(widestLine(text)).toBe(widestLinePackage(text));
      expect(widestLine(text)).toBe(widestLinePackage(text));
    }
  });

  it("keeps giving the package's width after its generations turn over", () => {
    const texts = Array.from(
      { length: 5000 },
      (_, i) => `row ${i} ${"漢".repeat(i % 7)}\n${"-".repeat(200 + (i % 50))}`,
    );
    for (const text of texts) widestLine(text);
    for (const text of [...texts].reverse()) expect(widestLine(text)).toBe(widestLinePackage(text));
  });
});
