// The editor's text as pieces (state/text-doc.ts) behaves as the plain string it stands for:
// random edits, reads, line and word searches over texts of many pieces (line breaks, surrogate
// pairs and wide characters across piece boundaries), checked against the same operations on
// a string.
import { describe, expect, it } from "vitest";
import {
  docCharCode,
  docFromString,
  docLineEnd,
  docLineStart,
  docMatchAfter,
  docMatchBefore,
  docSlice,
  docSplice,
  type TextDoc,
} from "../../../src/tui/state/text-doc.js";
import { PIECES, random, randomText } from "../helpers/random-text.js";

function expectSame(doc: TextDoc, text: string, rand: (n: number) => number): void {
  expect(doc.length).toBe(text.length);
  expect(doc.text).toBe(text);
  expect(doc.leaves.join("")).toBe(text);
  for (let k = 0; k < 20; k += 1) {
    const pos = rand(text.length + 1);
    const end = pos + rand(5000);
    expect(docSlice(doc, pos, end)).toBe(text.slice(pos, end));
    expect(docCharCode(doc, pos)).toBe(text.charCodeAt(pos));
    expect(docLineStart(doc, pos)).toBe(pos === 0 ? 0 : text.lastIndexOf("\n", pos - 1) + 1);
    expect(docLineEnd(doc, pos)).toBe(text.indexOf("\n", pos) === -1 ? text.length : text.indexOf("\n", pos));
    const before = /\S+\s*$|\s+$/.exec(text.slice(0, pos));
    expect(docMatchBefore(doc, pos, /\S+\s*$|\s+$/)).toBe(before?.index);
    expect(docMatchAfter(doc, pos, /^\s*\S+/)).toBe(/^\s*\S+/.exec(text.slice(pos))?.[0].length);
  }
}

describe("text pieces", () => {
  it("random edits and reads agree with the same operations on a string", () => {
    const rand = random(7);
    let text = randomText(rand, 120_000);
    let doc = docFromString(text);
    expectSame(doc, text, rand);
    for (let step = 0; step < 300; step += 1) {
      const start = rand(text.length + 1);
      // Mostly typing and deleting a unit; sometimes a paste or a cut across many pieces.
      const kind = rand(10);
      const end = kind < 5 ? start : kind < 8 ? start + 1 : start + rand(40_000);
      const insert = kind < 5 ? PIECES[rand(PIECES.length)] : kind === 9 ? randomText(rand, rand(30_000)) : "";
      doc = docSplice(doc, start, end, insert as string);
      text = text.slice(0, start) + insert + text.slice(Math.min(end, text.length));
      if (step % 30 === 0) expectSame(doc, text, rand);
    }
    expectSame(doc, text, rand);
  });

  it("a long word or a long run of spaces is found whole, however far it reaches back", () => {
    const text = `start ${"w".repeat(70_000)}   ${" ".repeat(40_000)}`;
    const doc = docFromString(text);
    expect(docMatchBefore(doc, 6 + 70_000, /\S+\s*$/)).toBe(6);
    expect(docMatchBefore(doc, text.length, /\S+\s*$/)).toBe(6);
    expect(docMatchBefore(doc, text.length, /\s+$/)).toBe(6 + 70_000);
    expect(docMatchAfter(doc, 0, /^\s*\S+/)).toBe(5);
    expect(docMatchAfter(doc, 5, /^\s*\S+/)).toBe(70_001);
    expect(docMatchAfter(doc, 6 + 70_000, /^\s*\S+/)).toBeUndefined();
  });

  it("typing and deleting keep the pieces short and whole: no piece splits a surrogate pair", () => {
    let doc = docFromString("👍".repeat(40_000));
    for (let i = 0; i < 3000; i += 1) doc = docSplice(doc, 2 * i + 1000, 2 * i + 1000, "x");
    for (let i = 0; i < 3000; i += 1) doc = docSplice(doc, 5000, 5002, "");
    for (const leaf of doc.leaves) {
      expect(leaf.length).toBeLessThanOrEqual(16_385);
      const last = leaf.charCodeAt(leaf.length - 1);
      expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
    }
    expect(doc.leaves.length).toBeLessThan(doc.length / 256);
  });
});
