// The bounded, redacted stderr tail kept per worker generation (docs/protocol.md §1.7).
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/bridge/redact.js";
import { createStderrRing } from "../../src/bridge/stderr-ring.js";

describe("stderr ring", () => {
  it("keeps a bounded, redacted tail and joins lines split across chunks", () => {
    const ring = createStderrRing(createRedactor({}), 3);
    expect(ring.push("first li")).toEqual([]);
    expect(ring.push("ne\nsecond sk-abcdefghijklmnop\n")).toEqual(["first line", "second [REDACTED]"]);
    ring.push("3\n4\n5");
    expect(ring.end()).toEqual(["5"]);
    expect(ring.lines()).toEqual(["3", "4", "5"]);
  });
  it("handles a multi-byte character cut between chunks", () => {
    const ring = createStderrRing(createRedactor({}));
    const bytes = Buffer.from("héllo\n");
    ring.push(bytes.subarray(0, 2));
    expect(ring.push(bytes.subarray(2))).toEqual(["héllo"]);
  });
});
