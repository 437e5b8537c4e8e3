import { render } from "ink-testing-library";
import { App } from "../../../src/tui/components/app.js";
import { createController, type ControllerOptions } from "../../../src/tui/controller.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore, type Store } from "../../../src/tui/state/store.js";
import { uiRequestOf } from "./ui-request.js";
import { createFakeConnection, markWorkerRunning, waitFor, type FakeConnection } from "./fake-connection.js";

export type AppHarness = {
  store: Store;
  conn: FakeConnection;
  stdin: { write(data: string): void };
  frame: () => string;
  exited: () => boolean;
};

export function setupApp(options: Pick<ControllerOptions, "copy" | "cwd"> = {}): AppHarness {
  const store = createStore(createInitialState(100, 30), { frameMs: 0 });
  const conn = createFakeConnection();
  markWorkerRunning(store);
  let exited = false;
  const controller = createController({
    store,
    connection: conn,
    exit: () => {
      exited = true;
    },
    ...options,
  });
  const r = render(<App store={store} controller={controller} />);
  return { store, conn, stdin: r.stdin, frame: () => r.lastFrame() ?? "", exited: () => exited };
}

/** Type into the main editor and wait until the editor holds the text. */
export async function typeText(s: AppHarness, text: string): Promise<void> {
  s.stdin.write(text);
  await waitFor(() => s.store.getState().editor.text.endsWith(text), `editor to contain ${text}`);
}

/** Deliver an extension UI request (dialog, notify, …) as the bridge would. */
export function openUiRequest(s: AppHarness, req: Record<string, unknown>): void {
  s.store.dispatch({
    type: "ui_request",
    request: uiRequestOf({ type: "extension_ui_request", ...req }, Date.now()),
    now: Date.now(),
  });
}
