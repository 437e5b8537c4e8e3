// The fleet's attention signals over a source whose first snapshot comes after they start (as
// in the TUI, where the fleet follows a second after start-up): a session that began waiting in
// between rings once; one already waiting before the watching began is listed, not rung.
import { describe, expect, it } from "vitest";
import type { FleetRow, FleetSnapshot, FleetSource } from "../../../src/bridge/index.js";
import { startFleetSignals } from "../../../src/tui/fleet/fleet-signals.js";
import { row } from "./fleet-row.js";

const snap = (rows: FleetRow[]): FleetSnapshot => ({
  rows,
  hosts: [{ name: "", state: "live", since: 0, detail: undefined, version: "1" }],
  at: 0,
});

/** A source that starts empty and sends the snapshots it is given. */
function manualSource(): FleetSource & { send(s: FleetSnapshot): void } {
  const listeners = new Set<(s: FleetSnapshot) => void>();
  let current = snap([]);
  return {
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    snapshot: () => current,
    reach: () => undefined,
    stop: () => listeners.clear(),
    send(s) {
      current = s;
      for (const l of listeners) l(s);
    },
  };
}

const dialog = {
  id: "d1",
  method: "confirm" as const,
  title: "Run the tests?",
  message: undefined,
  options: undefined,
  diff: undefined,
  prefill: undefined,
  cut: false,
};

describe("fleet signals", () => {
  it("rings once for a session that began waiting after the watching began but before the first snapshot", () => {
    const source = manualSource();
    const notices: string[] = [];
    const written: string[] = [];
    const counts: number[] = [];
    const stop = startFleetSignals({
      source,
      style: "bell",
      write: (data) => written.push(data),
      notice: (text) => notices.push(text),
      waiting: (count) => counts.push(count),
      watchingSince: 50_000,
    });
    source.send(
      snap([
        row("early", "needs_input", { dialog, since: 49_000, title: "old question" }),
        row("fresh", "needs_input", { dialog, since: 50_400, title: "new question" }),
      ]),
    );
    // The same state again: nothing new.
    source.send(source.snapshot());
    stop();
    expect(notices).toEqual(["new question needs you: Run the tests?"]);
    expect(written).toEqual(["\u0007"]);
    expect(counts).toEqual([0, 2]);
  });
});
