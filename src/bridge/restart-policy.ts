// Restart budget (docs/protocol.md §11.2): at most N restarts inside a sliding window, with back-off steps.
import type { RestartPolicy } from "./types.js";

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 3,
  windowMs: 5 * 60_000,
  backoffMs: [1000, 4000, 16_000],
};

export type RestartDecision =
  | { restart: true; delayMs: number; history: number[] }
  | { restart: false; history: number[] };

/** Pure: given earlier restart times, decide whether (and after which delay) to restart at `now`. */
export function decideRestart(policy: RestartPolicy | false, history: readonly number[], now: number): RestartDecision {
  if (policy === false) return { restart: false, history: [...history] };
  const recent = history.filter((t) => now - t < policy.windowMs);
  if (recent.length >= policy.maxRestarts) return { restart: false, history: recent };
  const steps = policy.backoffMs ?? DEFAULT_RESTART_POLICY.backoffMs ?? [1000];
  const delayMs = steps.length === 0 ? 0 : (steps[Math.min(recent.length, steps.length - 1)] ?? 0);
  return { restart: true, delayMs, history: [...recent, now] };
}

/** The restart history of one connection under its policy. */
export interface RestartBudget {
  /** Decide at `now`; a granted restart is recorded. */
  next(now?: number): RestartDecision;
  used(now?: number): number;
  reset(): void;
}

export function createRestartBudget(policy: RestartPolicy | false): RestartBudget {
  let history: number[] = [];
  return {
    next(now = Date.now()) {
      const decision = decideRestart(policy, history, now);
      history = decision.history;
      return decision;
    },
    used: (now = Date.now()) => (policy === false ? 0 : history.filter((t) => now - t < policy.windowMs).length),
    reset() {
      history = [];
    },
  };
}
