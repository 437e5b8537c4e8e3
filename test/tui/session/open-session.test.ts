// The session printer remembers in the store which session's history is on screen: a restart
// that reopened that session prints nothing, one that came back on another prints it below a divider.
import { describe, expect, it } from "vitest";
import type { RpcSessionState, UserMessage } from "../../../src/bridge/index.js";
import type { TuiConnection } from "../../../src/tui/session/tui-connection.js";
import { createSessionPrinter } from "../../../src/tui/session/open-session.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { createStore } from "../../../src/tui/state/store.js";

const userMessage = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 0 });

function setup() {
  const store = createStore(createInitialState(), { frameMs: 0 });
  const rpc = {
    getState: async () => ({ sessionFile: "/s/a.jsonl", sessionId: "a" }),
    getMessages: async () => ({ messages: [userMessage("first prompt")] }),
    getSessionStats: async () => ({ tokens: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, total: 3 }, cost: 0 }),
  };
  const printer = createSessionPrinter(store, { rpc } as unknown as TuiConnection);
  const notices = () =>
    store
      .getState()
      .transcript.committed.filter((e) => e.kind === "notice")
      .map((e) => (e.kind === "notice" ? e.text : ""));
  return { store, printer, notices };
}

describe("the session printer", () => {
  it("prints the opened session once and keeps which one it is in the store", async () => {
    const { store, printer } = setup();
    await printer.show({ ifNotShown: true });
    expect(store.getState().transcript.shownSession).toBe("/s/a.jsonl");
    const printed = store.getState().transcript.committed.length;
    expect(printed).toBeGreaterThan(0);
    await printer.show({ ifNotShown: true });
    expect(store.getState().transcript.committed.length).toBe(printed);
  });

  it("after a restart: the same session prints nothing, another one is printed under a divider", async () => {
    const { store, printer, notices } = setup();
    await printer.show();
    const printed = store.getState().transcript.committed.length;
    await printer.rehydrated({ sessionFile: "/s/a.jsonl", sessionId: "a" } as RpcSessionState, [
      userMessage("first prompt"),
    ]);
    expect(store.getState().transcript.committed.length).toBe(printed);
    await printer.rehydrated({ sessionFile: "/s/b.jsonl", sessionId: "b" } as RpcSessionState, [
      userMessage("other prompt"),
    ]);
    expect(notices()).toContain("── The restarted worker opened another session ──");
    expect(store.getState().transcript.shownSession).toBe("/s/b.jsonl");
  });
});
