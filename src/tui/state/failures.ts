// One failure, one line. A failed model request is held back for a moment instead of printed:
// when the worker retries it, the live status line shows "retrying 2/3 in 4 s…" and only the
// verdict reaches the transcript (recovered, or the error with "gave up after N attempts");
// when nothing retries, the error is printed once the run is over.
import type { ClientEvent } from "../../bridge/index.js";
import { appendNotice } from "./transcript.js";
import type { TuiState } from "./types.js";

/** Print the held-back error of the last answer, if any. */
export function flushFailure(s: TuiState): TuiState {
  const failure = s.transcript.failure;
  if (failure === undefined) return s;
  return { ...s, transcript: appendNotice({ ...s.transcript, failure: undefined }, "error", `Error: ${failure}`) };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Apply the failure rules to `next` (the state after event `e`); `before` is the state the
 * event arrived in (the retry being ended is only there).
 */
export function reduceFailure(before: TuiState, next: TuiState, e: ClientEvent): TuiState {
  const cycle = before.run.retry;
  switch (e.type) {
    case "auto_retry_start":
      // The retry takes the failed answer's place: the status line shows it while it waits.
      return next.transcript.failure === undefined
        ? next
        : { ...next, transcript: { ...next.transcript, failure: undefined } };
    case "auto_retry_end": {
      const t = { ...next.transcript, failure: undefined };
      const error = cycle?.error ?? before.transcript.failure ?? "request failed";
      if (e.success)
        return { ...next, transcript: appendNotice(t, "info", `Recovered from "${error}" on retry ${e.attempt}`) };
      const final = e.finalError ?? error;
      const cancelled = /cancel/i.test(final);
      const verdict = cancelled
        ? `Error: ${error} (retry cancelled)`
        : `Error: ${final} (gave up after ${plural(e.attempt + 1, "attempt")})`;
      return { ...next, transcript: appendNotice(t, "error", verdict) };
    }
    case "agent_end":
      // Our worker says whether a retry follows; pi 0.73 does not, so wait for it to settle.
      return e.willRetry === false && cycle === undefined ? flushFailure(next) : next;
    case "agent_settled":
      return flushFailure(next);
    case "agent_start":
    case "message_start":
      // New output that is not a retry: the earlier failure stands.
      return cycle === undefined && next.run.retry === undefined ? flushFailure(next) : next;
    default:
      return next;
  }
}
