// Switching sessions (the fleet, /resume onto a live session) decides where file links point: a
// session on another host has none (its paths are not this machine's files); one on this machine
// has them again, in its own folder, when they were on at start; never when they were off.
import { describe, expect, it } from "vitest";
import type { LiveSession, RpcSessionState, WorkerConnection } from "../../../src/bridge/index.js";
import { createAppExits, type ExitDeps } from "../../../src/tui/app/app-exits.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

const session = (id: string, cwd: string): LiveSession => ({
  id,
  pid: 1,
  cwd,
  state: "idle",
  since: 0,
  startedAt: 0,
  attached: false,
  sessionFile: undefined,
  sessionName: undefined,
  title: undefined,
});

function exitsWith(linksAtStart: boolean) {
  const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
  if (linksAtStart) store.dispatch({ type: "links", target: { cwd: "/start", host: "laptop" } });
  const connection = {
    switchWorker: async () => undefined,
    rpc: { getState: async () => ({}) as RpcSessionState },
  } as unknown as WorkerConnection;
  const deps = { store, connection, workerCommand: ["node", "agent-rpc.js"] } as unknown as ExitDeps;
  return { store, exits: createAppExits(deps) };
}

describe("file links across a switch", () => {
  it("go off for another host's session and come back, in the session's folder, for one here", async () => {
    const { store, exits } = exitsWith(true);
    await exits.attachTo(session("r1", "/srv/remote"), { host: "devbox", reach: ["ssh", "devbox", "agent-rpc"] });
    expect(store.getState().ui.links).toBeUndefined();
    await exits.attachTo(session("l1", "/work/other"));
    expect(store.getState().ui.links).toEqual({ cwd: "/work/other", host: "laptop" });
  });

  it("stay off when they were off at start", async () => {
    const { store, exits } = exitsWith(false);
    await exits.attachTo(session("l1", "/work/other"));
    expect(store.getState().ui.links).toBeUndefined();
  });
});
