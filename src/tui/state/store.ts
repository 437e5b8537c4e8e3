// The store: dispatch applies the reducer synchronously; subscribers (React) are notified at
// most once per frame, so a burst of 200 deltas in one stdout chunk costs one render. Worker
// events use a slower frame than user input: streaming text at ~10 fps reads smoothly and
// costs a third of the terminal bytes, while a keystroke is echoed at once (or, in a burst of
// keys, on the next fast frame), whatever frame of events was drawn just before it.
// Input first: an edit of the prompt typed while worker events wait for their frame is drawn on
// the last drawn state (the editor's reducer reads only the editor), so the echo costs an editor
// row, not the streamed text that arrived since; the events keep their own frame. A frame of
// events that falls due in the same event-loop turn as a key waits one turn (setImmediate), so
// the key, read in that turn's poll phase, is drawn first. bench/typing-latency.mjs --burst with
// one busy process per core, this and the frame pacer (frame-pacer.ts) against the build before,
// alternated in one run (load 5.6-8): echo p50 20 -> 9 ms, p95 117 -> 56 ms, p99 140 -> 90 ms;
// from the key's read to its echo's write, p95 46 -> 18 ms.
import type { TuiAction } from "./actions.js";
import type { FramePacer } from "./frame-pacer.js";
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
  /** Spaces out frames of worker events while the process is busy (state/frame-pacer.ts); else eventFrameMs. */
  pacer?: FramePacer;
  /** Injected clock and timer for tests. */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  /**
   * Runs a frame of worker events that fell due after the I/O of this turn (default setImmediate;
   * inline with setTimer).
   */
  defer?: (fn: () => void) => void;
};

/** Actions a person is waiting to see (typing, dialogs, toggles) get the fast frame. */
function isUrgent(a: TuiAction): boolean {
  return a.type !== "agent_event" && a.type !== "tick" && a.type !== "run_state" && a.type !== "printed";
}

/** Edits of the prompt: their reducers read the editor (and vim's state) only, never the transcript. */
function isPromptEdit(a: TuiAction): boolean {
  return a.type === "editor" || a.type === "vim";
}

/**
 * After the prompt edit `a` turned `before` into `after`: what its echo draws, `base` (the
 * published state and the edits drawn on it since) with the prompt's slices of `after`; undefined
 * when nothing waits or the waiting events changed the prompt. The slices are copied, not reduced
 * again from `base`: a deriver (the completion menu) remembers its last input and would skip `after`.
 */
function promptFirst(base: TuiState, before: TuiState, after: TuiState, a: TuiAction): TuiState | undefined {
  if (base === before || !isPromptEdit(a)) return undefined;
  // Only while the events waiting for their frame left the prompt alone: its echo is then exact.
  if (base.editor !== before.editor || base.vim !== before.vim) return undefined;
  return { ...base, editor: after.editor, vim: after.vim, completion: after.completion };
}

function applyDerivers(derivers: ReadonlySet<Deriver>, s: TuiState): TuiState {
  let out = s;
  for (const d of derivers) out = d(out);
  return out;
}

/** When the next frame of each kind may be drawn, from when the last ones were. */
function frameClock(options: StoreOptions): {
  drawn(urgent: boolean, events: boolean): void;
  wait(urgent: boolean): number;
} {
  const frameMs = options.frameMs ?? 16;
  let eventFrameMs = Math.max(frameMs, options.eventFrameMs ?? 100);
  const now = options.now ?? (() => performance.now());
  let lastNotify = -Infinity;
  // Input's own frame clock: a key right after a frame of worker events is drawn at once; only
  // input following input (a burst of keys) waits for the fast frame.
  let lastUrgentNotify = -Infinity;
  return {
    drawn(urgent, events) {
      const at = now();
      if (urgent) lastUrgentNotify = at;
      if (!events) return;
      lastNotify = at;
      if (options.pacer) eventFrameMs = Math.max(frameMs, options.pacer.next());
    },
    wait: (urgent) => Math.max(0, urgent ? frameMs - (now() - lastUrgentNotify) : eventFrameMs - (now() - lastNotify)),
  };
}

export function createStore(initial: TuiState, options: StoreOptions = {}): Store {
  const clock = frameClock(options);
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const defer = options.defer ?? (options.setTimer ? (fn: () => void) => fn() : (fn: () => void) => setImmediate(fn));
  let state = initial;
  let notified = state;
  // Input first: the published state with the prompt edits typed since, while events wait.
  let keysFirst: TuiState | undefined;
  const listeners = new Set<Listener>();
  const derivers = new Set<Deriver>();
  const derived = (s: TuiState): TuiState => applyDerivers(derivers, s);
  let scheduled: "fast" | "slow" | undefined;
  let generation = 0;
  const notify = (): void => {
    const urgent = scheduled === "fast";
    scheduled = undefined;
    generation += 1;
    const next = urgent && keysFirst !== undefined ? keysFirst : state;
    keysFirst = undefined;
    if (notified !== next) {
      notified = next;
      clock.drawn(urgent, next === state);
      for (const l of [...listeners]) l();
    }
    // A frame of prompt edits only: the events it left out keep their frame.
    if (notified !== state) schedule(false);
  };
  const schedule = (urgent: boolean): void => {
    if (notified === state) return;
    if (scheduled === "fast" || (scheduled === "slow" && !urgent)) return;
    scheduled = urgent ? "fast" : "slow";
    const wait = clock.wait(urgent);
    const mine = generation;
    // A superseded timer finds the generation moved on and does nothing.
    const fire = (): void => {
      if (generation === mine) notify();
    };
    // Input with no frame pending renders right after the current handler (still batched).
    if (urgent && wait === 0 && !options.setTimer) queueMicrotask(fire);
    else setTimer(urgent ? fire : () => defer(fire), wait);
  };
  return {
    getState: () => state,
    getPublished: () => notified,
    dispatch(action) {
      const before = state;
      state = derived(reduce(state, action));
      if (isUrgent(action)) keysFirst = promptFirst(keysFirst ?? notified, before, state, action);
      schedule(isUrgent(action));
    },
    dispatchAll(actions) {
      let next = state;
      for (const a of actions) next = reduce(next, a);
      state = derived(next);
      // Events leave a pending echo valid (it is the published state plus the keys); input drops it.
      if (actions.some(isUrgent)) keysFirst = undefined;
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
      keysFirst = undefined;
      return () => derivers.delete(deriver);
    },
    flush() {
      keysFirst = undefined;
      notify();
    },
  };
}
