// When the transcript view works in the background: only while no key came for a moment, in
// short steps with the event loop free between them, so a key never waits behind more than
// one step (layout and counting of a long session used to run between keys and delay them).

export type IdleWorkOptions = {
  /** No step until this long after the last key. */
  idleMs: number;
  /** The event loop is left free this long between two steps. */
  pauseMs: number;
  now: () => number;
  /** Run `fn` after `ms`; returns a cancel function. */
  schedule: (fn: () => void, ms: number) => () => void;
};

export type IdleWork = {
  /** There may be work (after a render): run steps until one says it is done. */
  kick(): void;
  /** A key came: postpone the next step. */
  keyPressed(): void;
  stop(): void;
};

/** `step` does a short piece of work and says whether more remains. */
export function createIdleWork(step: () => boolean, o: IdleWorkOptions): IdleWork {
  let lastKey = Number.NEGATIVE_INFINITY;
  let cancel: (() => void) | undefined;
  let stopped = false;

  const later = (ms: number): void => {
    cancel = o.schedule(run, Math.max(0, ms));
  };
  function run(): void {
    cancel = undefined;
    if (stopped) return;
    const quiet = o.now() - lastKey;
    if (quiet < o.idleMs) return later(o.idleMs - quiet);
    if (step()) later(o.pauseMs);
  }

  return {
    kick() {
      if (!stopped && cancel === undefined) later(o.pauseMs);
    },
    keyPressed() {
      lastKey = o.now();
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
  };
}
