// `agent-tui fleet --plain`: the fleet as numbered lines and then its open questions, one line
// each, never redrawn (screen readers, dumb terminals, scripts). It waits until every host has
// answered or failed (at most `waitMs`), prints, and ends. Foreign text passes visibleLine.
import { visibleLine, type FleetSnapshot, type FleetSource } from "../../bridge/index.js";
import { age } from "../live/live-sessions.js";
import { orderFleetRows } from "./fleet-order.js";
import { doingOf, figuresOf, nameOf, placeOf, stateLabel } from "./fleet-lines.js";

/** The lines for `snap`: one per session, numbered, then each open question in full. */
export function plainFleetLines(snap: FleetSnapshot, now: number): string[] {
  const rows = orderFleetRows(snap.rows);
  if (rows.length === 0) return ["No live sessions."];
  const out = rows.map((r, i) => {
    const doing = doingOf(r);
    const parts = [stateLabel(r.state), nameOf(r), placeOf(r), ...(doing !== "" ? [doing] : []), figuresOf(r, now)];
    return visibleLine(`${i + 1}. ${parts.join(" · ")}`);
  });
  const questions = rows.flatMap((r, i) => {
    const d = r.dialog;
    if (!d) return [];
    const options = (d.options ?? []).map((o, j) => visibleLine(`   ${j + 1}) ${o}`));
    return [
      visibleLine(`Question of ${i + 1} (${d.method}, waiting ${age(now - r.since)}): ${d.title}`),
      ...(d.message ? [visibleLine(`   ${d.message}`)] : []),
      ...options,
    ];
  });
  return questions.length > 0 ? [...out, "", "Open questions:", ...questions] : out;
}

const settled = (snap: FleetSnapshot): boolean =>
  snap.hosts.length > 0 && snap.hosts.every((h) => h.state !== "connecting");

/** Prints the fleet once every host has answered (or `waitMs` passed); resolves with the exit code. */
export function printPlainFleet(source: FleetSource, write: (text: string) => void, waitMs = 20_000): Promise<number> {
  return new Promise((resolve) => {
    let done = false;
    const print = (snap: FleetSnapshot): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      off();
      write(`${plainFleetLines(snap, Date.now()).join("\n")}\n`);
      resolve(0);
    };
    const timer = setTimeout(() => print(source.snapshot()), waitMs);
    const off = source.subscribe((snap) => settled(snap) && print(snap));
    if (settled(source.snapshot())) print(source.snapshot());
  });
}
