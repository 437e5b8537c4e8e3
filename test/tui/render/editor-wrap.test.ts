// The editor's row wrapping (render/editor-wrap.ts) measures most characters by their code
// instead of segmenting them: it gives exactly the rows that segmenting every grapheme gives
// (the model below), for text mixing what could join across that shortcut: combining marks,
// emoji modifiers and ZWJ sequences, Hangul jamo, prepended marks, controls, bidi controls.
import { describe, expect, it } from "vitest";
import { type Row, standaloneWidth, wrapPlain, wrapWithCursor } from "../../../src/tui/render/editor-wrap.js";
import { visibleGrapheme } from "../../../src/tui/render/sanitize.js";
import { graphemes, graphemeWidth, textWidth } from "../../../src/tui/render/text-width.js";
import { random } from "../helpers/random-text.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

/** Every grapheme through the segmenter: how the editor wrapped rows before the shortcut. */
function model(line: string, cursorCol: number | undefined, width: number): Row[] {
  const rows: Row[] = [];
  let row = "";
  let w = 0;
  let hasCursor = false;
  let offset = 0;
  for (const segment of graphemes(line)) {
    const visible = visibleGrapheme(segment);
    const gw = Math.max(1, visible === segment ? graphemeWidth(segment) : textWidth(visible));
    if (w + gw > width) {
      rows.push({ text: row, hasCursor });
      row = "";
      w = 0;
      hasCursor = false;
    }
    row += cursorCol === offset ? PALETTE.style.inverse(visible) : visible;
    hasCursor ||= cursorCol === offset;
    w += gw;
    offset += segment.length;
  }
  if (cursorCol !== undefined && cursorCol >= line.length) {
    if (w + 1 > width) {
      rows.push({ text: row, hasCursor });
      row = "";
    }
    row += PALETTE.style.inverse(" ");
    hasCursor = true;
  }
  rows.push({ text: row, hasCursor });
  return rows;
}

const TRICKY = [
  "a",
  "Z ",
  "日",
  "本",
  "の",
  "テ",
  "한",
  "\u0301", // combining acute: joins the character before it
  "\u3099", // combining kana voiced mark
  "\u{1F44D}",
  "\u{1F3FD}", // skin tone modifier (Extend)
  "\u200d", // ZWJ
  "\u{1F469}\u200d\u{1F4BB}",
  "\ufe0f",
  "\u1100", // Hangul leading jamo: joins a following syllable
  "\u1161",
  "\u11a8",
  "\u0600", // Arabic number sign: a prepended mark, joins what follows
  "\u0915\u094d\u0937", // Devanagari conjunct
  "\u{1F1EF}\u{1F1F5}", // regional indicators (a flag)
  "\u001b",
  "\u0007",
  "\t",
  "\u202e", // bidi override: drawn visible
  "\u{E0067}", // tag character (Extend)
];

describe("editor row wrapping", () => {
  it("gives the rows of a grapheme-by-grapheme layout, cursor anywhere, for tricky text", () => {
    const rand = random(3);
    for (let n = 0; n < 300; n += 1) {
      let line = "";
      const parts = 1 + rand(60);
      for (let i = 0; i < parts; i += 1) line += TRICKY[rand(TRICKY.length)];
      const width = 4 + rand(30);
      const cursor = rand(3) === 0 ? undefined : rand(line.length + 1);
      // The model's cursor is on a grapheme start; the editor only ever puts it on one.
      const starts = new Set<number>();
      let at = 0;
      for (const g of graphemes(line)) {
        starts.add(at);
        at += g.length;
      }
      const col = cursor === undefined || cursor === line.length || starts.has(cursor) ? cursor : undefined;
      expect(wrapWithCursor(line, col, width, PALETTE.style.inverse), JSON.stringify({ line, col, width })).toEqual(
        model(line, col, width),
      );
      expect(wrapPlain(line.repeat(8), width)).toEqual(model(line.repeat(8), undefined, width));
    }
  });

  it("measures a character by its code only where its width and drawing are those of a lone grapheme", () => {
    // Every range's first and last unit, and every 17th one in between (string-width is slow).
    for (let code = 0; code <= 0xffff; code += 1) {
      const w = standaloneWidth(code);
      if (w === 0 || (code % 17 !== 0 && standaloneWidth(code - 1) === w && standaloneWidth(code + 1) === w)) continue;
      const ch = String.fromCharCode(code);
      expect(graphemeWidth(ch), ch).toBe(w);
      expect(visibleGrapheme(ch)).toBe(ch);
      expect([...graphemes(`${ch}${ch}`)]).toEqual([ch, ch]);
    }
  });
});
