// The session on the TUI's screen as a fleet row when its worker is not a live one: built from
// the TUI's state (its name, else its first prompt; working while a run goes, needs input while
// a dialog is open), first in the list, and a new snapshot only when what it shows changed.
import { describe, expect, it } from "vitest";
import type { FleetRow, FleetSnapshot, FleetSource } from "../../../src/bridge/index.js";
import type { FleetEffects } from "../../../src/tui/fleet/fleet-effects.js";
import { fleetKey } from "../../../src/tui/fleet/fleet-keys.js";
import { initialFleetView, type FleetViewAction } from "../../../src/tui/fleet/fleet-state.js";
import { ownSessionRow, withOwnSession } from "../../../src/tui/fleet/own-session.js";
import { DEFAULT_KEYMAP } from "../../../src/tui/input/keymap.js";
import { inkKey } from "../helpers/ink-key.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import type { TuiState } from "../../../src/tui/state/types.js";
import { row } from "./fleet-row.js";

function withPrompt(s: TuiState, text: string): TuiState {
  const entry = { kind: "user" as const, id: 1, text, images: 0 };
  return { ...s, transcript: { ...s.transcript, committed: [entry] } };
}

/** A source whose snapshot the test sets and pushes. */
function fakeSource(rows: FleetRow[]): FleetSource & { push(): void; stopped: boolean } {
  const listeners = new Set<(s: FleetSnapshot) => void>();
  const snapshot = (): FleetSnapshot => ({ rows, hosts: [], at: 0 });
  const source = {
    stopped: false,
    snapshot,
    subscribe(fn: (s: FleetSnapshot) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    reach: () => ["agent-rpc"],
    stop() {
      source.stopped = true;
    },
    push: () => {
      for (const l of listeners) l(snapshot());
    },
  };
  return source;
}

describe("the session on screen as a fleet row", () => {
  it("is titled by its first prompt, else its name, and says what it is doing", () => {
    const idle = withPrompt(createInitialState(), "fix the tests\nand more");
    expect(ownSessionRow(idle, 5)).toMatchObject({ title: "fix the tests", state: "idle", here: true, since: 5 });
    const named = { ...idle, footer: { ...idle.footer, sessionName: "release" } };
    expect(ownSessionRow(named, 5).title).toBe("release");
    const busy = { ...idle, run: { ...idle.run, busy: true, startedAt: 40 } };
    expect(ownSessionRow(busy, 5)).toMatchObject({ state: "working", since: 40 });
    const dialog = {
      method: "confirm" as const,
      id: "d",
      title: "Go?",
      message: "",
      timeoutMs: undefined,
      receivedAt: 0,
    };
    expect(ownSessionRow({ ...busy, dialogs: [dialog] }, 5).state).toBe("needs_input");
  });

  it("comes first in every snapshot while there is one, and only then", () => {
    const other = row("w-1", "idle");
    const source = fakeSource([other]);
    let own: FleetRow | undefined = ownSessionRow(createInitialState(), 0);
    const shown = withOwnSession(
      source,
      () => own,
      () => () => undefined,
    );
    expect(shown.snapshot().rows.map((r) => r.key)).toEqual(["\u0000here", other.key]);
    own = undefined;
    expect(shown.snapshot().rows).toEqual([other]);
    shown.stop();
    expect(source.stopped).toBe(true);
  });

  it("sends a snapshot when the row's shown state changed, not on every change of the TUI", () => {
    const source = fakeSource([]);
    let state = withPrompt(createInitialState(), "task");
    const changes = new Set<() => void>();
    const shown = withOwnSession(
      source,
      () => ownSessionRow(state, 0),
      (listener) => {
        changes.add(listener);
        return () => changes.delete(listener);
      },
    );
    const seen: string[] = [];
    const off = shown.subscribe((s) => seen.push(s.rows[0]?.state ?? "none"));
    const changed = (): void => {
      for (const l of changes) l();
    };
    state = { ...state, editor: { ...state.editor, text: "typing" } };
    changed();
    expect(seen).toEqual([]);
    state = { ...state, run: { ...state.run, busy: true, startedAt: 9 } };
    changed();
    source.push();
    expect(seen).toEqual(["working", "working"]);
    off();
    expect(changes.size).toBe(0);
  });
});

describe("the keys on the row of the session on screen", () => {
  /** Effects that record what was asked of them; none of them may reach a worker for this row. */
  function recording(): { fx: FleetEffects; calls: string[] } {
    const calls: string[] = [];
    const record = (name: string) => () => void calls.push(name);
    const fx: FleetEffects = {
      open: record("open"),
      close: record("close"),
      answer: record("answer"),
      peek: record("peek"),
      stop: record("stop"),
      start: record("start"),
      cwd: "/",
    };
    return { fx, calls };
  }
  const view = { ...initialFleetView(), rows: [ownSessionRow(createInitialState(), 0)], loading: false };

  it("Enter goes back to it: the view closes, nothing is attached", () => {
    const { fx, calls } = recording();
    fleetKey(view, "", inkKey({ return: true }), 10, { dispatch: () => undefined, fx, keymap: DEFAULT_KEYMAP });
    expect(calls).toEqual(["close"]);
  });

  it.each(["x", "p"])("%s says where that is done instead of asking a worker", (input) => {
    const { fx, calls } = recording();
    const actions: FleetViewAction[] = [];
    fleetKey(view, input, inkKey(), 10, { dispatch: (a) => actions.push(a), fx, keymap: DEFAULT_KEYMAP });
    expect(calls).toEqual([]);
    expect(actions).toEqual([{ type: "message", text: expect.stringContaining("the session on this screen") }]);
  });
});
