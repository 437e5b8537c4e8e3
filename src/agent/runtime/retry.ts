// Auto-retry policy (docs/protocol.md §4.6): which provider errors are transient and the
// exponential back-off, plus an abortable sleep used for the back-off delay.

// One alternation, written in parts: rate limits and HTTP statuses, server-side failures, then
// the network's and a dropped stream's.
const TRANSIENT = new RegExp(
  [
    /overloaded|rate.?limit|too many requests|\b429\b|\b5\d\d\b/.source,
    /service.?unavailable|server error|internal error|bad gateway|gateway timeout/.source,
    /network|connection|socket|timed? ?out|ECONNRESET|ECONNREFUSED|EPIPE/.source,
    /fetch failed|terminated|other side closed/.source,
  ].join("|"),
  "i",
);
const OVERFLOW =
  /prompt is too long|context.?length|context window|maximum context|too many tokens|exceeds the context/i;

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

export interface RetryWait {
  attempt: number;
  settings: { maxRetries: number; baseDelayMs: number };
  errorMessage: string;
  /** The run's abort signal: aborting the run also cancels the delay. */
  runSignal: AbortSignal;
  /** Receives the cancel function while the delay is pending (abort_retry), then undefined. */
  setCancel: (cancel: (() => void) | undefined) => void;
  emit: (event: { type: string; [field: string]: unknown }) => void;
}

/** Emit auto_retry_start and wait the back-off; false when cancelled (abort_retry or abort). */
export async function waitBeforeRetry(wait: RetryWait): Promise<boolean> {
  const delayMs = retryDelayMs(wait.settings.baseDelayMs, wait.attempt);
  wait.emit({
    type: "auto_retry_start",
    attempt: wait.attempt,
    maxAttempts: wait.settings.maxRetries,
    delayMs,
    errorMessage: wait.errorMessage,
  });
  const cancel = new AbortController();
  wait.setCancel(() => cancel.abort());
  const onRunAbort = (): void => cancel.abort();
  wait.runSignal.addEventListener("abort", onRunAbort, { once: true });
  try {
    return await abortableSleep(delayMs, cancel.signal);
  } finally {
    wait.runSignal.removeEventListener("abort", onRunAbort);
    wait.setCancel(undefined);
  }
}
