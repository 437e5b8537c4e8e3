// The busy share the frame pacer reads: near 1 across synchronous work, near 0 across a wait on a
// timer (the event loop idle in between), each call measuring from the call before.
import { describe, expect, it } from "vitest";
import { loopBusySampler } from "../../../src/tui/app/loop-busy.js";

/** Keeps the event loop in one task for `ms` (work the pacer must count as busy). */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // busy on purpose
  }
}

describe("loop busy sampler", () => {
  it("reads synchronous work as busy and a timer's wait as idle, each since the call before", async () => {
    const sample = loopBusySampler();
    // Let the loop run once so the sampler's first window starts inside the event loop.
    await new Promise((resolve) => setImmediate(resolve));
    sample();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sample()).toBeLessThan(0.5);
    await new Promise((resolve) => setImmediate(resolve));
    sample();
    spin(60);
    expect(sample()).toBeGreaterThan(0.5);
  });
});
