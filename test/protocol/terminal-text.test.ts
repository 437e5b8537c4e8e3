// The one definition of unsafe terminal text: plain output shows every hostile sample as the TUI
// does, keeps tabs and line breaks, and JSON keeps the data while escaping what a terminal acts on.
import { describe, expect, it } from "vitest";
import { placeholder, terminalSafeJson, visibleLine, visibleText } from "../../src/protocol/terminal-text.js";
import { placeholder as tuiPlaceholder, sanitizeLine } from "../../src/tui/render/sanitize.js";
import { ALL_HOSTILE, HOSTILE } from "../fixtures/hostile-text.mjs";

const FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("terminal-text", () => {
  it("is the TUI sanitiser's own definition, not a copy", () => {
    expect(tuiPlaceholder).toBe(placeholder);
    expect(visibleLine(ALL_HOSTILE)).toBe(sanitizeLine(ALL_HOSTILE));
  });

  for (const h of HOSTILE) {
    it(`shows ${h.name} as text`, () => {
      expect(visibleText(h.raw)).toBe(h.shown);
      expect(visibleLine(h.raw)).toBe(h.shown);
    });
  }

  it("keeps tabs and line breaks in text, drops foreign SGR, and makes one line of a name", () => {
    expect(visibleText("a\tb\r\nc\u2028d\u001b[31me")).toBe("a\tb\nc\nde");
    expect(visibleLine("a\tb\nc")).toBe("a b c");
    expect(FORBIDDEN.test(visibleText(ALL_HOSTILE))).toBe(false);
  });

  it("escapes in JSON what a terminal would act on, and the data reads back the same", () => {
    const value = { cwd: `/tmp/${ALL_HOSTILE}\u0085`, list: [ALL_HOSTILE] };
    const json = terminalSafeJson(value);
    expect(FORBIDDEN.test(json)).toBe(false);
    expect(json).not.toContain("\u001b");
    expect(JSON.parse(json)).toEqual(value);
  });
});
