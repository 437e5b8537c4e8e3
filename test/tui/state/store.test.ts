// The store: reducer applied at once, subscribers notified at most once per frame (fast for input, slow for events).
import { describe, expect, it } from "vitest";
import { createStore } from "../../../src/tui/state/store.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import type { TuiAction } from "../../../src/tui/state/actions.js";
import { createPickerState } from "../../../src/tui/state/picker-state.js";
import type { CompletionMenu } from "../../../src/tui/state/types.js";

describe("store", () => {
  it("applies actions at once but notifies at most once per frame", () => {
    const timers: Array<() => void> = [];
    const store = createStore(createInitialState(), { setTimer: (fn) => timers.push(fn), now: () => 0 });
    let notes = 0;
    store.subscribe(() => {
      notes += 1;
    });
    for (let i = 0; i < 200; i += 1)
      store.dispatch({
        type: "agent_event",
        event: { type: "queue_update", steering: [`m${i}`], followUp: [] },
        now: 0,
      });
    expect(store.getState().queue.steering).toEqual(["m199"]);
    expect(notes).toBe(0);
    expect(timers.length).toBe(1);
    for (const t of timers.splice(0)) t();
    expect(notes).toBe(1);
  });
  it("input gets the fast frame even while a slow event frame is pending", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const store = createStore(createInitialState(), {
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      now: () => 1000,
      frameMs: 16,
      eventFrameMs: 100,
    });
    let notes = 0;
    store.subscribe(() => {
      notes += 1;
    });
    store.dispatch({ type: "toggle_tools" });
    for (const t of timers.splice(0)) t.fn(); // first notification: now the frame clock runs
    expect(notes).toBe(1);
    store.dispatch({ type: "agent_event", event: { type: "agent_start" }, now: 0 });
    store.dispatch({ type: "editor", op: { op: "insert", text: "k" } });
    expect(timers.map((t) => t.ms)).toEqual([100, 16]);
    timers[1]?.fn();
    timers[0]?.fn(); // superseded: no second notification
    expect(notes).toBe(2);
  });
  it("a key right after a frame of worker events is drawn at once; a burst of keys waits for the fast frame", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    let clock = 1000;
    const store = createStore(createInitialState(), {
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      now: () => clock,
      frameMs: 16,
      eventFrameMs: 100,
    });
    let notes = 0;
    store.subscribe(() => {
      notes += 1;
    });
    const fire = (): void => {
      for (const t of timers.splice(0)) t.fn();
    };
    store.dispatch({ type: "agent_event", event: { type: "agent_start" }, now: 0 });
    fire(); // a frame of worker events at t=1000
    expect(notes).toBe(1);
    clock = 1005;
    store.dispatch({ type: "editor", op: { op: "insert", text: "k" } });
    expect(timers.map((t) => t.ms)).toEqual([0]);
    fire();
    expect(notes).toBe(2);
    clock = 1010; // the next key 5 ms after that one: input's frame (16 ms) holds it
    store.dispatch({ type: "editor", op: { op: "insert", text: "l" } });
    expect(timers.map((t) => t.ms)).toEqual([11]);
    // Deltas between frames still share one slow frame, counted from the last frame of any kind.
    fire();
    for (let i = 0; i < 50; i += 1)
      store.dispatch({
        type: "agent_event",
        event: { type: "queue_update", steering: [`m${i}`], followUp: [] },
        now: 0,
      });
    expect(timers.map((t) => t.ms)).toEqual([100]);
    fire();
    expect(notes).toBe(4);
  });
});

describe("store: input first", () => {
  /** A store on a manual clock whose timers and deferred frames the test runs itself. */
  function manualStore(): {
    store: ReturnType<typeof createStore>;
    timers: Array<{ fn: () => void; ms: number }>;
    deferred: Array<() => void>;
    frames: Array<{ editor: string; queue: readonly string[] }>;
  } {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const deferred: Array<() => void> = [];
    const store = createStore(createInitialState(), {
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      defer: (fn) => deferred.push(fn),
      now: () => 1000,
      frameMs: 16,
      eventFrameMs: 100,
    });
    const frames: Array<{ editor: string; queue: readonly string[] }> = [];
    store.subscribe(() => {
      const s = store.getPublished();
      frames.push({ editor: s.editor.text, queue: s.queue.steering });
    });
    return { store, timers, deferred, frames };
  }
  const event = (text: string): TuiAction => ({
    type: "agent_event",
    event: { type: "queue_update", steering: [text], followUp: [] },
    now: 0,
  });

  it("draws a prompt edit on the last drawn state while worker events wait for their own frame", () => {
    const { store, timers, deferred, frames } = manualStore();
    store.dispatch(event("zero"));
    for (const t of timers.splice(0)) t.fn();
    for (const d of deferred.splice(0)) d();
    frames.length = 0;
    // An event waits for the events' 100 ms frame; a key typed meanwhile is drawn at once.
    store.dispatch(event("first"));
    store.dispatch({ type: "editor", op: { op: "insert", text: "k" } });
    expect(timers.map((t) => t.ms)).toEqual([100, 0]);
    timers[1]?.fn();
    expect(frames).toEqual([{ editor: "k", queue: ["zero"] }]);
    // The event's frame is still due, and then shows everything.
    for (const t of timers.splice(0)) t.fn();
    for (const d of deferred.splice(0)) d();
    expect(frames.at(-1)).toEqual({ editor: "k", queue: ["first"] });
    expect(store.getPublished()).toBe(store.getState());
  });

  it("a deriver that remembers its last input still derives the state a prompt edit drawn first leads to", () => {
    const { store, timers, deferred } = manualStore();
    // The completion menu's deriver works this way: it skips a state whose editor it has seen.
    let seen: string | undefined;
    const menu: CompletionMenu = {
      kind: "at",
      start: 0,
      end: 1,
      query: "k",
      list: createPickerState("files", []),
      note: undefined,
    };
    store.derive((s) => {
      if (s.editor.text === seen) return s;
      seen = s.editor.text;
      return { ...s, completion: s.editor.text === "" ? undefined : menu };
    });
    store.dispatch(event("zero"));
    for (const t of timers.splice(0)) t.fn();
    for (const d of deferred.splice(0)) d();
    store.dispatch(event("first"));
    store.dispatch({ type: "editor", op: { op: "insert", text: "k" } });
    expect(store.getState().completion).toBe(menu);
    for (const t of timers.splice(0)) t.fn();
    expect(store.getPublished().completion).toBe(menu);
  });

  it("draws the whole state when the prompt has edits not drawn yet, so no earlier key is dropped", () => {
    const { store, timers, frames } = manualStore();
    // A key with nothing waiting: its frame is due but has not run yet.
    store.dispatch({ type: "editor", op: { op: "insert", text: "a" } });
    store.dispatch(event("e1"));
    // The next key cannot be drawn on the last drawn state: that one lacks the "a".
    store.dispatch({ type: "editor", op: { op: "insert", text: "b" } });
    for (const t of timers.splice(0)) t.fn();
    expect(frames).toEqual([{ editor: "ab", queue: ["e1"] }]);
  });

  it("runs a frame of events that fell due one turn later, so a key read in between is drawn first", () => {
    const { store, timers, deferred, frames } = manualStore();
    store.dispatch(event("streamed"));
    // The event frame's timer fires: its drawing waits for the turn's I/O (deferred).
    for (const t of timers.splice(0)) t.fn();
    expect(frames).toEqual([]);
    expect(deferred).toHaveLength(1);
    // The key read in that turn's I/O phase is drawn at once, without the streamed event.
    store.dispatch({ type: "editor", op: { op: "insert", text: "x" } });
    for (const t of timers.splice(0)) t.fn();
    expect(frames).toEqual([{ editor: "x", queue: [] }]);
    // The superseded deferred frame does nothing; the events' rescheduled frame draws them.
    for (const d of deferred.splice(0)) d();
    expect(frames).toHaveLength(1);
    for (const t of timers.splice(0)) t.fn();
    for (const d of deferred.splice(0)) d();
    expect(frames).toEqual([
      { editor: "x", queue: [] },
      { editor: "x", queue: ["streamed"] },
    ]);
  });

  it("a burst of keys and events ends on the same state as without input first", () => {
    const { store, timers, deferred } = manualStore();
    const plain = createStore(createInitialState(), { setTimer: () => undefined, now: () => 0 });
    for (let i = 0; i < 30; i += 1) {
      const a =
        i % 3 === 0 ? ({ type: "editor", op: { op: "insert", text: String(i % 10) } } as const) : event(`m${i}`);
      store.dispatch(a);
      plain.dispatch(a);
      if (i % 4 === 0) for (const t of timers.splice(0)) t.fn();
      if (i % 5 === 0) for (const d of deferred.splice(0)) d();
    }
    store.flush();
    expect(store.getPublished().editor.text).toBe(plain.getState().editor.text);
    expect(store.getPublished().queue).toEqual(plain.getState().queue);
  });

  it("spaces frames of events by the pacer's interval, and input keeps its own clock", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const intervals = [100, 250, 400];
    const store = createStore(createInitialState(), {
      setTimer: (fn, ms) => timers.push({ fn, ms }),
      now: () => 5000,
      pacer: { next: () => intervals.shift() ?? 400 },
    });
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      store.dispatch(event(`m${i}`));
      waits.push(...timers.map((t) => t.ms));
      for (const t of timers.splice(0)) t.fn();
    }
    // The first frame is due at once; each later one waits what the pacer said after the last.
    expect(waits).toEqual([0, 100, 250]);
    store.dispatch({ type: "toggle_tools" });
    expect(timers.map((t) => t.ms)).toEqual([0]);
  });
});
