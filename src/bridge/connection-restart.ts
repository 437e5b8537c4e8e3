// The supervisor's restart step (§11.3): ask the budget, back off, relaunch with
// rehydration; a failed relaunch is reported and its exit drives the next attempt.
import type { RestartBudget } from "./restart-policy.js";
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
