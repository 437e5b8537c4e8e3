// Waiting on a fleet source in tests: the first snapshot (the current one, or a later one) that
// `ok` accepts.
import type { FleetSnapshot, FleetSource } from "../../../src/bridge/index.js";

export function until(s: FleetSource, ok: (snap: FleetSnapshot) => boolean): Promise<FleetSnapshot> {
  return new Promise((resolve) => {
    if (ok(s.snapshot())) return resolve(s.snapshot());
    const off = s.subscribe((snap) => {
      if (!ok(snap)) return;
      off();
      resolve(snap);
    });
  });
}
