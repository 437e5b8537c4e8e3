// The full collection after a very large record (src/bridge/heap-release.ts): scheduled once
// per burst of big records, never for ordinary ones, and the default one does collect.
import { describe, expect, it } from "vitest";
import { BIG_RECORD_CHARS, createHeapRelease, RELEASE_DELAY_MS } from "../../src/bridge/heap-release.js";

function fakeTimers() {
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  const setTimer = (fn: () => void, ms: number) => {
    const timer = { fn, ms, cancelled: false };
    timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  };
  const fire = (): void => {
    for (const t of timers.splice(0)) if (!t.cancelled) t.fn();
  };
  return { timers, setTimer, fire };
}

describe("heap release", () => {
  it("collects once, a moment after a burst of big records, and never for ordinary records", () => {
    const clock = fakeTimers();
    let collections = 0;
    const release = createHeapRelease({ collect: () => (collections += 1), setTimer: clock.setTimer });
    release.noteRecord(BIG_RECORD_CHARS - 1);
    expect(clock.timers).toEqual([]);
    release.noteRecord(BIG_RECORD_CHARS);
    release.noteRecord(15 * BIG_RECORD_CHARS);
    expect(clock.timers.map((t) => t.ms)).toEqual([RELEASE_DELAY_MS, RELEASE_DELAY_MS]);
    expect(collections).toBe(0);
    clock.fire();
    expect(collections).toBe(1);
    release.noteRecord(BIG_RECORD_CHARS);
    clock.fire();
    expect(collections).toBe(2);
  });

  it("frees what nothing references any more with its default collection", async () => {
    const clock = fakeTimers();
    const release = createHeapRelease({ setTimer: clock.setTimer });
    const ref = ((): WeakRef<object> => new WeakRef({ parsed: Array.from({ length: 1000 }, (_, i) => ({ i })) }))();
    // A WeakRef's target stays alive until the job that created it ends.
    await new Promise((resolve) => setImmediate(resolve));
    release.noteRecord(BIG_RECORD_CHARS);
    clock.fire();
    expect(ref.deref()).toBeUndefined();
  });
});
