// A message sent before the worker is ready is never lost: it stays in the editor and goes out
// once the worker runs; if the worker never starts, it stays and the user is told why.
import { describe, expect, it } from "vitest";
import type { SupervisorState } from "../../../src/bridge/index.js";
import { createController } from "../../../src/tui/controller.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { createFakeConnection, waitFor } from "../helpers/fake-connection.js";

function setup(initial: SupervisorState) {
  const store = createStore(createInitialState(), { frameMs: 0 });
  const conn = createFakeConnection();
  // The supervisor's state reaches the store from the bridge's notices; "stopped" here is a
  // connection that has not started a worker yet, which reports nothing.
  if (initial !== "stopped") store.dispatch({ type: "worker_info", info: { supervisor: initial } });
  const controller = createController({ store, connection: conn, exit: () => undefined });
  const become = (next: SupervisorState, status: "ready" | "crashed"): void => {
    store.dispatchAll([
      { type: "worker_status", status, detail: undefined, now: 0 },
      { type: "worker_info", info: { supervisor: next } },
    ]);
  };
  return { store, conn, controller, become };
}

const prompts = (conn: ReturnType<typeof createFakeConnection>): unknown[] =>
  conn.calls.filter((c) => c.method === "prompt").map((c) => c.args[0]);

describe("sending while the worker starts", () => {
  it("keeps the message in the editor and sends it once the worker is ready", async () => {
    const { store, conn, controller, become } = setup("starting");
    store.dispatch({ type: "editor", op: { op: "insert", text: "typed early" } });
    await controller.submit("auto");
    await controller.submit("auto");
    expect(prompts(conn)).toEqual([]);
    expect(store.getState().editor.text).toBe("typed early");
    expect(store.getState().toasts.at(-1)?.text).toMatch(/still starting/);
    become("running", "ready");
    await waitFor(() => prompts(conn).length > 0, "the held prompt");
    expect(prompts(conn)).toEqual(["typed early"]);
    expect(store.getState().editor.text).toBe("");
  });

  it("holds before the connection has started at all, and through a restart", async () => {
    for (const initial of ["stopped", "recovering"] as const) {
      const { store, conn, controller, become } = setup(initial);
      store.dispatch({ type: "editor", op: { op: "insert", text: `early ${initial}` } });
      await controller.submit("auto");
      expect(prompts(conn)).toEqual([]);
      become("running", "ready");
      await waitFor(() => prompts(conn).length > 0, "the held prompt");
      expect(prompts(conn)).toEqual([`early ${initial}`]);
    }
  });

  it("says why when the worker never starts, and leaves the message in the editor", async () => {
    const { store, conn, controller, become } = setup("starting");
    store.dispatch({ type: "editor", op: { op: "insert", text: "never sent" } });
    await controller.submit("auto");
    become("failed", "crashed");
    await waitFor(
      () =>
        store
          .getState()
          .transcript.committed.some(
            (e) =>
              e.kind === "notice" &&
              /Not sent: the worker did not start \(failed\)/.test(String((e as { text?: unknown }).text)),
          ),
      "the notice",
    );
    expect(prompts(conn)).toEqual([]);
    expect(store.getState().editor.text).toBe("never sent");
  });

  it("runs the TUI's own slash commands at once", async () => {
    const { store, controller } = setup("starting");
    store.dispatch({ type: "editor", op: { op: "insert", text: "/hotkeys" } });
    await controller.submit("auto");
    expect(store.getState().editor.text).toBe("");
  });
});
