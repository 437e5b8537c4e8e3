// Ends a detached live worker that has been idle for the grace period (no client, and no run
// going except one waiting on a dialog nobody is there to answer), so no orphan lives forever.
// `check()` is called whenever idleness may have changed; it arms or disarms the timer. The
// timer re-checks before it acts.

export interface IdleExit {
  check(): void;
  dispose(): void;
}

export function createIdleExit(options: { graceMs: number; isIdle: () => boolean; onExpire: () => void }): IdleExit {
  let timer: NodeJS.Timeout | undefined;
  const disarm = (): void => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const check = (): void => {
    if (!options.isIdle()) {
      disarm();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (options.isIdle()) options.onExpire();
    }, options.graceMs);
  };
  return { check, dispose: disarm };
}

/** Grace period: `--idle-exit <seconds>`, else settings.json `liveSessions.idleExitMinutes`, else 30 minutes. */
export function idleGraceMs(cliSeconds: number | undefined, settings: Record<string, unknown>): number {
  if (cliSeconds !== undefined) return cliSeconds * 1000;
  const live = settings["liveSessions"];
  const minutes =
    typeof live === "object" && live !== null ? (live as Record<string, unknown>)["idleExitMinutes"] : undefined;
  return typeof minutes === "number" && Number.isFinite(minutes) && minutes > 0 ? minutes * 60_000 : 30 * 60_000;
}
