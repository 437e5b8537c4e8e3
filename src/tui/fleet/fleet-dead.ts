// What the fleet view's keys do on a dead worker's row (its worker died; the row is its
// tombstone): Enter resumes its conversation from its session file in a new worker and
// switches to it, `x` dismisses the tombstone, `p` shows the last lines of its log.
import {
  readLogTail,
  startFleetSession,
  stopFleetSession,
  type FleetDead,
  type FleetRow,
  type FleetSource,
} from "../../bridge/index.js";
import { nameOf } from "./fleet-lines.js";
import type { FleetViewAction } from "./fleet-state.js";

export type DeadRow = FleetRow & { dead: FleetDead };

export function isDeadRow(row: FleetRow): row is DeadRow {
  return row.dead !== undefined;
}

type Say = (text: string) => void;

/**
 * A new worker on the dead one's session file, in its folder, then a switch to it. The
 * tombstone goes once the new worker runs: by itself when the new worker has the same id (the
 * listing drops a tombstone whose id runs again), else dismissed here. `open`: the host's switch.
 */
export async function resumeDeadRow(
  source: FleetSource,
  open: (row: FleetRow) => Promise<string | undefined>,
  row: DeadRow,
  say: Say,
): Promise<void> {
  const file = row.dead.sessionFile;
  if (file === undefined) return say(`${nameOf(row)} cannot be resumed: it had no session file. x dismisses its row.`);
  const reach = source.reach("");
  if (row.host !== "" || !reach)
    return say(`Resume it on ${row.host === "" ? "this machine" : row.host}: agent-tui --session ${file}`);
  say(`Resuming ${nameOf(row)} in a new worker…`);
  const started = await startFleetSession(reach, { cwd: row.cwd, session: file });
  if (!started.ok) return say(`Could not resume ${nameOf(row)}: ${started.error}`);
  if (started.id !== row.id) await stopFleetSession(reach, row.id);
  const live: FleetRow = {
    ...row,
    key: `\u0000${started.id}`,
    id: started.id,
    pid: started.pid,
    state: "idle",
    dead: undefined,
  };
  const message = await open(live);
  if (message !== undefined) say(message);
}

/** `sessions --stop ID` on a dead worker removes its tombstone, and only that (whatever files it had stay). */
export async function dismissDeadRow(reach: readonly string[], row: DeadRow, say: Say): Promise<void> {
  const r = await stopFleetSession(reach, row.id);
  // Whether a session file was ever written is not known here: the message claims only what was done.
  say(
    r.ok
      ? `Dismissed ${nameOf(row)}; its session file and log, if any, were not touched.`
      : `Could not dismiss it: ${r.error}`,
  );
}

/** The last lines of the dead worker's log, as the peek (a log on another host is not read from here). */
export function peekDeadRow(row: DeadRow, dispatch: (a: FleetViewAction) => void, say: Say): void {
  if (row.host !== "") return say(`Its log is on ${row.host}: ${row.dead.log}`);
  const tail = readLogTail(row.dead.log, 8);
  if (typeof tail === "string") return say(`Could not peek: ${tail}`);
  const head = `${row.dead.reason} (pid ${row.pid}); its log ${row.dead.log} ends:`;
  dispatch({ type: "mode", mode: { kind: "peek", key: row.key, lines: [head, ...tail.lines] } });
}
