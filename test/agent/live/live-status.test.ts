// What a live worker publishes about itself: the status folded from its frames (dialog, tool,
// last line, outcome), read back from a registry entry, and `sessions --json --watch` streaming
// the registry as it changes.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import "../helpers/isolated-tmp.js";
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { createStatusTracker, decodeLiveStatus, toolSummary } from "../../../src/agent/live/live-status.js";
import { decodeLiveEntry, type LiveEntry } from "../../../src/agent/live/live-registry.js";
import { watchSessions } from "../../../src/agent/live/sessions-watch.js";

type F = Record<string, unknown> & { type: string };

describe("live status", () => {
  it("names the oldest open dialog, the newest running tool and the last line of text", () => {
    let clock = 1000;
    const t = createStatusTracker(() => clock);
    const see = (f: F): void => t.observe(f);
    see({ type: "agent_start" });
    see({ type: "message_start", message: { role: "assistant", content: [] } });
    see({ type: "message_update", assistantMessageEvent: { type: "text_delta", delta: "first line\nsecond " } });
    see({
      type: "message_update",
      assistantMessageEvent: { type: "text_delta", delta: "li\u001b]52;c;x\u0007ne\n\n" },
    });
    expect(t.status({}).lastLine).toBe("second li␛]52;c;x␇ne");
    see({ type: "tool_execution_start", toolCallId: "a", toolName: "read", args: { path: "src/a.ts" } });
    see({ type: "tool_execution_start", toolCallId: "b", toolName: "bash", args: { command: "npm test\n--run" } });
    see({
      type: "extension_ui_request",
      id: "d1",
      method: "select",
      title: "Allow?\nrm -rf x",
      options: ["Yes", "No"],
    });
    see({ type: "extension_ui_request", id: "d2", method: "confirm", title: "Later", message: "m" });
    clock = 2000;
    see({ type: "extension_ui_request", id: "s", method: "setStatus", statusKey: "k", statusText: "x" });
    const s = t.status({ tokens: { input: 5, output: 6 }, cost: 0.5, branch: "main" });
    expect(s).toEqual({
      activityAt: 2000,
      dialog: { id: "d1", method: "select", title: "Allow?\nrm -rf x", options: ["Yes", "No"] },
      tool: { name: "bash", summary: "npm test --run" },
      lastLine: "second li␛]52;c;x␇ne",
      tokens: { input: 5, output: 6 },
      cost: 0.5,
      branch: "main",
    });
    t.dialogAnswered("d1");
    expect(t.status({}).dialog?.id).toBe("d2");
    see({ type: "extension_ui_request", id: "c", method: "cancel", targetId: "d2" });
    see({ type: "tool_execution_end", toolCallId: "b" });
    expect(t.status({}).dialog).toBeUndefined();
    expect(t.status({}).tool?.name).toBe("read");
  });

  it("tells how the last run ended: done, failed or aborted", () => {
    let clock = 0;
    const t = createStatusTracker(() => clock);
    const run = (stopReason: string, text: string, errorMessage?: string): void => {
      t.observe({ type: "agent_start" });
      t.observe({
        type: "message_end",
        message: { role: "assistant", stopReason, content: [{ type: "text", text }], errorMessage },
      });
      clock += 10;
      t.observe({ type: "agent_settled" });
    };
    run("stop", "All done.\n");
    expect(t.status({})).toMatchObject({ outcome: "done", outcomeAt: 10, lastLine: "All done." });
    run("error", "", "HTTP 529 overloaded");
    expect(t.status({})).toMatchObject({ outcome: "failed", lastLine: "HTTP 529 overloaded" });
    run("aborted", "partial");
    expect(t.status({})).toMatchObject({ outcome: "aborted", outcomeAt: 30 });
  });

  it("summarises a tool call by the argument a person knows it by", () => {
    expect(toolSummary({ pattern: "TODO", path: "src" })).toBe("src");
    expect(toolSummary({ limit: 3, other: "x" })).toBe("x");
    expect(toolSummary({ command: "y".repeat(500) })).toHaveLength(120);
    expect(toolSummary(undefined)).toBe("");
  });

  it("reads back what fits of a status another version wrote, and entries without one", () => {
    expect(decodeLiveStatus({ activityAt: 5, dialog: { id: 1 }, tokens: { input: 1 }, outcome: "weird" })).toEqual({
      activityAt: 5,
    });
    const base = { id: "i", pid: 1, cwd: "/", socket: "/s", state: "idle" };
    expect(decodeLiveEntry(base)?.status).toBeUndefined();
    const entry = decodeLiveEntry({ ...base, clients: 2, status: { activityAt: 1, tool: { name: "ls" } } });
    expect(entry).toMatchObject({ clients: 2, status: { activityAt: 1, tool: { name: "ls", summary: "" } } });
  });
});

describe("sessions --json --watch", () => {
  let dir: string | undefined;
  const servers: Server[] = [];
  afterEach(() => {
    for (const srv of servers.splice(0)) srv.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A socket a live entry can name (a dead worker's is removed with its entry). */
  async function listening(socket: string): Promise<string> {
    const srv = createServer();
    servers.push(srv);
    await new Promise<void>((r) => srv.listen(socket, r));
    return socket;
  }

  async function registry(): Promise<{ dir: string; socket: string }> {
    dir = mkdtempSync(join(TEST_TMP, "watch-"));
    return { dir, socket: await listening(join(dir, "a.sock")) };
  }

  const entry = (socket: string, id: string, pid: number, state = "idle"): LiveEntry =>
    ({
      id,
      pid,
      cwd: "/tmp",
      socket,
      log: "",
      version: "1",
      startedAt: 1,
      sessionId: id,
      state,
      since: 1,
    }) as LiveEntry;

  function lines(out: PassThrough): { list: Array<{ type: string; version: string; sessions: LiveEntry[] }> } {
    const got = { list: [] as Array<{ type: string; version: string; sessions: LiveEntry[] }> };
    let buf = "";
    out.on("data", (d: Buffer) => {
      buf += d.toString();
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        got.list.push(JSON.parse(buf.slice(0, i)));
        buf = buf.slice(i + 1);
      }
    });
    return got;
  }

  async function until(cond: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it("writes the list at start, on a change, as a heartbeat, lists dead workers dead, and ends with stdin", async () => {
    const { dir: d, socket } = await registry();
    writeFileSync(join(d, "a.json"), JSON.stringify(entry(socket, "a", process.pid)));
    const out = new PassThrough();
    const input = new PassThrough();
    const got = lines(out);
    // Long poll and heartbeat: the change below must be seen through the folder watch.
    const ended = watchSessions({ dir: d, version: "9.9", out, input, pollMs: 60_000, heartbeatMs: 60_000 });
    await until(() => got.list.length === 1, "the first list");
    expect(got.list[0]).toMatchObject({ type: "fleet", version: "9.9", sessions: [{ id: "a", state: "idle" }] });

    writeFileSync(join(d, "a.json"), JSON.stringify(entry(socket, "a", process.pid, "working")));
    await until(() => got.list.length === 2, "the changed list");
    expect(got.list[1]?.sessions.map((e) => e.state)).toEqual(["working"]);

    // A worker that died without touching its entry: dead in the next list.
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    const pid = child.pid as number;
    const socketB = await listening(join(d, "b.sock"));
    writeFileSync(join(d, "b.json"), JSON.stringify(entry(socketB, "b", pid)));
    await until(() => got.list.at(-1)?.sessions.length === 2, "the second worker");
    input.end();
    expect(await ended).toBe(0);

    // The poll notices a death; the heartbeat repeats an unchanged list.
    const out2 = new PassThrough();
    const input2 = new PassThrough();
    const got2 = lines(out2);
    const ended2 = watchSessions({ dir: d, version: "9.9", out: out2, input: input2, pollMs: 50, heartbeatMs: 150 });
    await until(() => got2.list.length === 1, "the first list");
    expect(got2.list[0]?.sessions).toHaveLength(2);
    child.kill("SIGKILL");
    const states = (l: { sessions: LiveEntry[] } | undefined): string =>
      (l?.sessions ?? []).map((e) => `${e.id}:${e.state}`).join();
    await until(() => states(got2.list.at(-1)) === "a:working,b:dead", "the dead worker listed dead");
    const died = got2.list.length;
    await until(() => got2.list.length >= died + 2, "two heartbeats");
    expect(got2.list.slice(died - 1).map(states)).toEqual(["a:working,b:dead", "a:working,b:dead", "a:working,b:dead"]);
    input2.destroy();
    expect(await ended2).toBe(0);
  });

  it("lists past a dead worker's entry and a torn one: the live worker is listed, the dead one as its tombstone", async () => {
    const { dir: d, socket } = await registry();
    writeFileSync(join(d, "a.json"), JSON.stringify(entry(socket, "a", process.pid)));
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => dead.once("exit", r));
    const deadSocket = await listening(join(d, "dead.sock"));
    writeFileSync(join(d, "dead.json"), JSON.stringify(entry(deadSocket, "dead", dead.pid as number, "working")));
    writeFileSync(join(d, "torn.json"), '{"id":"torn","pid":');
    const out = new PassThrough();
    const input = new PassThrough();
    const got = lines(out);
    const ended = watchSessions({ dir: d, version: "9.9", out, input, pollMs: 60_000, heartbeatMs: 60_000 });
    await until(() => got.list.length === 1, "the first list");
    expect(got.list[0]?.sessions.map((e) => `${e.id}:${e.state}`)).toEqual(["a:idle", "dead:dead"]);
    expect(existsSync(join(d, "dead.json"))).toBe(false);
    expect(existsSync(join(d, "dead.dead.json"))).toBe(true);
    input.end();
    expect(await ended).toBe(0);
  });
});
