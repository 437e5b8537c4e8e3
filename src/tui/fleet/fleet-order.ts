// The order of the fleet list: what needs the person first. Sessions waiting on a question
// (the longest waiting on top), then runs that just failed or finished (newest first), then
// working, idle, and hosts that cannot be listed last. Within a group: host, then folder, so
// a row does not jump around while nothing about it changes.
import type { FleetRow, FleetState } from "../../bridge/index.js";

const RANK: Record<FleetState, number> = { needs_input: 0, failed: 1, done: 2, working: 3, idle: 4, unreachable: 5 };

/** Oldest first for a question and a run (waiting longest); newest first for an outcome. */
function bySince(a: FleetRow, b: FleetRow): number {
  return a.state === "failed" || a.state === "done" ? b.since - a.since : a.since - b.since;
}

export function orderFleetRows(rows: readonly FleetRow[]): FleetRow[] {
  return [...rows].sort(
    (a, b) =>
      RANK[a.state] - RANK[b.state] ||
      (a.state === "needs_input" ? bySince(a, b) : 0) ||
      a.host.localeCompare(b.host) ||
      a.cwd.localeCompare(b.cwd) ||
      bySince(a, b) ||
      a.id.localeCompare(b.id),
  );
}

/** Rows whose host, folder, branch, title, state or activity contain every word of `filter`. */
export function filterFleetRows(rows: readonly FleetRow[], filter: string): FleetRow[] {
  const words = filter
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== "");
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const text = [r.host, r.cwd, r.branch, r.title, r.state.replace("_", " "), r.activity, r.id, r.problem]
      .filter((t) => t !== undefined)
      .join(" ")
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** How many sessions wait on a question. */
export function waitingCount(rows: readonly FleetRow[]): number {
  return rows.filter((r) => r.state === "needs_input").length;
}
