// A compacted row styles every cell as the row it came from: random rows of styled tokens are
// written as they are and compacted into two headless terminals, and each cell's character,
// weight, slant, underline, inverse and colours compared (a space's foreground is not seen,
// so it is compared only where something makes it show).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { compactSgr } from "../../../src/tui/ink/sgr-compact.js";
import { seededRandom } from "../../fixtures/seeded-random.js";

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless") as typeof import("@xterm/headless");

async function cells(row: string): Promise<string[]> {
  const term = new Terminal({ cols: 80, rows: 2, allowProposedApi: true });
  await new Promise<void>((resolve) => term.write(`${row}\r\nX`, resolve));
  const line = term.buffer.active.getLine(0);
  const after = term.buffer.active.getLine(1)?.getCell(0);
  const out: string[] = [];
  for (let x = 0; line !== undefined && x < 80; x++) {
    const c = line.getCell(x);
    if (c === undefined) continue;
    const char = c.getChars() || " ";
    const shows =
      char !== " " || c.isUnderline() !== 0 || c.isInverse() !== 0 || c.isStrikethrough() !== 0 || !c.isBgDefault();
    out.push(
      `${char}${c.isBold()}${c.isDim()}${c.isItalic()}${c.isUnderline()}${c.isInverse()}${c.getBgColor()}${shows ? c.getFgColor() : ""}`,
    );
  }
  // What follows the row starts with the same styles.
  out.push(`after ${after?.isBold()}${after?.getFgColor()}${after?.isUnderline()}`);
  return out;
}

const STYLES = [
  ["\u001b[1m", "\u001b[22m"],
  ["\u001b[2m", "\u001b[22m"],
  ["\u001b[3m", "\u001b[23m"],
  ["\u001b[4m", "\u001b[24m"],
  ["\u001b[7m", "\u001b[27m"],
  ["\u001b[33m", "\u001b[39m"],
  ["\u001b[34m", "\u001b[39m"],
  ["\u001b[90m", "\u001b[39m"],
  ["\u001b[38;5;208m", "\u001b[39m"],
  ["\u001b[44m", "\u001b[49m"],
] as const;

/** Tokens as chalk writes them: each wrapped in its open and close, often nested, spaces between. */
function styledRow(next: () => number): string {
  let row = "";
  for (let i = 0; i < 8; i++) {
    const words = ["const", " ", "  ", "x", "(", "=>", "é", "…"];
    let token = words[Math.floor(next() * words.length)] ?? "x";
    for (let depth = Math.floor(next() * 3); depth > 0; depth--) {
      const [open, close] = STYLES[Math.floor(next() * STYLES.length)] ?? STYLES[0];
      token = `${open}${token}${close}`;
    }
    row += token;
  }
  return row;
}

describe("compactSgr", () => {
  it("styles every cell as the original row does", async () => {
    const next = seededRandom(7);
    for (let i = 0; i < 300; i++) {
      const row = styledRow(next);
      expect(await cells(compactSgr(row)), JSON.stringify(row)).toEqual(await cells(row));
    }
  });

  it("writes a highlighted code row in fewer bytes", () => {
    const row =
      "  \u001b[34mexport\u001b[39m \u001b[34mfunction\u001b[33m \u001b[35mstep16\u001b[33m(input: \u001b[36mnumber\u001b[33m): \u001b[39m{";
    // The spaces after "export" and "function" keep the colour current: one sequence for three tokens.
    expect(compactSgr(row)).toBe(
      "  \u001b[34mexport function \u001b[35mstep16\u001b[33m(input: \u001b[36mnumber\u001b[33m): \u001b[39m{",
    );
  });

  it("leaves rows with other escapes, and rows without any, as they are", () => {
    expect(compactSgr("plain")).toBe("plain");
    const link = "\u001b]8;;https://x\u0007x\u001b]8;;\u0007";
    expect(compactSgr(link)).toBe(link);
  });
});
