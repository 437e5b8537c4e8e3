// The fleet's attention signals over a source whose first snapshot comes after they start (as
// in the TUI, where the fleet follows a second after start-up): a session that began waiting in
// between rings once; one already waiting before the watching began is listed, not rung.
import { describe, expect, it } from "vitest";
import { startFleetSignals } from "../../../src/tui/fleet/fleet-signals.js";
import { confirmDialog, row } from "./fleet-row.js";
import { handSource } from "./hand-source.js";

const dialog = { ...confirmDialog, title: "Run the tests?" };

describe("fleet signals", () => {
  it("rings once for a session that began waiting after the watching began but before the first snapshot", () => {
    const source = handSource();
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
    const rows = [
      row("early", "needs_input", { dialog, since: 49_000, title: "old question" }),
      row("fresh", "needs_input", { dialog, since: 50_400, title: "new question" }),
    ];
    source.push(rows);
    // The same state again: nothing new.
    source.push(rows);
    stop();
    expect(notices).toEqual(["new question needs you: Run the tests?"]);
    expect(written).toEqual(["\u0007"]);
    expect(counts).toEqual([0, 2]);
  });
});
