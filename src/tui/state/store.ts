// The store: dispatch applies the reducer synchronously; subscribers (React) are notified at
// most once per frame, so a burst of 200 deltas in one stdout chunk costs one render. Worker
// events use a slower frame than user input: streaming text at ~10 fps reads smoothly and
// costs a third of the terminal bytes, while a keystroke is echoed at once (or, in a burst of
// keys, on the next fast frame), whatever frame of events was drawn just before it.
import type { TuiAction } from "./actions.js";
import { reduce } from "./reducer.js";
import type { TuiState } from "./types.js";

export type Listener = () => void;

/**
 * A step run after the reducer on every dispatch (once per dispatchAll), for state that is
 * computed from the editor and sources outside the store (the completion list). Must return
 * its argument unchanged when it has nothing to do.
 */
export type Deriver = (state: TuiState) => TuiState;

export type Store = {
  /** The state now, with every dispatch applied (handlers, tests). */
  getState(): TuiState;
  /**
   * The state as of the last notification: what components render. A component re-rendered
   * by its own state between notifications reads this too, so it never draws a newer state
   * than the rest of the frame (the transcript printing text the live region still shows).
   */
  getPublished(): TuiState;
  dispatch(action: TuiAction): void;
  dispatchAll(actions: readonly TuiAction[]): void;
  subscribe(listener: Listener): () => void;
  /** Add a deriver (see Deriver); returns its removal. */
  derive(deriver: Deriver): () => void;
  /** Notify subscribers now (tests, shutdown). */
  flush(): void;
};

export type StoreOptions = {
  /** Minimum ms between notifications caused by user input (default 16; Ink's maxFps caps writes further). */
  frameMs?: number;
  /** Minimum ms between notifications caused by worker events only (default 100). */
  eventFrameMs?: number;
  /** Injected clock and timer for tests. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
};

/** Actions a person is waiting to see (typing, dialogs, toggles) get the fast frame. */
function isUrgent(a: TuiAction): boolean {
  return a.type !== "agent_event" && a.type !== "tick" && a.type !== "run_state" && a.type !== "printed";
}

export function createStore(initial: TuiState, options: StoreOptions = {}): Store {
  const frameMs = options.frameMs ?? 16;
  const eventFrameMs = Math.max(frameMs, options.eventFrameMs ?? 100);
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let state = initial;
  let notified = state;
  const listeners = new Set<Listener>();
  const derivers = new Set<Deriver>();
  const derived = (s: TuiState): TuiState => {
    let out = s;
    for (const d of derivers) out = d(out);
    return out;
  };
  let scheduled: "fast" | "slow" | undefined;
  let generation = 0;
  let lastNotify = -Infinity;
  // Input's own frame clock: a key right after a frame of worker events is drawn at once; only
  // input following input (a burst of keys) waits for the fast frame.
  let lastUrgentNotify = -Infinity;

  const notify = (): void => {
    const urgent = scheduled === "fast";
    scheduled = undefined;
    generation += 1;
    if (notified === state) return;
    notified = state;
    lastNotify = now();
    if (urgent) lastUrgentNotify = lastNotify;
    for (const l of [...listeners]) l();
  };
  const schedule = (urgent: boolean): void => {
    if (notified === state) return;
    if (scheduled === "fast" || (scheduled === "slow" && !urgent)) return;
    scheduled = urgent ? "fast" : "slow";
    const wait = Math.max(0, urgent ? frameMs - (now() - lastUrgentNotify) : eventFrameMs - (now() - lastNotify));
    const mine = generation;
    const fire = (): void => {
      // A superseded slow timer finds the generation moved on and does nothing.
      if (generation === mine) notify();
    };
    // Input with no frame pending renders right after the current handler (still batched).
    if (urgent && wait === 0 && !options.setTimer) queueMicrotask(fire);
    else setTimer(fire, wait);
  };
  return {
    getState: () => state,
    getPublished: () => notified,
    dispatch(action) {
      state = derived(reduce(state, action));
      schedule(isUrgent(action));
    },
    dispatchAll(actions) {
      let next = state;
      for (const a of actions) next = reduce(next, a);
      state = derived(next);
      schedule(actions.some(isUrgent));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    derive(deriver) {
      derivers.add(deriver);
      // Nothing pending stays nothing pending: the derived state is what is on screen.
      const published = notified === state;
      state = derived(state);
      if (published) notified = state;
      return () => derivers.delete(deriver);
    },
    flush: notify,
  };
}
