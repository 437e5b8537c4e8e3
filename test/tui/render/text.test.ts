// Width-aware text handling (sanitising: sanitize.test.ts; safe split points: state/split-point.test.ts).
import { describe, expect, it } from "vitest";
import {
  graphemes,
  graphemeWidth,
  splitLine,
  stripSgr,
  textWidth,
  truncateLine,
  wrapLine,
  wrapText,
} from "../../../src/tui/render/text-width.js";
import { seededRandom } from "../../fixtures/seeded-random.js";

describe("textWidth", () => {
  it("counts wide CJK, emoji and combining marks by cells", () => {
    expect(textWidth("abc")).toBe(3);
    expect(textWidth("日本")).toBe(4);
    expect(textWidth("👍")).toBe(2);
    expect(textWidth("👍🏽")).toBe(2);
    expect(textWidth("👨‍👩‍👧")).toBe(2);
    expect(textWidth("e\u0301")).toBe(1);
    expect(textWidth("\u001b[31mred\u001b[39m")).toBe(3);
  });
});

describe("truncate and wrap", () => {
  it("never exceeds the width, whatever the text", () => {
    const samples = [
      "日本語のテキストです",
      "👍🏽👍🏽👍🏽👍🏽👍🏽",
      "a\u0301b\u0301c\u0301d\u0301e\u0301f",
      `\u001b[1m${"x".repeat(50)}\u001b[22m`,
      "word ".repeat(30),
    ];
    for (const s of samples) {
      for (const w of [1, 5, 7, 12, 40]) {
        expect(textWidth(truncateLine(s, w))).toBeLessThanOrEqual(w);
        for (const row of wrapLine(s, w)) expect(textWidth(row)).toBeLessThanOrEqual(Math.max(1, w) + 1);
      }
    }
  });
  it("keeps all text when wrapping words", () => {
    const text = "the quick brown fox jumps over the lazy dog";
    expect(wrapLine(text, 10).join(" ")).toBe(text);
    expect(wrapLine(text, 10).every((r) => textWidth(r) <= 10)).toBe(true);
  });
  it("reopens styles on each wrapped row", () => {
    const rows = wrapLine(`\u001b[31m${"red ".repeat(10)}\u001b[39m`, 8);
    expect(rows.length).toBeGreaterThan(2);
    for (const r of rows.slice(1)) expect(r.startsWith("\u001b[31m")).toBe(true);
    expect(stripSgr(rows.join(" ")).replace(/\s+/g, " ").trim()).toBe("red ".repeat(10).trim());
  });
  it("splits on newlines", () => {
    expect(wrapText("a\nb", 10)).toEqual(["a", "b"]);
  });
});

describe("grapheme segmentation of long and mixed text", () => {
  const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
  const naiveWidth = (s: string): number =>
    [...segmenter.segment(s)].reduce((w, { segment }) => w + graphemeWidth(segment), 0);

  it("gives the widths of segmenting the whole string at once, and never splits a cluster", () => {
    const random = seededRandom(11);
    const pieces = [
      "a",
      "b",
      " ",
      "e\u0301",
      "\u0301",
      "日本",
      "👍🏽",
      "👨‍👩‍👧",
      "🇫🇷",
      "é",
      "—",
      "x\u200dy",
      "\ufe0f",
      "ﾞ",
    ];
    for (let i = 0; i < 80; i += 1) {
      const text = Array.from(
        { length: Math.floor(random() * 400) },
        () => pieces[Math.floor(random() * pieces.length)] ?? "",
      ).join("");
      // Chunked segmentation gives the clusters of segmenting whole (a chunk never cuts a surrogate pair).
      expect([...graphemes(text)], JSON.stringify(text)).toEqual([...segmenter.segment(text)].map((g) => g.segment));
      expect(textWidth(text), JSON.stringify(text)).toBe(naiveWidth(text));
      const rows = splitLine(text, 7);
      expect(rows.join(""), JSON.stringify(text)).toBe(text);
      for (const row of rows) expect(textWidth(row), JSON.stringify(text)).toBeLessThanOrEqual(7);
    }
    // Past the segmenter's chunk size, in one long run of wide characters and one of ASCII.
    const long = `${"日本語のテキスト".repeat(5000)}e\u0301${"x".repeat(40_000)}👨‍👩‍👧`;
    expect(textWidth(long)).toBe(5000 * 8 * 2 + 1 + 40_000 + 2);
    expect(truncateLine(long, 9)).toBe("日本語の…");
  });
});
