// The clock of the fleet's "how long" column: a component wakes only when the time it shows
// changes (a minute of unchanged "1m" draws nothing), and every second while it shows seconds.
import { Text } from "ink";
import { render } from "ink-testing-library";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNowWhenChanged } from "../../../src/tui/components/use-now.js";
import { age } from "../../../src/tui/live/live-sessions.js";

function Age(props: { since: number; draws: string[] }): React.ReactElement {
  const now = useNowWhenChanged((t) => age(t - props.since));
  const text = age(now - props.since);
  props.draws.push(text);
  return <Text>{text}</Text>;
}

/**
 * Lets React commit what the advanced timers scheduled (its scheduler runs on setImmediate), then
 * Ink write it (its throttle runs on the faked timers).
 */
async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  vi.advanceTimersByTime(50);
  await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"], now: 61_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("a clock that draws only when its text changes", () => {
  it("draws a minute's age once a minute, and seconds every second", async () => {
    const draws: string[] = [];
    const ui = render(<Age since={0} draws={draws} />);
    await settle();
    expect(ui.lastFrame()).toBe("1m");
    const before = draws.length;
    for (let s = 0; s < 58; s++) {
      vi.advanceTimersByTime(950);
      await settle();
    }
    expect(draws.length).toBe(before);
    vi.advanceTimersByTime(1000);
    await settle();
    expect(ui.lastFrame()).toBe("2m");
    expect(draws.length).toBe(before + 1);

    const seconds: string[] = [];
    const young = render(<Age since={Date.now() - 5000} draws={seconds} />);
    await settle();
    vi.advanceTimersByTime(1000);
    await settle();
    expect(young.lastFrame()).toBe("6s");
    ui.unmount();
    young.unmount();
  });
});
