// agent-tui's live-session plumbing without processes: which worker command reaches a live
// worker (bundled, remote, attach ID, --no-detach), the reconnect command, `agent-tui
// sessions` arguments, the live notices as transcript actions, and the picker's marks.
import { describe, expect, it } from "vitest";
import { decodeLiveSessions, type AgentMessage, type BridgeNotice } from "../../../src/bridge/index.js";
import { parseSessionsCli } from "../../../src/tui/app/cli.js";
import { liveWorkerCommand, reconnectCommand, sessionsCommand } from "../../../src/tui/live/live-command.js";
import { oneShotWorkerCommand } from "../../../src/tui/live/live-command.js";
import { liveNoticeActions } from "../../../src/tui/live/live-notices.js";
import { planWorker } from "../../../src/tui/live/live-plan.js";
import { describeLiveSession, describeLiveState } from "../../../src/tui/live/live-sessions.js";
import { createLiveLink, reconnectDelay } from "../../../src/bridge/live-link.js";

const BUNDLED = ["/usr/bin/node", "/opt/agent-tui/bin/agent-rpc.js", "--provider", "fake"];
const SSH = ["ssh", "devbox", "agent-rpc", "--mode", "rpc"];

describe("worker commands for live sessions", () => {
  it("serves a local agent-rpc in place (`attach --or-serve`) and starts a remote one the relay way (`--or-start`)", () => {
    expect(liveWorkerCommand(BUNDLED)).toEqual([
      "/usr/bin/node",
      "/opt/agent-tui/bin/agent-rpc.js",
      "attach",
      "--or-serve",
      "--provider",
      "fake",
    ]);
    expect(liveWorkerCommand(["agent-rpc", "-c"])).toEqual(["agent-rpc", "attach", "--or-serve", "-c"]);
    expect(liveWorkerCommand(SSH)).toEqual(["ssh", "devbox", "agent-rpc", "attach", "--or-start", "--mode", "rpc"]);
    expect(liveWorkerCommand(["env", "agent-rpc"])).toEqual(["env", "agent-rpc", "attach", "--or-start"]);
    expect(liveWorkerCommand(["pi", "--mode", "rpc"])).toBeUndefined();
  });

  it("attaches to an id (or the latest of the folder), and reconnects to the same worker", () => {
    expect(liveWorkerCommand(BUNDLED, "0198abcd")).toEqual([
      "/usr/bin/node",
      "/opt/agent-tui/bin/agent-rpc.js",
      "attach",
      "0198abcd",
      "--provider",
      "fake",
    ]);
    expect(liveWorkerCommand(BUNDLED, "")).toEqual([
      "/usr/bin/node",
      "/opt/agent-tui/bin/agent-rpc.js",
      "attach",
      "--provider",
      "fake",
    ]);
    expect(reconnectCommand(SSH, "0198abcd")).toEqual([
      "ssh",
      "devbox",
      "agent-rpc",
      "attach",
      "0198abcd",
      "--or-start",
      "--mode",
      "rpc",
    ]);
    // A command that already says `attach X --or-start` gets the worker's id instead of X.
    expect(reconnectCommand(["ssh", "h", "agent-rpc", "attach", "old", "--or-start", "-c"], "new")).toEqual([
      "ssh",
      "h",
      "agent-rpc",
      "attach",
      "new",
      "--or-start",
      "-c",
    ]);
    expect(sessionsCommand(SSH, ["--json"])).toEqual(["ssh", "devbox", "agent-rpc", "sessions", "--json"]);
  });

  it("print and plain mode reach a conversation a live worker holds (-c, --session), else run as before", () => {
    expect(oneShotWorkerCommand([...BUNDLED, "--continue"])).toEqual([
      "/usr/bin/node",
      "/opt/agent-tui/bin/agent-rpc.js",
      "attach",
      "--or-run",
      "--provider",
      "fake",
      "--continue",
    ]);
    const session = ["agent-rpc", "--session", "s.jsonl"];
    expect(oneShotWorkerCommand(session)).toEqual(["agent-rpc", "attach", "--or-run", "--session", "s.jsonl"]);
    expect(oneShotWorkerCommand(BUNDLED)).toEqual(BUNDLED);
    expect(oneShotWorkerCommand(["pi", "--mode", "rpc", "--continue"])).toEqual(["pi", "--mode", "rpc", "--continue"]);
  });

  it("plans the worker: live unless --no-detach or the setting, attach needs agent-rpc", () => {
    const on = { enabled: true, reconnectDelaysMs: [10] };
    const live = planWorker({ workerCommand: BUNDLED, noDetach: false, attachId: undefined }, on);
    expect("command" in live && live.command).toContain("--or-serve");
    const first = "command" in live ? live.command : [];
    expect("command" in live && live.live?.reconnectCommand("x", first)).toContain("--or-start");
    expect("command" in live && live.live?.reconnectCommand("x", first)).toContain("x");
    // After a switch to a session of another host (the fleet view), a reconnect goes there.
    expect(
      "command" in live && live.live?.reconnectCommand("r1", ["/t/devbox.sh", "agent-rpc", "attach", "r1"]),
    ).toEqual(["/t/devbox.sh", "agent-rpc", "attach", "r1", "--or-start"]);
    expect("command" in live && live.live?.reconnectDelaysMs).toEqual([10]);
    expect(planWorker({ workerCommand: BUNDLED, noDetach: true, attachId: undefined }, on)).toEqual({
      command: BUNDLED,
      live: undefined,
    });
    expect(
      planWorker(
        { workerCommand: BUNDLED, noDetach: false, attachId: undefined },
        { enabled: false, reconnectDelaysMs: undefined },
      ),
    ).toEqual({
      command: BUNDLED,
      live: undefined,
    });
    expect(planWorker({ workerCommand: ["pi"], noDetach: false, attachId: "x" }, on)).toMatchObject({
      error: expect.stringMatching(/needs agent-rpc/),
    });
  });

  it("reads `agent-tui sessions [stop ID] [--agent CMD]`", () => {
    expect(parseSessionsCli(["hello"])).toBeUndefined();
    expect(parseSessionsCli(["sessions", "stop", "0198", "--agent", "ssh h agent-rpc"])).toEqual({
      args: ["--stop", "0198"],
      workerCommand: ["ssh", "h", "agent-rpc"],
    });
  });
});

describe("live notices in the transcript", () => {
  const message: AgentMessage = { role: "user", content: [{ type: "text", text: "hello there" }], timestamp: 1 };
  const attached = (mode: "first" | "resumed" | "snapshot" | "replaced"): BridgeNotice => ({
    kind: "live_attached",
    id: "x",
    mode,
    messages: [message],
  });
  it("prints the conversation once on the first attach, nothing when resumed", () => {
    const first = liveNoticeActions(attached("first") as Extract<BridgeNotice, { kind: "live_attached" }>, 0);
    const history = first.find((a) => a.type === "history");
    expect(history?.type === "history" ? history.entries.map((e) => e.kind) : []).toEqual(["user"]);
    expect(liveNoticeActions(attached("resumed") as Extract<BridgeNotice, { kind: "live_attached" }>, 0)).toEqual([]);
    const snapshot = liveNoticeActions(attached("snapshot") as Extract<BridgeNotice, { kind: "live_attached" }>, 0);
    expect(snapshot[0]?.type).toBe("interrupted");
  });
  it("takes the worker's totals from the attach answer, after the conversation and before the events that follow", () => {
    const stats = {
      sessionId: "x",
      userMessages: 1,
      assistantMessages: 1,
      toolCalls: 0,
      toolResults: 0,
      totalMessages: 2,
      tokens: { input: 4000, output: 700, cacheRead: 321, cacheWrite: 0, total: 5021 },
      cost: 0.5,
      contextUsage: { tokens: 4321, contextWindow: 128000, percent: 3.4 },
    };
    const actions = liveNoticeActions(
      { ...(attached("first") as Extract<BridgeNotice, { kind: "live_attached" }>), stats },
      0,
    );
    expect(actions.at(-1)).toEqual({
      type: "session_totals",
      totals: { tokensIn: 4321, tokensOut: 700, cost: 0.5, contextTokens: 4321 },
    });
    // A worker that sends none: the printer asks for them (open-session.ts).
    expect(
      liveNoticeActions(attached("first") as Extract<BridgeNotice, { kind: "live_attached" }>, 0).some(
        (a) => a.type === "session_totals",
      ),
    ).toBe(false);
  });
  it("says what happened to the link and to the session", () => {
    const waiting = liveNoticeActions({ kind: "live_link", state: "waiting", attempt: 2, delayMs: 4000 }, 0);
    expect(waiting).toMatchObject([{ type: "toast", text: "Reconnecting in 4 s (attempt 2); /quit gives up" }]);
    expect(liveNoticeActions({ kind: "live_link", state: "restored" }, 0)).toMatchObject([
      { type: "notice", text: "Reconnected." },
    ]);
    // Only the same worker with a complete replay may say nothing was lost.
    expect(liveNoticeActions({ kind: "live_link", state: "restored", mode: "resumed" }, 0)).toMatchObject([
      { type: "notice", text: "Reconnected: the worker kept running and nothing was lost." },
    ]);
    expect(liveNoticeActions({ kind: "live_link", state: "restored", mode: "snapshot" }, 0)).toEqual([]);
    // A replaced worker is another event: its death and the restart are said by the crash
    // notice and the restart's line, not again here.
    for (const runLost of [true, false]) {
      expect(liveNoticeActions({ kind: "live_link", state: "restored", mode: "replaced", runLost }, 0)).toEqual([]);
    }
    expect(liveNoticeActions({ kind: "live_detached", reason: "taken_over" }, 0)).toMatchObject([
      { type: "notice", text: expect.stringContaining("took it over") },
      { type: "worker_status", status: "taken_over" },
    ]);
  });
});

describe("live sessions as the pickers show them", () => {
  it("decodes `agent-rpc sessions --json` and marks working / waiting / idle since", () => {
    const [s] = decodeLiveSessions([
      {
        id: "0198aaaa-bbbb",
        pid: 7,
        cwd: "/p",
        state: "idle",
        since: 0,
        startedAt: 0,
        attached: false,
        sessionName: "fix",
      },
      { bad: true },
    ]);
    expect(s).toMatchObject({ id: "0198aaaa-bbbb", pid: 7, sessionName: "fix" });
    if (!s) throw new Error("not decoded");
    expect(describeLiveState({ state: "working", since: 0 }, 0)).toBe("working");
    expect(describeLiveState({ state: "waiting", since: 0 }, 0)).toBe("waiting for a dialog");
    expect(describeLiveState({ state: "idle", since: 0 }, 300_000)).toBe("idle since 5m");
    expect(describeLiveSession(s, 7_200_000)).toEqual({ label: "fix — idle since 2h", detail: "/p · up 2h · pid 7" });
  });
});

describe("the bridge's live link", () => {
  it("drops frames before the attach answer, then counts the stream for the resume cursor", () => {
    const link = createLiveLink();
    expect(link.onReady({ id: "w1" })).toBe("first");
    expect(link.attachFields()).toEqual({});
    expect(link.discards("event")).toBe(true);
    expect(link.discards("response")).toBe(false);
    link.onAttached(40);
    for (const kind of ["event", "ui_request", "response", "host_tool_call", "unknown_event"]) link.count(kind);
    expect(link.reconnectable).toBe(true);
    expect(link.onReady({ id: "w1" })).toBe("resume");
    expect(link.attachFields()).toEqual({ after: 43 });
    link.onAttached(43);
    link.onDetached("taken_over");
    expect(link.reconnectable).toBe(false);
    expect(link.onReady({ id: "w2" })).toBe("replaced");
    expect(link.attachFields()).toEqual({});
  });

  it("tells a new worker on the same session (same id, another pid) from the same worker back", () => {
    const link = createLiveLink();
    expect(link.onReady({ id: "w1", pid: 100 })).toBe("first");
    link.onAttached(5);
    expect(link.onReady({ id: "w1", pid: 100 })).toBe("resume");
    link.onAttached(9);
    expect(link.onReady({ id: "w1", pid: 200 })).toBe("replaced");
    expect(link.attachFields()).toEqual({});
    link.onAttached(0);
    // A worker that names no pid is known by its id alone.
    expect(link.onReady({ id: "w1" })).toBe("resume");
  });

  it("backs off 2, 4, 8, 16, then every 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 9].map((n) => reconnectDelay(n))).toEqual([
      2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
