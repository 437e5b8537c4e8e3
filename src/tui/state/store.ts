// The store: dispatch applies the reducer synchronously; subscribers (React) are notified at
// most once per frame, so a burst of 200 deltas in one stdout chunk costs one render.
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
  /** Minimum ms between notifications (default 16 ≈ 60 fps; Ink's maxFps caps writes further). */
  frameMs?: number;
  /** Injected clock and timer for tests. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
};

export function createStore(initial: TuiState, options: StoreOptions = {}): Store {
  const frameMs = options.frameMs ?? 16;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let state = initial;
  let notified = state;
  const listeners = new Set<Listener>();
  let scheduled = false;
  let lastNotify = -Infinity;

  const notify = (): void => {
    scheduled = false;
    if (notified === state) return;
    notified = state;
    lastNotify = now();
    for (const l of [...listeners]) l();
  };
  const schedule = (): void => {
    if (scheduled || notified === state) return;
    scheduled = true;
    const wait = Math.max(0, frameMs - (now() - lastNotify));
    setTimer(notify, wait);
  };
  return {
    getState: () => state,
    dispatch(action) {
      state = reduce(state, action);
      schedule();
    },
    dispatchAll(actions) {
      for (const a of actions) state = reduce(state, a);
      schedule();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush: notify,
  };
}
