// A clock for elapsed times and countdowns: ticks only while something on screen shows time,
// so an idle UI writes nothing to the terminal.
import { useEffect, useRef, useState } from "react";

export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/**
 * The time to draw with, and a clock that wakes the component only when `text(now)` (what it
 * shows of the time) is no longer what it drew, checked `intervalMs` after each draw: a list of
 * ages in minutes draws once a minute, not every second, and a component drawn more often than
 * that for other reasons (a list that streams) gets no draw of the clock's own. Read at each
 * draw, so a row that just appeared is measured from now.
 */
export function useNowWhenChanged(text: (now: number) => string, intervalMs = 1000): number {
  const [, redraw] = useState(0);
  const now = Date.now();
  const drawn = text(now);
  const latest = useRef(text);
  latest.current = text;
  useEffect(() => {
    const check = (): void => {
      if (latest.current(Date.now()) !== drawn) redraw((n) => n + 1);
      else timer = setTimeout(check, intervalMs);
    };
    let timer = setTimeout(check, intervalMs);
    return () => clearTimeout(timer);
  });
  return now;
}
