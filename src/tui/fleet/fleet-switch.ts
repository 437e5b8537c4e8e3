// Whether the TUI may switch from the session it shows to a row's session (/fleet, Enter): the
// row's host must be reachable, and the session shown must be a live one, which keeps running
// detached; a worker that is not live (pi through --agent) would end, so the user is told how to
// open the other session in another terminal instead.
import type { FleetRow, FleetSource } from "../../bridge/index.js";
import { attachArgs } from "./fleet-setup.js";

/** Why not to switch to `row`'s session, or undefined when the switch may go ahead. */
export function switchRefusal(shownLiveId: string | undefined, row: FleetRow, source: FleetSource): string | undefined {
  if (!source.reach(row.host)) return `No way to reach ${row.host === "" ? "this machine" : row.host}.`;
  if (shownLiveId !== undefined) return undefined;
  const attach = attachArgs(source, row.host, row.id).join(" ");
  const why = "Not switched: this session's worker is not a live one, and leaving it would end it.";
  return `${why} In another terminal: agent-tui ${attach}`;
}
