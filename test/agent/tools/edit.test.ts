// edit: exact unique replacement, the errors a model needs to retry, pi's diff format in
// details, legacy argument shapes, and preserving CRLF line endings and a BOM.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createEditTool, prepareEditArguments } from "../../../src/agent/tools/edit.js";
import { applyEdits } from "../../../src/agent/tools/edit-diff.js";
import { makeTempDir, textOf } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

const numbered = (n: number): string => Array.from({ length: n }, (_, i) => `l${i + 1}`).join("\n");

describe("edit tool", () => {
  test("replaces a unique text and returns a diff with the first changed line", async () => {
    writeFileSync(join(dir, "f.ts"), "const a = 1;\nconst b = 2;\nconst c = 3;\n");
    const result = await createEditTool(dir).execute("t", {
      path: "f.ts",
      edits: [{ oldText: "b = 2", newText: "b = 20" }],
    });
    expect(textOf(result)).toBe("Successfully replaced 1 block(s) in f.ts.");
    expect(readFileSync(join(dir, "f.ts"), "utf8")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
    expect(result.details).toEqual({
      diff: [" 1 const a = 1;", "-2 const b = 2;", "+2 const b = 20;", " 3 const c = 3;"].join("\n"),
      firstChangedLine: 2,
    });
  });

  test("missing text: clear error, file untouched", async () => {
    writeFileSync(join(dir, "f.txt"), "abc\n");
    await expect(
      createEditTool(dir).execute("t", { path: "f.txt", edits: [{ oldText: "xyz", newText: "q" }] }),
    ).rejects.toThrow(
      "Could not find the exact text in f.txt. The oldText must match exactly including all whitespace and newlines.",
    );
    expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe("abc\n");
  });

  test("missing text with a near match points at its line", async () => {
    writeFileSync(join(dir, "f.py"), "def f():\n\treturn \u201chi\u201d  \n");
    await expect(
      createEditTool(dir).execute("t", { path: "f.py", edits: [{ oldText: '    return "hi"', newText: "x" }] }),
    ).rejects.toThrow(/A near match .* starts at line 2: read the file/);
  });

  test("not unique: says how many matches", async () => {
    writeFileSync(join(dir, "f.txt"), "x = 1\nx = 1\nx = 1\n");
    await expect(
      createEditTool(dir).execute("t", { path: "f.txt", edits: [{ oldText: "x = 1", newText: "y" }] }),
    ).rejects.toThrow(/^Found 3 occurrences of the text in f\.txt\. The oldText must be unique/);
  });

  test("missing file", async () => {
    await expect(
      createEditTool(dir).execute("t", { path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] }),
    ).rejects.toThrow("Could not edit file: nope.txt. File not found.");
  });

  test("several disjoint edits in one call, each named in errors", async () => {
    writeFileSync(join(dir, "f.txt"), numbered(20));
    const tool = createEditTool(dir);
    const result = await tool.execute("t", {
      path: "f.txt",
      edits: [
        { oldText: "l15", newText: "L15" },
        { oldText: "l2\n", newText: "L2\n" },
      ],
    });
    expect(textOf(result)).toBe("Successfully replaced 2 block(s) in f.txt.");
    expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe(numbered(20).replace("l2\n", "L2\n").replace("l15", "L15"));
    expect(result.details.firstChangedLine).toBe(2);
    // Width 2 (20 lines): sign, right-aligned number, space, text; skipped lines as "    ...".
    expect(result.details.diff).toBe(
      [
        "  1 l1",
        "- 2 l2",
        "+ 2 L2",
        "  3 l3",
        "  4 l4",
        "  5 l5",
        "  6 l6",
        "    ...",
        " 11 l11",
        " 12 l12",
        " 13 l13",
        " 14 l14",
        "-15 l15",
        "+15 L15",
        " 16 l16",
        " 17 l17",
        " 18 l18",
        " 19 l19",
        "    ...",
      ].join("\n"),
    );
    await expect(
      tool.execute("t", {
        path: "f.txt",
        edits: [
          { oldText: "L2", newText: "a" },
          { oldText: "zzz", newText: "b" },
        ],
      }),
    ).rejects.toThrow("Could not find edits[1] in f.txt.");
    await expect(
      tool.execute("t", {
        path: "f.txt",
        edits: [
          { oldText: "l3\nl4", newText: "a" },
          { oldText: "l4\nl5", newText: "b" },
        ],
      }),
    ).rejects.toThrow("edits[0] and edits[1] overlap in f.txt.");
  });

  test("CRLF files keep CRLF, a BOM is kept, LF oldText matches", async () => {
    writeFileSync(join(dir, "win.txt"), "\uFEFFone\r\ntwo\r\nthree\r\n");
    await createEditTool(dir).execute("t", {
      path: "win.txt",
      edits: [{ oldText: "one\ntwo", newText: "uno\ndos\ndos-bis" }],
    });
    expect(readFileSync(join(dir, "win.txt"), "utf8")).toBe("\uFEFFuno\r\ndos\r\ndos-bis\r\nthree\r\n");
  });

  test("identical replacement and empty oldText are errors", async () => {
    writeFileSync(join(dir, "f.txt"), "abc");
    const tool = createEditTool(dir);
    await expect(tool.execute("t", { path: "f.txt", edits: [{ oldText: "b", newText: "b" }] })).rejects.toThrow(
      /No changes made to f\.txt/,
    );
    await expect(tool.execute("t", { path: "f.txt", edits: [{ oldText: "", newText: "b" }] })).rejects.toThrow(
      /oldText must not be empty/,
    );
  });
});

describe("prepareEditArguments", () => {
  test("folds the legacy single-edit form into edits[]", () => {
    expect(prepareEditArguments({ path: "f", oldText: "a", newText: "b" })).toEqual({
      path: "f",
      edits: [{ oldText: "a", newText: "b" }],
    });
  });
  test("parses edits sent as a JSON string", () => {
    expect(prepareEditArguments({ path: "f", edits: '[{"oldText":"a","newText":"b"}]' })).toEqual({
      path: "f",
      edits: [{ oldText: "a", newText: "b" }],
    });
  });
});

describe("applyEdits diff", () => {
  test("a deleted line and an inserted line", () => {
    const del = applyEdits("a\nb\nc", [{ oldText: "b\n", newText: "" }], "f");
    expect(del.newContent).toBe("a\nc");
    expect(del.diff).toBe(" 1 a\n-2 b\n 3 c");
    const ins = applyEdits("a\nc", [{ oldText: "a", newText: "a\nb" }], "f");
    expect(ins.diff).toBe(" 1 a\n+2 b\n 2 c");
    expect(ins.firstChangedLine).toBe(2);
  });
  test("the newline that ends a file is not a line: no empty numbered line at the end, numbers as wide as the real last one", () => {
    // Nine lines, each ended by a newline: numbers are one digit wide and the diff ends at line 9.
    const r = applyEdits(`${numbered(9)}\n`, [{ oldText: "l9", newText: "L9" }], "f");
    expect(r.diff).toBe(["   ...", " 5 l5", " 6 l6", " 7 l7", " 8 l8", "-9 l9", "+9 L9"].join("\n"));
    // A last line added keeps its number, and nothing follows it.
    const added = applyEdits("a\nb\n", [{ oldText: "b\n", newText: "b\nc\n" }], "f");
    expect(added.diff).toBe(" 1 a\n 2 b\n+3 c");
  });
  test("a new text that no longer ends its line shows the line it runs into, and a new last line", () => {
    const file = "first line\nsecond line\nthird line\n";
    // The whole file replaced by a version whose added last line has no newline (an editor's text).
    const whole = applyEdits(file, [{ oldText: file, newText: "first line\nsecond LINE\nthird line\n(mine)" }], "f");
    expect(whole.diff).toBe(
      [" 1 first line", "-2 second line", "-3 third line", "+2 second LINE", "+3 third line", "+4 (mine)"].join("\n"),
    );
    const joined = applyEdits(file, [{ oldText: "second line\n", newText: "X" }], "f");
    expect(joined.newContent).toBe("first line\nXthird line\n");
    expect(joined.diff).toBe(" 1 first line\n-2 second line\n-3 third line\n+2 Xthird line");
    const shortened = applyEdits(file, [{ oldText: "third line\n", newText: "3rd" }], "f");
    expect(shortened.diff).toBe(" 1 first line\n 2 second line\n-3 third line\n+3 3rd");
  });
  test("two edits on one line become one change", () => {
    const r = applyEdits(
      "p q r\nnext",
      [
        { oldText: "p", newText: "P" },
        { oldText: "r", newText: "R" },
      ],
      "f",
    );
    expect(r.newContent).toBe("P q R\nnext");
    expect(r.diff).toBe("-1 p q r\n+1 P q R\n 2 next");
  });
});
