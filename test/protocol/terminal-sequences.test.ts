// The one grammar of terminal escape sequences: what each pattern takes as a whole sequence, what
// stripping leaves, how a styled line splits into text runs and SGR, and which tails wait for more.
import { describe, expect, it } from "vitest";
import {
  CSI_BODY_SOURCE,
  csiLength,
  isPrintableAscii,
  isSgrReset,
  isUnfinishedSequence,
  leadingCursorControlLength,
  scanSgr,
  sgrLength,
  sgrParams,
  stripSequences,
  stripSgr,
} from "../../src/protocol/terminal-sequences.js";

/** The pieces scanSgr reports, as ["text" | "sgr", piece]. */
function pieces(line: string): [string, string][] {
  const out: [string, string][] = [];
  scanSgr(
    line,
    (from, to) => out.push(["text", line.slice(from, to)]),
    (from, to) => out.push(["sgr", line.slice(from, to)]),
  );
  return out;
}

describe("terminal sequences", () => {
  it("measures an SGR or a CSI where one starts, and nothing elsewhere", () => {
    const line = "a\u001b[1;38:2::1:2:3mb\u001b[?25lc\u001b]0;t\u0007";
    expect(sgrLength(line, 1)).toBe("\u001b[1;38:2::1:2:3m".length);
    expect(sgrLength(line, 0)).toBe(0);
    expect(csiLength(line, 1)).toBe(sgrLength(line, 1));
    const at = line.indexOf("\u001b[?25l");
    expect(sgrLength(line, at)).toBe(0);
    expect(csiLength(line, at)).toBe(6);
    expect(csiLength(line, line.indexOf("\u001b]"))).toBe(0);
    expect(sgrParams("\u001b[1;31m")).toBe("1;31");
    expect(isSgrReset("\u001b[0m") && isSgrReset("\u001b[m") && !isSgrReset("\u001b[00m")).toBe(true);
  });

  it("splits a styled line into text runs and SGR; another sequence stays in its run", () => {
    expect(pieces("\u001b[31mred\u001b[39m \u001b[?25lplain\u001b[")).toEqual([
      ["sgr", "\u001b[31m"],
      ["text", "red"],
      ["sgr", "\u001b[39m"],
      ["text", " \u001b[?25lplain\u001b["],
    ]);
    expect(pieces("")).toEqual([]);
    expect(pieces("\u001b[m")).toEqual([["sgr", "\u001b[m"]]);
    expect(stripSgr("\u001b[1mbold\u001b[22m \u001b[2Kx")).toBe("bold \u001b[2Kx");
  });

  it("strips every complete sequence and leaves broken ones and lone controls", () => {
    const sequences = [
      "\u001b[1;31m",
      "\u001b[?2004h",
      "\u001b]0;title\u0007",
      "\u001b]8;;https://x\u001b\\",
      "\u001bP1$r0m\u001b\\",
      "\u001b_apc\u001b\\",
      "\u001b(B",
      "\u001b7",
      "\u001bOP",
      "\u009b2J",
    ];
    // SS3's ESC O is a short escape: the key's letter after it is text.
    expect(stripSequences(sequences.join("x"))).toBe("xxxxxxxxPx");
    // An opener whose string never ends goes as a short escape; its body stays.
    expect(stripSequences("a\u001b]unterminated")).toBe("aunterminated");
    expect(stripSequences("bell\u0007")).toBe("bell\u0007");
  });

  it("holds back a tail that may still become a sequence", () => {
    const csi = ["\u001b", "\u001b[", "\u001b[1;3", "\u001b[?25"];
    const others = ["\u001b]0;tit", "\u001b]0;t\u001b", "\u001bP1$", "\u001b(", "\u001b#"];
    for (const tail of [...csi, ...others]) {
      expect(isUnfinishedSequence(tail), JSON.stringify(tail)).toBe(true);
    }
    for (const done of ["\u001b[1m", "\u001b]0;t\u0007", "\u001b(B", "\u001b7", "x\u001b["]) {
      expect(isUnfinishedSequence(done), JSON.stringify(done)).toBe(false);
    }
  });

  it("finds the cursor moves and erases before a frame, not its styling", () => {
    const head = "\u001b[?2026h\u001b[2K\u001b[1A\u001b[G\u001b[?25l";
    expect(leadingCursorControlLength(`${head}\u001b[31mframe\n`)).toBe(head.length);
    expect(leadingCursorControlLength("frame\u001b[2K")).toBe(0);
  });

  it("gives Ink's ESC-less CSI its body and tells printable ASCII apart", () => {
    expect(new RegExp(`^\\[${CSI_BODY_SOURCE}$`).test("[27;2;13~")).toBe(true);
    expect(new RegExp(`^\\[${CSI_BODY_SOURCE}$`).test("[27;2;13")).toBe(false);
    expect(isPrintableAscii("plain text ~") && !isPrintableAscii("tab\t") && !isPrintableAscii("é")).toBe(true);
  });
});
