// The share of wall time this process's event loop was busy, for the store's frame pacer
// (state/frame-pacer.ts). Node's event-loop utilisation counts a task from its start to its end,
// so time the process waited for a CPU in the middle of a task counts as busy: on a machine whose
// cores are all taken the share rises, which is what the pacer must see.
import { performance } from "node:perf_hooks";

/** A sampler: each call returns the busy share (0..1) since the call before (the first: since it was made). */
export function loopBusySampler(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}
