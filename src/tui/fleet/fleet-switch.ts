// Whether the TUI may switch from the session it shows to a row's session (/fleet, Enter): the
// row's host must be reachable, and the session shown must be a live one, which keeps running
// detached; a worker that is not live (pi through --agent) would end, so the user is told how to
// open the other session in another terminal instead.
import type { FleetRow, FleetSource } from "../../bridge/index.js";
import { attachArgs } from "./fleet-setup.js";

/** How to reach `row`'s session for a switch, or why not to switch to it. */
export function switchTarget(
  shownLiveId: string | undefined,
  row: FleetRow,
  source: FleetSource,
): { reach: string[] } | { refusal: string } {
  const reach = source.reach(row.host);
  if (!reach) return { refusal: `No way to reach ${row.host === "" ? "this machine" : row.host}.` };
  if (shownLiveId !== undefined) return { reach };
  const attach = attachArgs(source, row.host, row.id).join(" ");
  const why = "Not switched: this session's worker is not a live one, and leaving it would end it.";
  return { refusal: `${why} In another terminal: agent-tui ${attach}` };
}
