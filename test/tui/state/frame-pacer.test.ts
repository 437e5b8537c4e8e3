// The pacer of worker-event frames: the base interval while the loop is mostly idle, longer ones
// while it is busy (smoothed), never beyond the cap, and back to the base once the work drops.
import { describe, expect, it } from "vitest";
import { createFramePacer } from "../../../src/tui/state/frame-pacer.js";

function pacerOver(samples: number[]): number[] {
  const queue = [...samples];
  const pacer = createFramePacer({ baseMs: 100, maxMs: 400, targetBusy: 0.3, sampleBusy: () => queue.shift() ?? 0 });
  return samples.map(() => pacer.next());
}

describe("frame pacer", () => {
  it("keeps the base interval while the loop is busy less than the target", () => {
    expect(pacerOver([0.1, 0.2, 0.3, 0.25])).toEqual([100, 100, 100, 100]);
  });

  it("spaces frames out while the loop stays busy, in proportion to the busy share", () => {
    const intervals = pacerOver([0.9, 0.9, 0.9, 0.9, 0.9]);
    // Smoothed: 0.45 busy after one window, then 0.675, 0.7875 ... of a 0.3 target.
    expect(intervals).toEqual([150, 225, 263, 281, 291]);
    // Always busy: the share nears 1 (1 - 1/256 after 8 windows), the interval 100 / 0.3 ms.
    expect(pacerOver([1, 1, 1, 1, 1, 1, 1, 1]).at(-1)).toBe(332);
    // A sample above 1 (clock skew) counts as 1.
    expect(pacerOver([5, 5, 5, 5, 5, 5, 5, 5]).at(-1)).toBe(332);
  });

  it("caps the interval however busy", () => {
    const queue = [1, 1, 1, 1, 1, 1];
    const pacer = createFramePacer({ baseMs: 100, maxMs: 200, targetBusy: 0.2, sampleBusy: () => queue.shift() ?? 1 });
    expect(Array.from({ length: 6 }, () => pacer.next())).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("returns to the base interval once the work stops", () => {
    const intervals = pacerOver([0.9, 0.9, 0.9, 0, 0, 0, 0, 0]);
    expect(intervals.slice(0, 3)).toEqual([150, 225, 263]);
    expect(intervals.at(-1)).toBe(100);
    // Each idle window halves what the pacer knew of the busy share.
    expect(intervals.slice(3, 6)).toEqual([131, 100, 100]);
  });

  it("keeps the base interval while it does not apply (no run), and starts afresh when it does again", () => {
    let running = true;
    const pacer = createFramePacer({
      baseMs: 100,
      maxMs: 400,
      targetBusy: 0.3,
      sampleBusy: () => 0.9,
      applies: () => running,
    });
    expect(pacer.next()).toBe(150);
    running = false;
    expect([pacer.next(), pacer.next()]).toEqual([100, 100]);
    running = true;
    // The smoothing restarts from nothing: a busy share of half of 0.9, so 100 ms x 0.45 / 0.3.
    expect(pacer.next()).toBe(150);
  });
});
