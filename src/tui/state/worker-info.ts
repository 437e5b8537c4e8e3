// Questions about the worker answered from the store's `worker` slice (filled from the bridge's
// notices), so views and commands never read the connection on the spot.
import type { TuiState } from "./types.js";

type WithWorker = Pick<TuiState, "worker">;

/** The worker has command `type` (or it was not probed yet: assume so, the request will say). */
export function workerSupports(s: WithWorker, type: string): boolean {
  return s.worker.commands[type] !== false;
}

/**
 * A message sent now would wait for a worker: not started yet, starting, or restarting after a
 * crash. (Reconnecting to a live worker is not starting: that worker keeps running.)
 */
export function workerStartingUp(s: WithWorker): boolean {
  const sup = s.worker.supervisor;
  return sup === undefined || sup === "starting" || sup === "recovering";
}

/** This terminal watches a live session another controls: what it sends must wait until it takes control. */
export function watchingLive(s: WithWorker): boolean {
  const live = s.worker.live;
  return live !== undefined && live.ended === undefined && live.watching === true;
}

/** The live session this terminal follows, while it has not let us go. */
export function liveSessionId(s: WithWorker): string | undefined {
  const live = s.worker.live;
  return live && live.ended === undefined ? live.id : undefined;
}
