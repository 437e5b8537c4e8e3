// A row of one styled write at the left edge, made without Ink's grid: byte-for-byte the row
// Ink's own get() makes, for the rows our renderers write (markdown with highlighted code in
// every palette and colour level) and for random mixes of SGR sequences, text, wide and
// combining characters and spaces; rows with other escapes are left to Ink.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { InkOutputClass } from "../../../src/tui/ink/ink-output-rows.js";
import { styledRow } from "../../../src/tui/ink/ink-styled-row.js";
import { renderMarkdown } from "../../../src/tui/render/markdown.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
import { seededRandom } from "../../fixtures/seeded-random.js";

const inkMain = createRequire(import.meta.url).resolve("ink");
const { default: Output } = (await import(pathToFileURL(join(dirname(inkMain), "output.js")).href)) as {
  default: InkOutputClass;
};

/** What Ink makes of `line` written at x = 0 in a frame 80 columns wide. */
function inkRow(line: string): string {
  const o = new Output({ width: 80, height: 1 });
  o.write(0, 0, line, { transformers: [] });
  return o.get().output;
}

const MARKDOWN = [
  "# Heading with `code`",
  "",
  "Some **bold**, *em*, ***both***, ~~struck~~, `inline code` and a [link](https://example.com).",
  "",
  "- one with **bold** inside",
  "  - nested 名前 with e\u0301 and 👍",
  "1. first",
  "",
  "> quoted *text* over a long line that has to wrap somewhere before the edge of the screen",
  "",
  "```ts",
  "const x: number = 1; // a comment",
  "function f(a: string): string { return a + '!'; }",
  "```",
  "",
  "```python",
  "def g(n):\n    return [i ** 2 for i in range(n) if i % 2]  # squares",
  "```",
  "",
  "| a | b **bold** |",
  "|---|---|",
  "| 1 | `2` |",
  "",
  "---",
].join("\n");

const SEQUENCES = [
  "\u001b[0m",
  "\u001b[m",
  "\u001b[1m",
  "\u001b[2m",
  "\u001b[22m",
  "\u001b[3m",
  "\u001b[23m",
  "\u001b[4m",
  "\u001b[24m",
  "\u001b[7m",
  "\u001b[27m",
  "\u001b[9m",
  "\u001b[29m",
  "\u001b[31m",
  "\u001b[39m",
  "\u001b[44m",
  "\u001b[49m",
  "\u001b[90m",
  "\u001b[38;5;208m",
  "\u001b[48;5;236m",
  "\u001b[38;2;97;175;239m",
  "\u001b[1;31m",
  "\u001b[1;38;5;12;4m",
  "\u001b[53m",
  "\u001b[99m",
];
const TEXTS = ["a", "word", " ", "   ", "名前", "e\u0301", "👍", "👨‍👩‍👧", "\t", "│", "·"];

function randomRow(next: () => number): string {
  let row = "";
  const parts = 1 + Math.floor(next() * 12);
  for (let i = 0; i < parts; i += 1) {
    const pool = next() < 0.5 ? SEQUENCES : TEXTS;
    row += pool[Math.floor(next() * pool.length)];
  }
  return row;
}

describe("styled rows without Ink's grid", () => {
  it("makes every row of rendered markdown as Ink does, in every palette and colour level", () => {
    let styled = 0;
    for (const name of ["dark", "light", "mono"] as const) {
      for (const level of [0, 1, 2, 3] as const) {
        for (const line of renderMarkdown(MARKDOWN, 60, buildPalette(name, level))) {
          expect(styledRow(line), JSON.stringify(line)).toBe(inkRow(line));
          if (line.includes("\u001b")) styled += 1;
        }
      }
    }
    // The comparison covered styled rows, not only plain ones.
    expect(styled).toBeGreaterThan(100);
  });

  it("makes random mixes of SGR sequences and text as Ink does", () => {
    const next = seededRandom(27);
    for (let i = 0; i < 3000; i += 1) {
      const line = randomRow(next);
      expect(styledRow(line), JSON.stringify(line)).toBe(inkRow(line));
    }
  });

  it("leaves rows with other escapes to Ink", () => {
    for (const line of [
      "\u001b]8;;https://example.com\u0007link\u001b]8;;\u0007",
      "stray \u001b escape",
      "\u001b[31 no end",
      "cursor \u001b[2K erase",
      "8-bit \u009b31m csi",
      "ends with \u001b",
      "\u001b[38:5:208mcolon parameters\u001b[39m",
    ]) {
      expect(styledRow(line), JSON.stringify(line)).toBeUndefined();
    }
  });
});
