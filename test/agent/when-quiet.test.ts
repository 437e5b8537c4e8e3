// The warm-up waits for a quiet client: it runs once, after the last command plus the quiet
// time, and at the latest after the cap however busy the client stays.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { whenQuiet } from "../../src/agent/rpc/when-quiet.js";

describe("a task deferred until the client is quiet", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs once the commands stop, not while they come", () => {
    const task = vi.fn();
    const quiet = whenQuiet(task, 300, 5000);
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(200);
      quiet.touch();
    }
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(task).toHaveBeenCalledTimes(1);
    quiet.touch();
    vi.advanceTimersByTime(1000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it("runs at the cap when the client never stops", () => {
    const task = vi.fn();
    const quiet = whenQuiet(task, 300, 1000);
    for (let i = 0; i < 9; i += 1) {
      vi.advanceTimersByTime(100);
      quiet.touch();
    }
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
