// Protocol-error accounting for the Degraded transition (docs/protocol.md §11.2): a single bad line is tolerated,
// `threshold` errors inside a sliding window are not.

export interface ProtocolHealth {
  /** Errors inside the window that make a generation unusable. */
  readonly threshold: number;
  /** Record one error; returns the number of errors inside the window (including this one). */
  record(now?: number): number;
  /** A new worker generation starts with a clean window. */
  reset(): void;
  total(): number;
}

export function createProtocolHealth(threshold = 3, windowMs = 60_000): ProtocolHealth {
  let times: number[] = [];
  let total = 0;
  return {
    threshold,
    record(now = Date.now()) {
      total += 1;
      times = [...times.filter((t) => now - t < windowMs), now];
      return times.length;
    },
    reset() {
      times = [];
    },
    total: () => total,
  };
}
