// Lines added and removed for a turn's summary: the shortest edit, not a line-by-line compare.
import { describe, expect, it } from "vitest";
import { countLineChanges } from "../../../src/agent/checkpoints/line-count.js";

describe("countLineChanges", () => {
  it("counts an inserted line once, not every line after it", () => {
    expect(countLineChanges("a\nb\nc\nd\n", "a\nx\nb\nc\nd\n")).toEqual({ added: 1, removed: 0 });
  });
  it("counts a replaced line as one added and one removed", () => {
    expect(countLineChanges("a\nb\nc\n", "a\nB\nc\n")).toEqual({ added: 1, removed: 1 });
  });
  it("counts moved blocks as the shortest edit", () => {
    expect(countLineChanges("1\n2\n3\n4\n", "3\n4\n1\n2\n")).toEqual({ added: 2, removed: 2 });
  });
  it("treats a new or emptied file as all added or all removed", () => {
    expect(countLineChanges("", "a\nb\n")).toEqual({ added: 2, removed: 0 });
    expect(countLineChanges("a\nb\nc", "")).toEqual({ added: 0, removed: 3 });
  });
  it("stays exact for pure additions past the edit limit", () => {
    const before = Array.from({ length: 10 }, (_, i) => `k${i}`).join("\n");
    const after = `${before}\n${Array.from({ length: 9000 }, (_, i) => `n${i}`).join("\n")}`;
    expect(countLineChanges(before, after)).toEqual({ added: 9000, removed: 0 });
  });
});
