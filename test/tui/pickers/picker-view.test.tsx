import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "ink-testing-library";
import { App } from "../../../src/tui/components/app.js";
import { createController } from "../../../src/tui/controller.js";
import { createOverlayRenderer } from "../../../src/tui/pickers/overlay.js";
import { createPickerHost } from "../../../src/tui/pickers/picker-host.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { createFakeConnection, waitFor } from "../helpers/fake-connection.js";

afterEach(() => cleanup());

function setup() {
  const store = createStore(createInitialState(80, 24), { frameMs: 0 });
  const conn = createFakeConnection();
  const controller = createController({ store, connection: conn, exit: () => undefined });
  const host = createPickerHost(store);
  const r = render(<App store={store} controller={controller} overlay={createOverlayRenderer(host)} />);
  return { store, host, stdin: r.stdin, frame: () => stripSgr(r.lastFrame() ?? "") };
}

const items = [
  { id: "a", label: "alpha model" },
  { id: "b", label: "beta model" },
  { id: "c", label: "gamma" },
];

describe("picker overlay", () => {
  it("takes the keyboard from the editor: typing searches, arrows move, Enter chooses", async () => {
    const s = setup();
    const chosen = s.host.open("Pick one", items);
    await waitFor(() => s.frame().includes("Pick one"), "picker");
    expect(s.frame()).not.toContain("message the agent");
    s.stdin.write("mod");
    await waitFor(() => s.frame().includes("search: mod"), "query");
    expect(s.frame()).not.toContain("gamma");
    s.stdin.write("\u001b[B");
    await waitFor(() => /› .*beta model/.test(s.frame()), "selection moved");
    // The picker is the store's state, like everything a screen shows.
    expect(s.store.getState().picker).toMatchObject({ title: "Pick one", query: "mod", selected: 1 });
    s.stdin.write("\r");
    expect((await chosen)?.id).toBe("b");
    expect(s.store.getState().picker).toBeUndefined();
    await waitFor(() => s.frame().includes("message the agent"), "editor back");
    expect(s.store.getState().editor.text).toBe("");
  });

  it("search typed faster than renders (and Enter in the same chunk) loses nothing", async () => {
    const s = setup();
    const chosen = s.host.open("Pick one", items);
    await waitFor(() => s.frame().includes("Pick one"), "picker");
    for (const ch of "gamm") s.stdin.write(ch); // no render between the keys
    s.stdin.write("a\r");
    expect((await chosen)?.id).toBe("c");
    expect(s.store.getState().editor.text).toBe("");
  });

  it("Esc cancels; a dialog from the agent shows instead and the picker comes back after", async () => {
    const s = setup();
    const chosen = s.host.open("Pick one", items);
    await waitFor(() => s.frame().includes("Pick one"), "picker");
    s.store.dispatch({
      type: "ui_request",
      request: {
        kind: "dialog",
        dialog: {
          method: "confirm",
          id: "d1",
          title: "Allow?",
          message: "really",
          timeoutMs: undefined,
          receivedAt: 0,
        },
      },
      now: 0,
    });
    await waitFor(() => s.frame().includes("Allow?"), "dialog");
    expect(s.frame()).not.toContain("Pick one");
    s.store.dispatch({ type: "dialog_closed", id: "d1" });
    await waitFor(() => s.frame().includes("Pick one"), "picker again");
    s.stdin.write("\u001b");
    expect(await chosen).toBeUndefined();
    expect(s.store.getState().ui.overlay).toBeUndefined();
  });
});
