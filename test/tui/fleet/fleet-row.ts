// A fleet row as the list holds it, for the fleet view's pure parts: a local session `id` in
// `state`, everything else blank unless `extra` says otherwise.
import type { FleetRow } from "../../../src/bridge/index.js";

export function row(id: string, state: FleetRow["state"], extra: Partial<FleetRow> = {}): FleetRow {
  return {
    key: `\u0000${id}`,
    host: "",
    id,
    pid: 1,
    cwd: `/src/${id}`,
    branch: undefined,
    title: `task ${id}`,
    state,
    since: 1000,
    startedAt: 0,
    activity: undefined,
    dialog: undefined,
    tokens: undefined,
    cost: undefined,
    attached: false,
    clients: 0,
    outcomeAt: undefined,
    problem: undefined,
    dead: undefined,
    ...extra,
  };
}

/** A confirm question as a waiting row carries it. */
export const confirmDialog = {
  id: "d1",
  method: "confirm" as const,
  title: "Delete?",
  message: undefined,
  options: undefined,
  diff: undefined,
  prefill: undefined,
  cut: false,
};
