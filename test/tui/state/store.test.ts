// The store: reducer applied at once, subscribers notified at most once per frame (fast for input, slow for events).
import { describe, expect, it } from "vitest";
import { createStore } from "../../../src/tui/state/store.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";

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
