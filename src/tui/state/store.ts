// The store: dispatch applies the reducer synchronously; subscribers (React) are notified at
// most once per frame, so a burst of 200 deltas in one stdout chunk costs one render. Worker
// events use a slower frame than user input: streaming text at ~10 fps reads smoothly and
// costs a third of the terminal bytes, while a keystroke is echoed on the next fast frame.
import type { TuiAction } from "./actions.js";
import { reduce } from "./reducer.js";
import type { TuiState } from "./types.js";

export type Listener = () => void;

export type Store = {
  getState(): TuiState;
  dispatch(action: TuiAction): void;
  dispatchAll(actions: readonly TuiAction[]): void;
  subscribe(listener: Listener): () => void;
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
  return a.type !== "agent_event" && a.type !== "tick" && a.type !== "run_state";
}

export function createStore(initial: TuiState, options: StoreOptions = {}): Store {
  const frameMs = options.frameMs ?? 16;
  const eventFrameMs = Math.max(frameMs, options.eventFrameMs ?? 100);
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let state = initial;
  let notified = state;
  const listeners = new Set<Listener>();
  let scheduled: "fast" | "slow" | undefined;
  let generation = 0;
  let lastNotify = -Infinity;

  const notify = (): void => {
    scheduled = undefined;
    generation += 1;
    if (notified === state) return;
    notified = state;
    lastNotify = now();
    for (const l of [...listeners]) l();
  };
  const schedule = (urgent: boolean): void => {
    if (notified === state) return;
    if (scheduled === "fast" || (scheduled === "slow" && !urgent)) return;
    scheduled = urgent ? "fast" : "slow";
    const wait = Math.max(0, (urgent ? frameMs : eventFrameMs) - (now() - lastNotify));
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
    dispatch(action) {
      state = reduce(state, action);
      schedule(isUrgent(action));
    },
    dispatchAll(actions) {
      for (const a of actions) state = reduce(state, a);
      schedule(actions.some(isUrgent));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: notify,
  };
}
