// One rule for every list: while it scrolls it says where the highlighted row is (3/30), and
// it offers "type to search" only where typing filters and the list does not fit. Pickers and
// select dialogs drawn by the App in a short terminal; the `/` and `@` lists' rows.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "ink-testing-library";
import { App } from "../../../src/tui/components/app.js";
import { createController } from "../../../src/tui/controller.js";
import { menuLines } from "../../../src/tui/completion/menu-lines.js";
import { askQuitWhileWorking } from "../../../src/tui/live/live-commands.js";
import { listPosition } from "../../../src/tui/pickers/list-position.js";
import { createOverlayRenderer } from "../../../src/tui/pickers/overlay.js";
import { createPickerHost } from "../../../src/tui/pickers/picker-host.js";
import { createPickerState, reducePicker } from "../../../src/tui/state/picker-state.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { uiRequestOf } from "../helpers/ui-request.js";
import { createFakeConnection, waitFor } from "../helpers/fake-connection.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

afterEach(() => cleanup());

const DOWN = "\u001b[B";
const UP = "\u001b[A";

function setup(rows: number) {
  const store = createStore(createInitialState(80, rows), { frameMs: 0 });
  const conn = createFakeConnection();
  const controller = createController({ store, connection: conn, exit: () => undefined });
  const host = createPickerHost(store);
  const r = render(<App store={store} controller={controller} overlay={createOverlayRenderer(host)} />);
  return { store, host, stdin: r.stdin, frame: () => stripSgr(r.lastFrame() ?? "") };
}

const many = Array.from({ length: 30 }, (_, i) => ({ id: String(i), label: `model ${i}` }));

describe("a list that scrolls", () => {
  it("a picker shows the highlighted row's position, follows it, and offers search", async () => {
    const s = setup(16);
    void s.host.open("Model", many);
    await waitFor(() => s.frame().includes(`1/${many.length} · ↑↓ move`), "position of the first row");
    expect(s.frame()).toMatch(/Model {2}type to search/);
    s.stdin.write(DOWN);
    s.stdin.write(DOWN);
    await waitFor(() => s.frame().includes(`3/${many.length} · ↑↓ move`), "position after two downs");
    s.stdin.write(UP);
    await waitFor(() => s.frame().includes(`2/${many.length} · ↑↓ move`), "position after an up");
    // Filtered, the position counts the rows that match; the search replaces the offer.
    s.stdin.write("1");
    await waitFor(() => s.frame().includes("search: 1"), "query");
    expect(s.frame()).not.toContain("type to search");
  });

  it("a select dialog from the agent does the same", async () => {
    const s = setup(16);
    const options = many.map((m) => m.label);
    s.store.dispatch({
      type: "ui_request",
      request: uiRequestOf({ id: "d", method: "select", title: "Pick a model", options }, 0),
      now: 0,
    });
    await waitFor(
      () => s.frame().includes(`1/${options.length} · ↑↓ move · enter choose · esc cancel · type to search`),
      "position and search",
    );
    s.stdin.write(DOWN);
    await waitFor(() => s.frame().includes(`2/${options.length} · ↑↓ move`), "position after a down");
  });
});

describe("a list that fits", () => {
  it("the 'Leave it running?' question shows no count and offers no search, wherever the highlight is", async () => {
    const s = setup(24);
    void askQuitWhileWorking(s.host, "01a24f12-107f");
    await waitFor(() => s.frame().includes("Leave it running?"), "question");
    const hint = () =>
      s
        .frame()
        .split("\n")
        .find((r) => r.includes("esc stay")) ?? "";
    expect(hint().trim()).toBe("enter choose · esc stay");
    expect(s.frame()).not.toContain("type to search");
    s.stdin.write(DOWN);
    await waitFor(() => /› +Stop the run/.test(s.frame()), "highlight on the second row");
    expect(hint().trim()).toBe("enter choose · esc stay");
  });

  it("a two-option select dialog shows no count and offers no search", async () => {
    const s = setup(24);
    s.store.dispatch({
      type: "ui_request",
      request: uiRequestOf({ id: "d", method: "select", title: "Allow?", options: ["Allow", "Block"] }, 0),
      now: 0,
    });
    await waitFor(() => s.frame().includes("Allow?"), "dialog");
    expect(s.frame()).toMatch(/^ {2}↑↓ move · enter choose · esc cancel$/m);
  });
});

describe("the / and @ lists", () => {
  it("count the highlighted row only while they scroll", () => {
    const commands = createPickerState(
      "commands",
      Array.from({ length: 21 }, (_, i) => ({ id: `c${i}`, label: `/c${i}` })),
    );
    const at = (list: typeof commands) =>
      menuLines({ kind: "slash", start: 0, end: 0, query: "", list, note: undefined }, 80, 10, PALETTE)
        .map(stripSgr)
        .at(-1);
    expect(at(commands)).toMatch(/^ {2}1\/21 · ↑↓ move/);
    expect(at(reducePicker(commands, { op: "down" }))).toMatch(/^ {2}2\/21 · ↑↓ move/);
    const files = createPickerState("files", [
      { id: "a", label: "a.txt" },
      { id: "b", label: "b.txt" },
    ]);
    expect(
      menuLines({ kind: "at", start: 0, end: 0, query: "", list: files, note: undefined }, 80, 10, PALETTE)
        .map(stripSgr)
        .at(-1),
    ).toBe("  ↑↓ move · tab complete · enter insert · esc close");
  });

  it("the position never passes the rows that match", () => {
    expect(listPosition({ selected: 40, shown: 30, all: 50, rows: 10 })).toBe("30/30");
    expect(listPosition({ selected: 0, shown: 0, all: 50, rows: 10 })).toBe("");
    expect(listPosition({ selected: 2, shown: 10, all: 50, rows: 10 })).toBe("");
  });
});
