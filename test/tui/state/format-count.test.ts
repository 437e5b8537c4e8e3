// Digit grouping without Intl: the same text toLocaleString("en-US") writes, for the counts shown
// in notices, previews and the transcript view.
import { describe, expect, it } from "vitest";
import { formatCount } from "../../../src/tui/state/format-count.js";

describe("formatCount", () => {
  it("groups the digits of whole numbers in threes", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(7)).toBe("7");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(9960)).toBe("9,960");
    expect(formatCount(123456)).toBe("123,456");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1234567)).toBe("-1,234,567");
  });

  it("writes what toLocaleString writes, fractions and odd values included", () => {
    const values = [
      1,
      12,
      123,
      1234,
      12345,
      123456,
      1234567,
      12345678,
      123456789,
      Number.MAX_SAFE_INTEGER,
      -42,
      -4200,
      0.5,
      1234.5678,
      Number.NaN,
    ];
    for (const n of values) expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
