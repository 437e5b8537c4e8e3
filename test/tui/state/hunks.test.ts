// Hunks of a file's text before and after a turn, and the exact bytes left by reverting some of
// them. Expectations are written out by hand (a unified diff as git would print it).
import { describe, expect, it } from "vitest";
import { diffTexts, type Hunk, revertHunks, splitLines } from "../../../src/tui/state/hunks.js";

/** A hunk as the lines of a unified diff ("@@ -a,b +c,d @@", then " x", "-x", "+x"). */
function unified(h: Hunk): string[] {
  const mark = { context: " ", removed: "-", added: "+" } as const;
  return [
    `@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@`,
    ...h.lines.map((l) => mark[l.kind] + l.text + (l.noNewline ? "⏎̸" : "")),
  ];
}

const lines = (n: number, tag = ""): string => Array.from({ length: n }, (_, i) => `line ${i + 1}${tag}\n`).join("");

const CASES: { name: string; before: string; after: string; hunks: string[][] }[] = [
  { name: "no change", before: "a\nb\n", after: "a\nb\n", hunks: [] },
  { name: "empty to text", before: "", after: "x\ny\n", hunks: [["@@ -0,0 +1,2 @@", "+x", "+y"]] },
  { name: "text to empty", before: "x\n", after: "", hunks: [["@@ -1,1 +0,0 @@", "-x"]] },
  {
    name: "one line changed in the middle",
    before: "1\n2\n3\n4\n5\n6\n7\n",
    after: "1\n2\n3\nfour\n5\n6\n7\n",
    hunks: [["@@ -1,7 +1,7 @@", " 1", " 2", " 3", "-4", "+four", " 5", " 6", " 7"]],
  },
  {
    name: "final newline added",
    before: "a\nb",
    after: "a\nb\n",
    hunks: [["@@ -1,2 +1,2 @@", " a", "-b⏎̸", "+b"]],
  },
  {
    name: "CRLF line endings kept apart from LF",
    before: "a\r\nb\r\n",
    after: "a\r\nB\r\n",
    hunks: [["@@ -1,2 +1,2 @@", " a", "-b", "+B"]],
  },
  {
    name: "two changes far apart are two hunks",
    before: lines(20),
    after: lines(20).replace("line 2\n", "line two\n").replace("line 18\n", "line eighteen\n"),
    hunks: [
      ["@@ -1,5 +1,5 @@", " line 1", "-line 2", "+line two", " line 3", " line 4", " line 5"],
      ["@@ -15,6 +15,6 @@", " line 15", " line 16", " line 17", "-line 18", "+line eighteen", " line 19", " line 20"],
    ],
  },
  {
    name: "changes six lines apart share a hunk",
    before: lines(9),
    after: lines(9).replace("line 1\n", "one\n").replace("line 8\n", "eight\n"),
    hunks: [
      [
        "@@ -1,9 +1,9 @@",
        "-line 1",
        "+one",
        " line 2",
        " line 3",
        " line 4",
        " line 5",
        " line 6",
        " line 7",
        "-line 8",
        "+eight",
        " line 9",
      ],
    ],
  },
  {
    name: "insertion between lines",
    before: "a\nb\nc\n",
    after: "a\nb\nnew\nc\n",
    hunks: [["@@ -1,3 +1,4 @@", " a", " b", "+new", " c"]],
  },
];

describe("diffTexts", () => {
  it.each(CASES)("$name", ({ before, after, hunks }) => {
    expect(diffTexts(before, after).hunks.map(unified)).toEqual(hunks);
  });

  it("keeps every byte in its lines", () => {
    expect(splitLines("a\r\nb\n\nc")).toEqual(["a\r\n", "b\n", "\n", "c"]);
    expect(splitLines("")).toEqual([]);
  });

  it("shows a wholly rewritten long file as one replaced block (the diff stays cheap)", () => {
    const before = lines(3000, "a");
    const after = lines(3000, "b");
    const d = diffTexts(before, after);
    expect(d.hunks).toHaveLength(1);
    expect(d.hunks[0]?.removed).toBe(3000);
    expect(d.hunks[0]?.added).toBe(3000);
    expect(revertHunks(d, new Set([0]))).toBe(before);
  });
});

describe("revertHunks", () => {
  const before = lines(20);
  const after = lines(20)
    .replace("line 2\n", "line two\nand more\n")
    .replace("line 10\n", "")
    .replace("line 18\n", "line eighteen\n");

  it.each([
    { reverted: [], expected: after },
    { reverted: [0, 1, 2], expected: before },
    {
      reverted: [0],
      expected: lines(20).replace("line 10\n", "").replace("line 18\n", "line eighteen\n"),
    },
    {
      reverted: [1],
      expected: lines(20).replace("line 2\n", "line two\nand more\n").replace("line 18\n", "line eighteen\n"),
    },
    {
      reverted: [2],
      expected: lines(20).replace("line 2\n", "line two\nand more\n").replace("line 10\n", ""),
    },
  ])("reverting hunks $reverted leaves the exact bytes", ({ reverted, expected }) => {
    const d = diffTexts(before, after);
    expect(d.hunks).toHaveLength(3);
    expect(revertHunks(d, new Set(reverted))).toBe(expected);
  });

  it("puts back a missing final newline and CRLF endings byte for byte", () => {
    const d = diffTexts("x\r\ny\r\nz", "x\r\nY\r\nz\n");
    expect(revertHunks(d, new Set([0]))).toBe("x\r\ny\r\nz");
  });
});
