// A fleet source fed by hand for the fleet's pure and plain parts: it starts with this machine
// connecting and no rows, and each push() is a snapshot every subscriber gets.
import type { FleetRow, FleetSnapshot, FleetSource } from "../../../src/bridge/index.js";

const live = { name: "", state: "live" as const, since: 0, detail: undefined, version: "1" };

export function handSource(): FleetSource & { push(rows: FleetRow[], connecting?: boolean): void } {
  const listeners = new Set<(s: FleetSnapshot) => void>();
  let current: FleetSnapshot = { rows: [], hosts: [{ ...live, state: "connecting" }], at: 0 };
  return {
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    snapshot: () => current,
    reach: () => undefined,
    stop: () => listeners.clear(),
    push(rows, connecting = false) {
      current = { rows, hosts: [{ ...live, state: connecting ? "connecting" : "live" }], at: Date.now() };
      for (const fn of [...listeners]) fn(current);
    },
  };
}
