// The supervisor's restart step (§11.3): ask the budget, back off, relaunch with
// rehydration; a failed relaunch is reported and its exit drives the next attempt. Also the
// delayed Degraded check for a worker that lost a pipe but kept running (§11.2).
import type { RestartBudget } from "./restart-policy.js";
import type { WorkerProcess } from "./worker-process.js";
import type { BridgeNotice, SupervisorState, WorkerExitInfo } from "./types.js";

export interface RestartDeps {
  budget: RestartBudget;
  lastExit(): WorkerExitInfo | undefined;
  setSupervisor(state: SupervisorState, info?: WorkerExitInfo): void;
  /** False once stop() ran or the state moved on while we waited. */
  stillRecovering(): boolean;
  relaunch(): Promise<void>;
  /** Kill the generation the failed relaunch left behind, if any. */
  killCurrent(): void;
  emit(notice: BridgeNotice): void;
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function scheduleRestart(deps: RestartDeps): Promise<void> {
  const decision = deps.budget.next();
  if (!decision.restart) {
    deps.setSupervisor("failed", deps.lastExit());
    return;
  }
  deps.setSupervisor("recovering");
  await delay(decision.delayMs);
  if (!deps.stillRecovering()) return;
  try {
    await deps.relaunch();
  } catch (error) {
    // The failed generation's exit (if any) drives the next attempt; report the reason.
    deps.emit({ kind: "notification", level: "error", message: `Restart failed: ${(error as Error).message}` });
    deps.killCurrent();
  }
}

/**
 * A closed stdout or a broken stdin normally precedes the exit by milliseconds; a worker still
 * drivable-looking (`current` returns it) a second later can never be driven again: degrade it.
 */
export function degradeLater(current: () => WorkerProcess | undefined, degrade: (w: WorkerProcess) => void, delayMs = 1000): void {
  setTimeout(() => {
    const w = current();
    if (w) degrade(w);
  }, delayMs).unref();
}
