// One full garbage collection shortly after the bridge has handled a very large record (a long
// session's get_messages answer is ~15 MB of JSON). By then its text, the bytes it was read from
// and the objects parsed from it are garbage, but they sit in V8's old generation, which is not
// collected until it reaches a limit sized at start-up: on bench/long-day they stayed resident
// through the whole answer streamed next (old space 46 -> 94 MB, the 14 MB text in
// large-object space throughout). One collection there freed ~30 MB and lets V8 size its next
// limit from what is really alive, so a streamed answer's garbage is collected as it goes.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** Records at least this long (characters) are worth a collection after them. */
export const BIG_RECORD_CHARS = 1024 * 1024;
/** Delay after the last big record: what the record started (building its entries) finishes first. */
export const RELEASE_DELAY_MS = 1000;

export interface HeapReleaseOptions {
  /** Runs a full collection (default: V8's gc, exposed on first use). */
  collect?: () => void;
  /** Unref'd timer (default: setTimeout(...).unref()). */
  setTimer?: (fn: () => void, ms: number) => { cancel(): void };
}

export interface HeapRelease {
  /** A record of `chars` characters was handled. */
  noteRecord(chars: number): void;
}

let exposedGc: (() => void) | undefined;

/** V8's full collection: exposing it by flag makes `gc` a global of contexts created afterwards. */
function fullCollection(): void {
  if (exposedGc === undefined) {
    setFlagsFromString("--expose-gc");
    exposedGc = runInNewContext("gc") as () => void;
  }
  exposedGc();
}

function unrefTimer(fn: () => void, ms: number): { cancel(): void } {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
}

export function createHeapRelease(options: HeapReleaseOptions = {}): HeapRelease {
  const collect = options.collect ?? fullCollection;
  const setTimer = options.setTimer ?? unrefTimer;
  let pending: { cancel(): void } | undefined;
  return {
    noteRecord(chars) {
      if (chars < BIG_RECORD_CHARS) return;
      // Several big records in a row (a session switch right after a resume) cost one collection.
      pending?.cancel();
      pending = setTimer(() => {
        pending = undefined;
        collect();
      }, RELEASE_DELAY_MS);
    },
  };
}
