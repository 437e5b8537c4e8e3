// `agent-tui fleet --plain` against a fleet source fed by hand: the list is printed once every
// host answered, again exactly once per change (a state, a question, a session come or gone), and
// never for what only ticks (the heartbeat's same list, ages, token counts, last lines); --once
// and an input that ends before the first list print one list and end.
import { describe, expect, it } from "vitest";
import { printPlainFleet } from "../../../src/tui/fleet/fleet-plain.js";
import { row } from "./fleet-row.js";
import { handSource } from "./hand-source.js";

const lists = (out: string[]): string[][] =>
  out
    .join("")
    .split(/\n\nFleet at \d\d:\d\d:\d\d:\n/)
    .map((l) => l.trimEnd().split("\n"));

describe("agent-tui fleet --plain", () => {
  it("prints once every host answered, then once per change and never for what only ticks", async () => {
    const source = handSource();
    const out: string[] = [];
    let stop = (): void => undefined;
    const until = new Promise<void>((resolve) => (stop = resolve));
    const done = printPlainFleet(source, (t) => out.push(t), { once: false, until });
    source.push([row("a", "idle")], true);
    expect(out).toEqual([]);
    source.push([row("a", "idle"), row("b", "working", { activity: "bash ls" })]);
    source.push([row("a", "idle"), row("b", "working", { activity: "bash ls" })]); // heartbeat
    source.push([
      row("a", "idle", { since: 5 }),
      row("b", "working", { activity: "writing", tokens: { input: 10, output: 900 } }),
    ]);
    expect(out).toHaveLength(1);
    const dialog = {
      id: "d1",
      method: "confirm" as const,
      title: "Delete it?",
      message: "rm -rf x",
      options: undefined,
      diff: undefined,
      prefill: undefined,
      cut: false,
    };
    source.push([row("a", "idle"), row("b", "needs_input", { dialog })]);
    source.push([row("a", "idle"), row("b", "needs_input", { dialog })]);
    source.push([row("b", "needs_input", { dialog })]);
    stop();
    expect(await done).toBe(0);
    source.push([]);
    const printed = lists(out);
    expect(printed).toHaveLength(3);
    expect(printed[0]?.[0]).toMatch(/^1\. working · task b · \/src\/b · bash ls · /);
    expect(printed[1]?.[0]).toMatch(/^1\. needs input · task b · \/src\/b · asks: Delete it\? · /);
    expect(printed[1]).toContain("   rm -rf x");
    expect(printed[2]?.filter((l) => /^\d\./.test(l))).toHaveLength(1);
  });

  it("prints one list and ends with --once, or when its input ends before the first list", async () => {
    for (const o of [
      { once: true, until: new Promise<void>(() => undefined) },
      { once: false, until: Promise.resolve() },
    ]) {
      const source = handSource();
      const out: string[] = [];
      const done = printPlainFleet(source, (t) => out.push(t), o);
      await Promise.resolve();
      source.push([row("a", "idle")]);
      expect(await done).toBe(0);
      source.push([row("a", "failed")]);
      expect(lists(out)).toHaveLength(1);
    }
  });

  it("names an unreachable host once, without an empty place", async () => {
    const source = handSource();
    const out: string[] = [];
    const done = printPlainFleet(source, (t) => out.push(t), { once: true, until: new Promise(() => undefined) });
    source.push([row("", "unreachable", { host: "devbox", key: "devbox\u0000", problem: "unreachable: refused" })]);
    await done;
    expect(out.join("")).toMatch(/^1\. unreachable · devbox · unreachable: refused · \d+/);
  });
});
