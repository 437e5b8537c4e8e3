// The fleet source as agent-tui starts it: this machine through the agent-rpc of the worker
// command (the bundled one, or --agent's), the hosts from settings `fleet.hosts`.
import { createFleetSource, type FleetSource, type FleetSourceOptions } from "../../bridge/index.js";
import { agentRpcIndex } from "../live/live-command.js";
import type { FleetSettings } from "./fleet-settings.js";

/** The worker command up to and including agent-rpc, or undefined when it is not agent-rpc. */
export function localReach(workerCommand: readonly string[]): string[] | undefined {
  const at = agentRpcIndex(workerCommand);
  return at < 0 ? undefined : workerCommand.slice(0, at + 1);
}

/**
 * At most three or four snapshots a second: four streaming sessions rewrite their entries twice a
 * second each, and a person reading the list needs it to move (two updates a second at least),
 * not to redraw on every entry; each update costs the TUI a frame. A change after a quiet spell
 * (a session that starts waiting) still shows at once. bench/fleet.mjs measures the view's rate
 * and CPU.
 */
const VIEW_COALESCE_MS = 300;

/** FleetSourceOptions' when to start and where its warnings go. */
export type FleetStart = Pick<FleetSourceOptions, "startAfterMs" | "onWarning">;

export function startFleet(workerCommand: readonly string[], settings: FleetSettings, start: FleetStart): FleetSource {
  return createFleetSource({
    local: localReach(workerCommand),
    hosts: settings.hosts,
    coalesceMs: VIEW_COALESCE_MS,
    ...start,
  });
}

/** How to reach session `id` of `host` with agent-tui attach (the --agent for a remote host). */
export function attachArgs(source: FleetSource, host: string, id: string): string[] {
  const reach = source.reach(host);
  if (host === "" || !reach) return ["attach", id];
  return ["attach", id, "--agent", reach.map((w) => (/[\s"'\\$`]/.test(w) ? JSON.stringify(w) : w)).join(" ")];
}
