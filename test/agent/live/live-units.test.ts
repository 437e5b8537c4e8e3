// The pure parts of live workers: the replay log's bounds, the attach tracker's picture of a
// run in progress, finding a worker by what the user typed, attach's argument split, host
// tools while detached, and the idle grace setting.
import { describe, expect, it, vi } from "vitest";
import { createAttachTracker } from "../../../src/agent/live/attach-state.js";
import { idleGraceMs } from "../../../src/agent/live/idle-exit.js";
import { findLiveEntry, type LiveEntry } from "../../../src/agent/live/live-registry.js";
import { chooseLiveEntry, parseAttachArgs } from "../../../src/agent/live/relay.js";
import { createReplayLog } from "../../../src/agent/live/replay-log.js";
import { describeState, parseSessionsArgs } from "../../../src/agent/live/sessions-command.js";
import { HOST_DISCONNECTED_MESSAGE, HostToolRegistry } from "../../../src/agent/session/host-tools.js";

describe("replay log", () => {
  it("gives back exactly the lines after a cursor, and nothing once they were dropped", () => {
    const log = createReplayLog(10, 1000);
    for (let i = 1; i <= 25; i++) log.push(`l${i}\n`);
    expect(log.last).toBe(25);
    expect(log.since(25)).toEqual([]);
    expect(log.since(23)).toEqual(["l24\n", "l25\n"]);
    expect(log.since(2)).toBeUndefined(); // older than what is kept
    expect(log.since(26)).toBeUndefined(); // a cursor from the future is not this worker's
    // Trimmed to 90% of 10 frames: 9 lines (17..25) are kept.
    expect(log.since(16)?.[0]).toBe("l17\n");
    expect(log.since(15)).toBeUndefined();
  });

  it("is bounded by bytes too", () => {
    const log = createReplayLog(1000, 100);
    for (let i = 0; i < 50; i++) log.push(`${"x".repeat(9)}\n`);
    expect(log.since(40)).toHaveLength(10);
    expect(log.since(30)).toBeUndefined();
  });
});

describe("attach tracker", () => {
  it("rebuilds the assistant message streamed so far, running tools, the queue and open dialogs", () => {
    const t = createAttachTracker();
    let seq = 0;
    const see = (frame: Record<string, unknown> & { type: string }): void => t.observe(frame, ++seq);
    see({ type: "agent_start" });
    see({ type: "message_start", message: { role: "assistant", content: [], model: "m" } });
    see({ type: "message_update", assistantMessageEvent: { type: "thinking_start", contentIndex: 0 } });
    see({ type: "message_update", assistantMessageEvent: { type: "thinking_delta", contentIndex: 0, delta: "hmm" } });
    see({ type: "message_update", assistantMessageEvent: { type: "text_start", contentIndex: 1 } });
    see({
      type: "message_update",
      assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: "Hel" },
      usage: { output: 2 },
    });
    see({ type: "message_update", assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: "lo" } });
    see({ type: "tool_execution_start", toolCallId: "c1", toolName: "bash", args: {} });
    see({ type: "tool_execution_update", toolCallId: "c1", partialResult: { content: [] } });
    see({ type: "queue_update", steering: ["s"], followUp: [] });
    see({ type: "extension_ui_request", id: "d1", method: "confirm", title: "ok?" });
    see({ type: "extension_ui_request", id: "d2", method: "select", title: "pick", options: ["a"] });
    see({ type: "extension_ui_request", id: "x", method: "cancel", targetId: "d2" });
    see({ type: "extension_ui_request", id: "s", method: "setStatus", statusKey: "k", statusText: "busy" });
    expect(t.busy).toBe(true);
    expect(t.openDialogs).toBe(1);
    const frames = t.frames();
    expect(frames.map((f) => f.type)).toEqual([
      "agent_start",
      "message_start",
      "tool_execution_start",
      "tool_execution_update",
      "queue_update",
      "extension_ui_request",
      "extension_ui_request",
    ]);
    expect(frames[1]?.["message"]).toEqual({
      role: "assistant",
      model: "m",
      usage: { output: 2 },
      content: [
        { type: "thinking", thinking: "hmm" },
        { type: "text", text: "Hello" },
      ],
    });
    expect(t.dialogsUpTo(10)).toEqual([]);
    expect(t.dialogsUpTo(11).map((f) => f["id"])).toEqual(["d1"]);
    t.dialogAnswered("d1");
    see({ type: "message_end", message: {} });
    see({ type: "tool_execution_end", toolCallId: "c1" });
    see({ type: "agent_settled" });
    expect(t.busy).toBe(false);
    expect(t.frames().map((f) => f["method"] ?? f.type)).toEqual(["queue_update", "setStatus"]);
  });

  it("keeps messages no client has seen, in the worker's order among statuses and dialogs, until one sees them", () => {
    const t = createAttachTracker();
    let seq = 0;
    const see = (frame: Record<string, unknown> & { type: string }): void => t.observe(frame, ++seq);
    see({ type: "extension_ui_request", id: "n1", method: "notify", message: "hello" });
    see({ type: "extension_ui_request", id: "s", method: "setStatus", statusKey: "k", statusText: "on" });
    see({ type: "extension_error", extensionPath: "/x.ts", event: "session_start", error: "boom" });
    see({ type: "extension_ui_request", id: "d1", method: "confirm", title: "ok?" });
    see({ type: "extension_ui_request", id: "n2", method: "notify", message: "after" });
    expect(t.frames().map((f) => f["id"] ?? f.type)).toEqual(["n1", "s", "extension_error", "d1", "n2"]);
    t.seenUpTo(3);
    expect(t.frames().map((f) => f["id"] ?? f.type)).toEqual(["s", "d1", "n2"]);
    t.seenUpTo(seq);
    expect(t.frames().map((f) => f["id"] ?? f.type)).toEqual(["s", "d1"]);
  });

  it("bounds the unseen messages and says how many it dropped, once", () => {
    const t = createAttachTracker();
    for (let i = 1; i <= 130; i++)
      t.observe({ type: "extension_ui_request", id: `n${i}`, method: "notify", message: `m${i}` }, i);
    const frames = t.frames();
    expect(frames).toHaveLength(101);
    expect(frames[0]?.["message"]).toBe("30 earlier messages from while no client was attached were not kept");
    expect(frames[1]?.["id"]).toBe("n31");
    expect(frames.at(-1)?.["id"]).toBe("n130");
    t.seenUpTo(130);
    expect(t.frames()).toEqual([]);
  });

  it("tells how long the run has been going, from its first start (a retried attempt does not restart it)", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const t = createAttachTracker();
      vi.setSystemTime(10_000);
      t.observe({ type: "agent_start" }, 1);
      vi.setSystemTime(14_000);
      t.observe({ type: "agent_start" }, 2);
      vi.setSystemTime(17_500);
      expect(t.frames()[0]).toEqual({ type: "agent_start", runningMs: 7500 });
    } finally {
      vi.useRealTimers();
    }
  });
});

const entry = (over: Partial<LiveEntry>): LiveEntry => ({
  id: "0198aaaa-1111-7000-8000-000000000001",
  pid: 100,
  cwd: "/p",
  socket: "/s",
  log: "",
  version: "1",
  startedAt: 0,
  sessionId: "0198aaaa-1111-7000-8000-000000000001",
  state: "idle",
  since: 0,
  attached: false,
  attachedChanged: 0,
  ...over,
});

describe("finding a live worker", () => {
  const a = entry({});
  const b = entry({
    id: "0198bbbb-2222-7000-8000-000000000002",
    sessionId: "0198cccc-0000-7000-8000-000000000003",
    pid: 200,
    cwd: "/q",
    sessionFile: "/q/s.jsonl",
  });
  it("by id, session id, unique prefix, session file or pid", () => {
    expect(findLiveEntry([a, b], a.id)).toBe(a);
    expect(findLiveEntry([a, b], "0198cccc")).toBe(b);
    expect(findLiveEntry([a, b], "0198bb")).toBe(b);
    expect(findLiveEntry([a, b], "0198")).toBeUndefined(); // ambiguous
    expect(findLiveEntry([a, b], "019")).toBeUndefined(); // too short to guess
    expect(findLiveEntry([a, b], "/q/s.jsonl")).toBe(b);
    expect(findLiveEntry([a, b], "200")).toBe(b);
  });

  it("attach picks by id, by --session, by folder for --continue or no id, and starts fresh otherwise", () => {
    expect(parseAttachArgs(["abc", "--or-start", "--mode", "rpc", "-c"])).toEqual({
      query: "abc",
      whenNone: "start",
      workerArgs: ["--mode", "rpc", "-c"],
      role: "default",
      help: false,
    });
    expect(parseAttachArgs(["--help"]).help).toBe(true);
    expect(parseAttachArgs(["--or-serve", "-c"])).toMatchObject({
      query: undefined,
      whenNone: "serve",
      workerArgs: ["-c"],
    });
    expect(parseAttachArgs(["--or-run", "-c"])).toMatchObject({
      query: undefined,
      whenNone: "run",
      workerArgs: ["-c"],
    });
    expect(parseAttachArgs(["abc", "--take"])).toMatchObject({ query: "abc", role: "take", workerArgs: [] });
    expect(parseAttachArgs(["abc", "--watch"]).role).toBe("watch");
    expect(() => parseAttachArgs(["abc", "--take", "--watch"])).toThrow(/exclude each other/);
    expect(parseAttachArgs(["abc"]).whenNone).toBe("fail");
    expect(() => parseAttachArgs(["--or-start", "--bogus"])).toThrow(/Unknown option/);
    expect(chooseLiveEntry([a, b], parseAttachArgs(["--or-start", "--session", "s.jsonl"]), "/q")).toBe(b);
    expect(chooseLiveEntry([a, b], parseAttachArgs(["--or-start", "-c"]), "/q")).toBe(b);
    expect(chooseLiveEntry([a, b], parseAttachArgs([]), "/p")).toBe(a);
    expect(chooseLiveEntry([a, b], parseAttachArgs(["--or-start"]), "/p")).toBeUndefined();
    expect(chooseLiveEntry([a, b], parseAttachArgs(["--or-serve", "-c"]), "/q")).toBe(b);
    expect(chooseLiveEntry([a, b], parseAttachArgs(["--or-serve"]), "/p")).toBeUndefined();
  });

  it("sessions takes --json, --stop ID and --help; anything else is said in one message", () => {
    expect(parseSessionsArgs([])).toEqual({ json: false });
    expect(parseSessionsArgs(["--stop", "0198", "--json"])).toEqual({ json: true, stop: "0198" });
    expect(parseSessionsArgs(["-h"])).toMatchObject({ help: true });
    expect(parseSessionsArgs(["--bogus"])).toEqual({ error: "Unknown option: --bogus" });
    expect(parseSessionsArgs(["list"])).toEqual({ error: "Unexpected argument: list" });
    expect(parseSessionsArgs(["--stop"])).toEqual({ error: "Option --stop needs the ID of a live session" });
    expect(parseSessionsArgs(["--stop", "--json"])).toEqual({ error: "Option --stop needs the ID of a live session" });
    expect(parseSessionsArgs(["--json", "--watch"])).toEqual({ json: true, watch: true });
    expect(parseSessionsArgs(["--watch", "--stop", "x", "--json"])).toMatchObject({ error: expect.any(String) });
  });

  it("describes states for people", () => {
    expect(describeState(entry({ state: "waiting" }), 0)).toBe("waiting for a dialog");
    expect(describeState(entry({ state: "idle", since: 0 }), 125_000)).toBe("idle 2m");
  });
});

describe("host tools of a live worker", () => {
  it("fail pending and new calls while detached, with a clear reason, and run again once attached", async () => {
    const sent: unknown[] = [];
    const reg = new HostToolRegistry({ send: (f) => sent.push(f), reservedNames: () => [] });
    reg.setTools([{ name: "pick", description: "pick a file", parameters: { type: "object" } }]);
    const tool = reg.tools()[0];
    if (!tool) throw new Error("no tool");
    const pending = tool.execute("c1", {}, undefined, undefined);
    reg.setAttached(false);
    await expect(pending).rejects.toThrow(HOST_DISCONNECTED_MESSAGE);
    await expect(tool.execute("c2", {}, undefined, undefined)).rejects.toThrow(/No client is attached.*\(pick\)/);
    reg.setAttached(true);
    void tool.execute("c3", {}, undefined, undefined).catch(() => undefined);
    expect(sent).toHaveLength(2);
  });
});

it("takes the idle grace from --idle-exit, then settings, then 30 minutes", () => {
  expect(idleGraceMs(2, { liveSessions: { idleExitMinutes: 5 } })).toBe(2000);
  expect(idleGraceMs(undefined, { liveSessions: { idleExitMinutes: 5 } })).toBe(300_000);
  expect(idleGraceMs(undefined, {})).toBe(1_800_000);
});
