// A task deferred until the client is quiet: agent-rpc's warm-up waits for the client's start-up
// queries (and a long session's pages) to be answered instead of competing with them.

/** Quiet time after the client's last command before the task runs, and its latest start. */
const QUIET_MS = 300;
const LATEST_MS = 5000;

/**
 * Run `task` once the client has sent no command for `quietMs` (touch() on each), and at the
 * latest `latestMs` from now. The warm-up loads ~2 MB of modules, which competed with the client
 * for the CPU while it opened a long session page by page (bench/resume.mjs). Timers are
 * unref'd, so the wait never delays an exit.
 */
export function whenQuiet(task: () => void, quietMs = QUIET_MS, latestMs = LATEST_MS): { touch(): void } {
  const latest = Date.now() + latestMs;
  let timer: NodeJS.Timeout | undefined;
  let ran = false;
  const arm = (): void => {
    if (ran) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        ran = true;
        task();
      },
      Math.max(0, Math.min(quietMs, latest - Date.now())),
    );
    timer.unref();
  };
  arm();
  return { touch: arm };
}
