// After an attach the footer's folder and branch, and the root `@` completion lists, are the
// live session's, not the folder agent-tui was started in (`cd /tmp && agent-tui attach ID`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { BridgeNotice, RpcSessionState, WorkerConnection } from "../../../src/bridge/index.js";
import { createCompletionDriver, type FileSource } from "../../../src/tui/completion/completion-driver.js";
import { followWorkerFolder } from "../../../src/tui/live/live-workspace.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder in a git work tree on branch `feature`. */
function project(): string {
  dir = mkdtempSync(join(tmpdir(), "live-workspace-"));
  mkdirSync(join(dir, ".git"));
  writeFileSync(join(dir, ".git", "HEAD"), "ref: refs/heads/feature\n");
  return dir;
}

function setup(getStateCwd?: string) {
  const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
  store.dispatch({ type: "workspace", cwd: "/tmp", branch: undefined });
  let listener: ((batch: readonly BridgeNotice[]) => void) | undefined;
  const connection = {
    subscribe(l: (batch: readonly BridgeNotice[]) => void) {
      listener = l;
      return () => undefined;
    },
    rpc: { getState: async () => ({ cwd: getStateCwd }) as unknown as RpcSessionState },
  } as unknown as WorkerConnection;
  followWorkerFolder(store, connection, undefined);
  const attached = (state: Partial<RpcSessionState> | undefined): void => {
    const answer = state ? { state: state as RpcSessionState } : {};
    listener?.([{ kind: "live_attached", id: "w1", mode: "first", messages: [], ...answer }]);
  };
  return { store, attached };
}

describe("the folder of an attached live session", () => {
  it("becomes the footer's folder and branch, from the attach answer's state", () => {
    const folder = project();
    const { store, attached } = setup();
    attached({ cwd: folder });
    expect(store.getState().footer).toMatchObject({ cwd: folder, branch: "feature" });
  });

  it("is where file links resolve paths while links are on, and links stay off when they are off", () => {
    const folder = project();
    const on = setup();
    on.store.dispatch({ type: "links", target: { cwd: "/tmp", host: "box" } });
    on.attached({ cwd: folder });
    expect(on.store.getState().ui.links).toEqual({ cwd: folder, host: "box" });
    const off = setup();
    off.attached({ cwd: folder });
    expect(off.store.getState().ui.links).toBeUndefined();
  });

  it("is asked for when the answer does not carry it", async () => {
    const folder = project();
    const { store, attached } = setup(folder);
    attached(undefined);
    await new Promise((r) => setImmediate(r));
    expect(store.getState().footer).toMatchObject({ cwd: folder, branch: "feature" });
  });

  it("is where @ completion lists files once the folder changes", () => {
    const store = createStore(createInitialState(80, 24), { frameMs: 0, setTimer: (fn) => fn() });
    let cwd = "/tmp";
    const lists: Record<string, string[]> = { "/tmp": ["ci1/README.md"], "/work/proj": ["README.txt"] };
    const files = (): FileSource => ({ kind: "local", cwd, list: (root) => lists[root] ?? [] });
    createCompletionDriver({ store, commands: () => [], supported: () => true, files });
    const menu = (): string[] => store.getState().completion?.list.visible.map((i) => i.label) ?? [];
    store.dispatch({ type: "editor", op: { op: "insert", text: "@READ" } });
    expect(menu()).toEqual(["ci1/README.md"]);
    cwd = "/work/proj";
    store.dispatch({ type: "editor", op: { op: "set", text: "", keepUndo: false } });
    store.dispatch({ type: "editor", op: { op: "insert", text: "@READ" } });
    expect(menu()).toEqual(["README.txt"]);
  });
});
