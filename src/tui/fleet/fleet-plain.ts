// `agent-tui fleet --plain`: the fleet as numbered lines and then its open questions, one line
// each, never redrawn (screen readers, dumb terminals, scripts). It waits until every host has
// answered or failed (at most `waitMs`), prints, and then prints the list again once per change
// until its input ends or it is interrupted (`--once`: print and end). Foreign text passes
// visibleLine.
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
    const parts = [stateLabel(r.state), nameOf(r), placeOf(r), doing, figuresOf(r, now)].filter((p) => p !== "");
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

/**
 * What a change is, for the plain list: the sessions, their states, names and places, their
 * questions, and why a host cannot be listed. Not the ages, token counts or last lines: they
 * move every second while anything streams, and a screen reader would hear the list each time.
 */
export function plainChangeKey(snap: FleetSnapshot): string {
  return JSON.stringify(
    orderFleetRows(snap.rows).map((r) => [r.key, r.state, r.title, placeOf(r), r.dialog?.id, r.problem]),
  );
}

export type PlainFleetOptions = {
  /** Print once and end (scripts); else print again once per change until `until` settles. */
  once: boolean;
  until: Promise<void>;
  /** The longest wait for every host to answer before the first print. */
  waitMs?: number;
};

/**
 * Prints the fleet once every host has answered (or `waitMs` passed), then, unless `once`, again
 * once per change (plainChangeKey) until `o.until`; resolves with the exit code.
 */
export function printPlainFleet(
  source: FleetSource,
  write: (text: string) => void,
  o: PlainFleetOptions,
): Promise<number> {
  return new Promise((resolve) => {
    let printed: string | undefined;
    let once = o.once;
    let off = (): void => undefined;
    const end = (): void => {
      clearTimeout(timer);
      off();
      resolve(0);
    };
    const print = (snap: FleetSnapshot): void => {
      const key = plainChangeKey(snap);
      if (key === printed) return;
      // A later list says when it was taken: the reader hears what changed since the last one.
      const head = printed === undefined ? [] : ["", `Fleet at ${new Date().toTimeString().slice(0, 8)}:`];
      printed = key;
      write(`${[...head, ...plainFleetLines(snap, Date.now())].join("\n")}\n`);
      if (once) end();
    };
    const timer = setTimeout(() => print(source.snapshot()), o.waitMs ?? 20_000);
    off = source.subscribe((snap) => (printed !== undefined || settled(snap)) && print(snap));
    if (settled(source.snapshot())) print(source.snapshot());
    // Input that ends before the first list (`< /dev/null`, a pipe) still gets that list.
    void o.until.then(() => {
      if (printed !== undefined) end();
      else once = true;
    });
  });
}
