// What the connection knows reaches the store as notices: the worker's commands, the
// supervisor's state and last exit, the live session followed. Views and commands ask the store.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { stripVTControlCharacters as stripAnsi } from "node:util";
import { describe, expect, it } from "vitest";
import type { BridgeNotice } from "../../../src/bridge/index.js";
import { footerLine } from "../../../src/tui/render/footer-lines.js";
import { noticesToActions } from "../../../src/tui/session/bridge-notices.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";
import { liveSessionId, watchingLive, workerStartingUp, workerSupports } from "../../../src/tui/state/worker-info.js";

function storeFed(): { feed(batch: BridgeNotice[]): void; state: () => ReturnType<typeof createInitialState> } {
  const store = createStore(createInitialState(), { frameMs: 0 });
  return { feed: (batch) => store.dispatchAll(noticesToActions(batch, 0)), state: () => store.getState() };
}

const caps = (commands: Record<string, boolean>): BridgeNotice => ({
  kind: "capabilities",
  capabilities: { flavour: "pi", commands, events: {}, useBranchAliases: false, synthesisedSettled: false },
});

describe("the worker as the store knows it", () => {
  it("takes every command as supported until the capabilities say otherwise", () => {
    const s = storeFed();
    expect(workerSupports(s.state(), "clear_queue")).toBe(true);
    s.feed([caps({ clear_queue: false, get_entries: true })]);
    expect(workerSupports(s.state(), "clear_queue")).toBe(false);
    expect(workerSupports(s.state(), "get_entries")).toBe(true);
  });

  it("is starting up until the supervisor runs it, and again while it recovers; the last exit is kept", () => {
    const s = storeFed();
    expect(workerStartingUp(s.state())).toBe(true);
    s.feed([{ kind: "supervisor", state: "running" }]);
    expect(workerStartingUp(s.state())).toBe(false);
    const exit = { generation: 1, code: 1, signal: null, intentional: false, stderrTail: "boom" };
    s.feed([
      { kind: "supervisor", state: "exited", info: exit },
      { kind: "supervisor", state: "recovering" },
    ]);
    expect(workerStartingUp(s.state())).toBe(true);
    expect(s.state().worker.lastExit).toEqual(exit);
    s.feed([{ kind: "supervisor", state: "reconnecting" }]);
    expect(workerStartingUp(s.state())).toBe(false);
  });

  it("follows the live session from its attach answer until it lets this terminal go", () => {
    const s = storeFed();
    expect(liveSessionId(s.state())).toBeUndefined();
    s.feed([{ kind: "live_attached", id: "w1", mode: "first", messages: [] }]);
    expect(liveSessionId(s.state())).toBe("w1");
    s.feed([{ kind: "live_detached", reason: "taken_over" }]);
    expect(liveSessionId(s.state())).toBeUndefined();
    expect(s.state().worker.live).toEqual({ id: "w1", ended: "taken_over" });
  });

  it("watches while another terminal controls the live session, and says when control moves", () => {
    const s = storeFed();
    s.feed([
      { kind: "live_attached", id: "w1", mode: "first", messages: [] },
      { kind: "live_control", role: "watcher", attached: true },
    ]);
    expect(watchingLive(s.state())).toBe(true);
    const said = (): string[] => s.state().transcript.committed.flatMap((e) => (e.kind === "notice" ? [e.text] : []));
    expect(said()).toEqual(["Watching: another terminal controls this session. Alt+T takes control."]);
    s.feed([{ kind: "live_control", role: "controller" }]);
    expect(watchingLive(s.state())).toBe(false);
    expect(said().at(-1)).toBe("This terminal controls the session now.");
    s.feed([{ kind: "live_control", role: "watcher" }]);
    expect(said().at(-1)).toMatch(/^Another terminal took control of this session; this one watches now\. Alt\+T/);
    // A new attach starts over: the role comes with its answer.
    s.feed([{ kind: "live_attached", id: "w2", mode: "first", messages: [] }]);
    expect(watchingLive(s.state())).toBe(false);
    // A worker that controls alone says nothing on attach.
    const quiet = storeFed();
    quiet.feed([
      { kind: "live_attached", id: "w1", mode: "first", messages: [] },
      { kind: "live_control", role: "controller", attached: true },
    ]);
    expect(quiet.state().transcript.committed).toEqual([]);
  });

  it("says in the footer that another terminal took the session over, not that the worker stopped", () => {
    const s = storeFed();
    s.feed([
      { kind: "supervisor", state: "running" },
      { kind: "live_attached", id: "w1", mode: "first", messages: [] },
    ]);
    // The worker lets this terminal go, then the link ends: either order.
    s.feed([
      { kind: "live_detached", reason: "taken_over" },
      { kind: "supervisor", state: "stopped" },
    ]);
    expect(s.state().footer.worker).toBe("taken_over");
    const footer = stripAnsi(footerLine(s.state().footer, 200));
    expect(footer).toContain("taken over by another terminal");
    expect(footer).not.toContain("stopped");
    const other = storeFed();
    other.feed([
      { kind: "supervisor", state: "running" },
      { kind: "supervisor", state: "stopped" },
      { kind: "live_detached", reason: "taken_over" },
    ]);
    expect(other.state().footer.worker).toBe("taken_over");
    // Attaching again (here, or after /resume) is a worker starting, as any other.
    other.feed([
      { kind: "supervisor", state: "starting" },
      { kind: "supervisor", state: "running" },
    ]);
    expect(other.state().footer.worker).toBe("ready");
  });

  it("keeps the slash commands oh-my-pi announces", () => {
    const s = storeFed();
    const raw = {
      type: "available_commands_update",
      commands: [{ name: "todo", description: "the plan", source: "builtin" }],
    };
    s.feed([{ kind: "unknown_event", type: "available_commands_update", raw }]);
    expect(s.state().worker.slashCommands).toEqual([{ name: "todo", description: "the plan", source: "extension" }]);
  });
});

describe("who reads the connection's snapshot", () => {
  it("only the front ends without a store (print/, plain/): the Ink app asks its store", () => {
    const root = resolve(import.meta.dirname, "..", "..", "..", "src", "tui");
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
        d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
      );
    const readers = files(root)
      .map((f) => relative(root, f))
      .filter((f) => !f.startsWith("print/") && !f.startsWith("plain/"))
      .filter((f) => readFileSync(join(root, f), "utf8").includes("getSnapshot("));
    expect(readers).toEqual([]);
  });
});
