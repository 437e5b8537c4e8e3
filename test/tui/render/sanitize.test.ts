// The sanitising boundary: every class of hostile sequence comes out as visible text, never as
// something a terminal interprets; approval text is exact; built rows keep only our SGR.
import { describe, expect, it } from "vitest";
import {
  guardRow,
  placeholder,
  sanitizeExact,
  sanitizeLine,
  sanitizeText,
  visibleGrapheme,
} from "../../../src/tui/render/sanitize.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { HOSTILE } from "../../fixtures/hostile-text.mjs";
import { seededRandom } from "../../fixtures/seeded-random.js";

/** What must never come out of the sanitiser: C0 except LF, DEL, C1, bidi controls. */
const FORBIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("sanitizeText", () => {
  for (const h of HOSTILE) {
    it(`shows ${h.name} as text`, () => {
      expect(sanitizeText(h.raw)).toBe(h.shown);
      expect(sanitizeLine(h.raw)).toBe(h.shown);
    });
  }

  it("drops untrusted SGR (styling is ours alone) in both introducer forms", () => {
    expect(sanitizeText("\u001b[31mred\u001b[0m \u001b[8mhidden\u001b[28m \u009b1mbold\u009b0m")).toBe(
      "red hidden bold",
    );
  });

  it("keeps line structure: CRLF and U+2028/2029 are line breaks, tabs become spaces", () => {
    expect(sanitizeText("a\r\nb\u2028c\u2029d")).toBe("a\nb\nc\nd");
    expect(sanitizeText("a\tb\n\tc")).toBe("a   b\n    c");
    expect(sanitizeText("10%\r50%\r100%")).toBe("10%␍50%␍100%");
  });

  it("leaves ordinary text alone: wide characters, emoji with joiners, accents", () => {
    const text = "日本語 👨‍👩‍👧 e\u0301 — ok";
    expect(sanitizeText(text)).toBe(text);
  });

  it("never emits a forbidden character, whatever the input", () => {
    const random = seededRandom(42);
    const alphabet = [
      "\u001b",
      "[",
      "]",
      "\u0007",
      "\r",
      "\n",
      "\t",
      "\u009b",
      "\u009d",
      "\u202e",
      "\u2066",
      "m",
      "2",
      ";",
      "a",
      "P",
      "\\",
      "\u0000",
      "\u007f",
      "é",
      "日",
    ];
    for (let i = 0; i < 500; i += 1) {
      const input = Array.from(
        { length: 1 + Math.floor(random() * 40) },
        () => alphabet[Math.floor(random() * alphabet.length)] ?? "",
      ).join("");
      const out = sanitizeText(input);
      expect(out, JSON.stringify(input)).not.toMatch(FORBIDDEN);
      expect(sanitizeLine(input)).not.toMatch(/\n/);
      expect(sanitizeExact(input)).not.toMatch(FORBIDDEN);
      expect(guardRow(input)).not.toMatch(
        /\u001b(?!\[[0-9;:]*m)|[\u0000-\u001a\u001c-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/,
      );
    }
  });
});

describe("sanitizeExact (text the user approves)", () => {
  it("shows the command hidden behind a CR, and CRLF's CR too", () => {
    expect(sanitizeExact("rm -rf ./important #\recho hello")).toBe("rm -rf ./important #␍echo hello");
    expect(sanitizeExact("echo a\r\necho b")).toBe("echo a␍\necho b");
  });

  it("counts long runs of spaces and blank lines instead of drawing them", () => {
    const cmd = `echo ok${" ".repeat(150)}&& rm -rf ./important`;
    expect(sanitizeExact(cmd)).toBe("echo ok ⟨150 spaces⟩ && rm -rf ./important");
    expect(sanitizeExact(`a${"\n".repeat(40)}rm -rf /`)).toBe("a\n⟨39 blank lines⟩\nrm -rf /");
    expect(sanitizeExact("if x; then\n    y\n\nfi")).toBe("if x; then\n    y\n\nfi");
  });

  it("shows SGR, invisible format characters and look-alike spaces", () => {
    expect(sanitizeExact("\u001b[8mrm -rf /\u001b[0m")).toBe("␛[8mrm -rf /␛[0m");
    expect(sanitizeExact("rm\u00a0-rf\u200b /tmp/x\u2060")).toBe("rm<U+00A0>-rf<U+200B> /tmp/x<U+2060>");
    expect(sanitizeExact("a\u202eb")).toBe("a<U+202E>b");
  });
});

describe("guardRow (last line of defence for built rows)", () => {
  it("keeps our SGR and shows every other control", () => {
    const row = "\u001b[36m◆ title\u001b[39m \u001b[2J\u001b]0;x\u0007\u202e";
    expect(guardRow(row)).toBe("\u001b[36m◆ title\u001b[39m ␛[2J␛]0;x␇<U+202E>");
  });
  it("cannot grow a row: a stray line break or CR is shown, a tab is a space", () => {
    expect(guardRow("a\nb\rc\td")).toBe("a␊b␍c d");
  });
});

describe("placeholders", () => {
  it("are control pictures for C0/DEL and code points otherwise, one cell each for C0", () => {
    expect(placeholder("\u001b")).toBe("␛");
    expect(placeholder("\r")).toBe("␍");
    expect(placeholder("\u007f")).toBe("␡");
    expect(placeholder("\u0085")).toBe("<U+0085>");
    expect(visibleGrapheme("a")).toBe("a");
    expect(visibleGrapheme("\t")).toBe(" ");
    expect(visibleGrapheme("\u001b")).toBe("␛");
    expect(stripSgr(visibleGrapheme("\u2066"))).toBe("<U+2066>");
  });
});
