// Leaving unmounts Ink only once React has committed the leaving frame: the App reports that
// commit, and what Ink holds at that moment is already the leaving frame.
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { createExitFrameSignal } from "../../../src/tui/app/exit-frame.js";
import { App } from "../../../src/tui/components/app.js";
import { createController } from "../../../src/tui/controller.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { createFakeConnection, markWorkerRunning, waitFor } from "../helpers/fake-connection.js";

describe("the exit frame signal", () => {
  it("settles once committed, not before", async () => {
    const signal = createExitFrameSignal();
    let settled = false;
    const drawn = signal.drawn(60_000).then(() => {
      settled = true;
    });
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(settled).toBe(false);
    signal.committed();
    await drawn;
    expect(settled).toBe(true);
    // Asked again after the commit, it settles at once.
    await signal.drawn(60_000);
  });

  it("the App reports the commit of a frameless exit, and the frame is empty by then", async () => {
    const store = createStore(createInitialState(100, 30), { frameMs: 0 });
    markWorkerRunning(store);
    const controller = createController({ store, connection: createFakeConnection(), exit: () => undefined });
    const frames: string[] = [];
    let r: ReturnType<typeof render> | undefined;
    const signal = createExitFrameSignal();
    r = render(
      <App
        store={store}
        controller={controller}
        onExitFrame={() => {
          frames.push(r?.lastFrame() ?? "");
          signal.committed();
        }}
      />,
    );
    await waitFor(() => (r?.lastFrame() ?? "").includes("message the agent"), "the editor to be drawn");
    expect(frames).toEqual([]);
    store.dispatch({ type: "exit_requested", frame: "no_frame" });
    store.flush();
    await signal.drawn(60_000);
    expect(frames).toHaveLength(1);
    expect(frames[0]).not.toContain("message the agent");
    r.unmount();
  });
});
