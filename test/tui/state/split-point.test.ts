// Safe split points: where streaming markdown may be committed to <Static> without cutting a block.
import { describe, expect, it } from "vitest";
import { endsInsideFence, findLastSafeSplitPoint } from "../../../src/tui/state/split-point.js";

describe("safe split points", () => {
  it("splits after a blank line outside a fence only", () => {
    const text = "para one\n\npara two\n\n```\ncode\n\nmore code\n```\ntail";
    const i = findLastSafeSplitPoint(text);
    expect(text.slice(0, i)).toBe("para one\n\npara two\n\n");
    expect(endsInsideFence("```ts\nconst a = 1;\n")).toBe(true);
    expect(endsInsideFence("```ts\nconst a = 1;\n```\n")).toBe(false);
    expect(findLastSafeSplitPoint("no blank line here")).toBe(-1);
  });
});
