// A line's width measured for Ink's layout is string-width's, for the rows our renderers draw
// (markdown in every palette) and for random mixes of text, SGR sequences and characters that
// join their neighbours into one grapheme, stand alone, or are read as escapes.
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { lineWidth } from "../../../src/tui/ink/line-width.js";
import { renderMarkdown } from "../../../src/tui/render/markdown.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
import { seededRandom } from "../../fixtures/seeded-random.js";

const MARKDOWN = [
  "# Heading — with “quotes” and `code`",
  "",
  "- bullet • item … → arrows ← and ■ shapes ◆, café, naïve, Ångström",
  "  - nested 名前 with e\u0301 and 👍🏽 and ｱｲｳ ﾊﾞ",
  "> quoted ก่า text",
  "",
  "```ts",
  "const box = '┌─┐│└┘';",
  "```",
  "",
  "| a | b |",
  "|---|---|",
  "| ✓ | ✗ |",
].join("\n");

const PIECES = [
  "a",
  "word ",
  "•",
  "│",
  "─",
  "…",
  "é",
  "\u0301",
  "名",
  "ｱ",
  "\uff9e",
  "ก",
  "\u0e33",
  "\u0d4e",
  "ᄀ",
  "\u1161",
  "가",
  "\u3164",
  "\u2065",
  "\u00ad",
  "\u200d",
  "\u200c",
  "\ufe0f",
  "👍",
  "\u{1f3fd}",
  "🇺",
  "©",
  "◽",
  "\t",
  "\u007f",
  "\u0085",
  "\u009b31m",
  "\u001b[31m",
  "\u001b[1;38;5;208m",
  "\u001b[m",
  "\u001b[1234m",
  "\u001b[2K",
  "\u001b]8;;https://example.com\u0007",
  "\u001b\\",
  "\u0007",
];

describe("line widths for Ink's layout", () => {
  it("are string-width's for every row of rendered markdown", () => {
    for (const level of [0, 1, 3] as const) {
      for (const line of renderMarkdown(MARKDOWN, 60, buildPalette("dark", level))) {
        expect(lineWidth(line), JSON.stringify(line)).toBe(stringWidth(line));
      }
    }
  });

  it("are string-width's for random mixes of text, sequences and joining characters", () => {
    const next = seededRandom(7);
    for (let i = 0; i < 5000; i += 1) {
      let line = "";
      const parts = 1 + Math.floor(next() * 10);
      for (let j = 0; j < parts; j += 1) line += PIECES[Math.floor(next() * PIECES.length)];
      expect(lineWidth(line), JSON.stringify(line)).toBe(stringWidth(line));
    }
  });
});
