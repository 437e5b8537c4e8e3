// The transcript view's background work runs only while no key comes: a step waits until the
// keys paused for idleMs, steps are pauseMs apart until one says it is done, a render kicks it
// again, and stop cancels it. Time and timers are fakes the test moves by hand.
import { describe, expect, it } from "vitest";
import { createIdleWork } from "../../../src/tui/transcript-view/idle-work.js";

/** A clock and a timer queue moved by `advance`. */
function fakeTime() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => now,
    schedule: (fn: () => void, ms: number) => {
      const t = { at: now + ms, fn };
      timers.push(t);
      return () => {
        timers = timers.filter((x) => x !== t);
      };
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        timers = timers.filter((t) => t !== next);
        now = next.at;
        next.fn();
      }
      now = end;
    },
    pending: () => timers.length,
  };
}

function setup(stepsOfWork: number) {
  const time = fakeTime();
  const runs: number[] = [];
  let left = stepsOfWork;
  const work = createIdleWork(
    () => {
      runs.push(time.now());
      left -= 1;
      return left > 0;
    },
    { idleMs: 100, pauseMs: 10, now: time.now, schedule: time.schedule },
  );
  return { time, runs, work, refill: (n: number) => (left = n) };
}

describe("transcript view idle work", () => {
  it("runs its steps a pause apart until a step says it is done, then stops", () => {
    const { time, runs, work } = setup(3);
    work.kick();
    time.advance(1000);
    expect(runs).toEqual([10, 20, 30]);
    expect(time.pending()).toBe(0);
  });

  it("waits until keys paused for idleMs, and a key in between postpones the next step", () => {
    const { time, runs, work } = setup(3);
    work.keyPressed();
    work.kick();
    time.advance(50);
    expect(runs).toEqual([]);
    work.keyPressed(); // at 50: nothing before 150
    time.advance(99);
    expect(runs).toEqual([]);
    time.advance(1);
    expect(runs).toEqual([150]);
    work.keyPressed(); // at 150, after the first step: the next waits until 250
    time.advance(1000);
    expect(runs).toEqual([150, 250, 260]);
  });

  it("starts again when kicked after it was done, once, however often it is kicked", () => {
    const { time, runs, work, refill } = setup(1);
    work.kick();
    time.advance(100);
    expect(runs).toEqual([10]);
    refill(2);
    work.kick();
    work.kick();
    time.advance(100);
    expect(runs).toEqual([10, 110, 120]);
  });

  it("does nothing more once stopped", () => {
    const { time, runs, work } = setup(5);
    work.kick();
    time.advance(15);
    work.stop();
    work.kick();
    time.advance(1000);
    expect(runs).toEqual([10]);
    expect(time.pending()).toBe(0);
  });
});
