// Auto-retry policy (PROTOCOL.md §4.6): which provider errors are transient and the
// exponential back-off, plus an abortable sleep used for the back-off delay.

const TRANSIENT =
  /overloaded|rate.?limit|too many requests|\b429\b|\b5\d\d\b|service.?unavailable|server error|internal error|bad gateway|gateway timeout|network|connection|socket|timed? ?out|ECONNRESET|ECONNREFUSED|EPIPE|fetch failed|terminated|other side closed/i;
const OVERFLOW = /prompt is too long|context.?length|context window|maximum context|too many tokens|exceeds the context/i;

/** Transient errors are retried; context overflow is not (it needs compaction). */
export function isRetryableError(message: string | undefined): boolean {
  if (!message) return false;
  if (OVERFLOW.test(message)) return false;
  return TRANSIENT.test(message);
}

export function retryDelayMs(baseDelayMs: number, attempt: number): number {
  return baseDelayMs * 2 ** (attempt - 1);
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
