// The bridge following a live agent-rpc worker (built dist/) through `agent-rpc attach`: the
// first attach shows the conversation and the answer so far; a killed relay (a dropped link)
// is reconnected to the same worker with backoff and every missed delta arrives exactly once;
// a command unanswered on the dead link is reported, not resent; a second client taking over
// ends this one without a reconnect; a worker killed is said dead (at once when it was our own
// child); shutdownWorker ends the worker.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkerConnection } from "../../src/bridge/connection.js";
import type { BridgeNotice, WorkerConnection } from "../../src/bridge/types.js";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { waitFor } from "./helpers.js";
import { createNoticeLog, createPiSandbox, ROOT, type PiSandbox } from "./pi-setup.js";

const AGENT_BIN = join(ROOT, "bin", "agent-rpc.js");
const built = existsSync(join(ROOT, "dist", "agent-bundle", "live-main.js"));
const WORDS = Array.from({ length: 30 }, (_, i) => `w${i} `);
const FLAGS = ["--provider", "fake", "--model", "fake-model"];

type Event = Extract<BridgeNotice, { kind: "event" }>["event"];
const textDeltas = (events: readonly Event[]): string =>
  events.flatMap((e) => (e.type === "message_update" && e.delta.kind === "text_delta" ? [e.delta.delta] : [])).join("");
const startedText = (events: readonly Event[]): string =>
  events
    .flatMap((e) => (e.type === "message_start" && e.message.role === "assistant" ? e.message.blocks : []))
    .map((b) => (b.type === "text" ? b.text : ""))
    .join("");

let sandbox: PiSandbox | undefined;
const connections: WorkerConnection[] = [];

function connect(
  args: string[],
  snapshotTail?: number,
): { connection: WorkerConnection; log: ReturnType<typeof createNoticeLog> } {
  if (!sandbox) throw new Error("no sandbox");
  const agentHome = sandbox.env["PI_CODING_AGENT_DIR"] as string;
  const base = [process.execPath, AGENT_BIN];
  const connection = createWorkerConnection({
    command: [...base, ...args, ...FLAGS],
    cwd: sandbox.cwd,
    env: { ...sandbox.env, AGENT_TUI_HOME: agentHome },
    restart: false,
    batchIntervalMs: 0,
    live: {
      reconnectCommand: (id) => [...base, "attach", id, "--or-start", ...FLAGS],
      reconnectDelaysMs: [100, 200],
      ...(snapshotTail !== undefined ? { snapshotTail } : {}),
    },
  });
  const log = createNoticeLog();
  connection.subscribe((batch) => log.notices.push(...batch));
  connections.push(connection);
  return { connection, log };
}

const liveDir = (): string => join(sandbox?.env["PI_CODING_AGENT_DIR"] as string, "live");

afterEach(async () => {
  for (const c of connections.splice(0)) await c.stop();
  const pids = sandbox ? listLiveEntries(liveDir()).map((e) => e.pid) : [];
  for (const pid of pids) process.kill(pid, "SIGKILL");
  await waitFor(() => pids.every((p) => !isProcessAlive(p)), 5000, "live workers to die");
  await sandbox?.dispose();
  sandbox = undefined;
});

describe.skipIf(!built)("bridge × live agent-rpc", () => {
  it("reconnects a dropped link to the same worker and delivers every missed delta once", async () => {
    sandbox = await createPiSandbox([{ kind: "text", matchLastUser: "LONG", chunks: WORDS, delayMs: 60 }]);
    const { connection, log } = connect(["attach", "--or-start"]);
    await connection.start();
    const first = log.notices.find((n) => n.kind === "live_attached");
    expect(first).toMatchObject({ kind: "live_attached", mode: "first", messages: [] });
    const id = connection.getSnapshot().live?.id;
    expect(id).toBeDefined();

    await connection.rpc.prompt("LONG please");
    await waitFor(() => textDeltas(log.eventsSince(0)).length > 10, 8000, "some deltas");
    const relay = connection.getSnapshot().pid ?? 0;
    // A command written into the link that drops has no answer: reported, never resent.
    const naming = connection.rpc.setSessionName("named as the link drops").then(
      () => "answered",
      (error: unknown) => (error as Error).message,
    );
    process.kill(relay, "SIGKILL");
    await waitFor(
      () => log.notices.some((n) => n.kind === "supervisor" && n.state === "reconnecting"),
      5000,
      "reconnecting",
    );
    expect(await naming).toMatch(/link to the live worker dropped/);
    expect(log.notices.some((n) => n.kind === "indeterminate" && n.what.startsWith("set_session_name"))).toBe(true);
    await waitFor(() => log.notices.some((n) => n.kind === "live_link" && n.state === "restored"), 10_000, "restored");
    expect(
      log.notices.filter((n) => n.kind === "live_attached").map((n) => (n.kind === "live_attached" ? n.mode : "")),
    ).toEqual(["first", "resumed"]);
    expect(connection.getSnapshot()).toMatchObject({ supervisor: "running", live: { id } });
    expect(connection.getSnapshot().pid).not.toBe(relay);
    await waitFor(() => log.eventsSince(0).some((e) => e.type === "agent_settled"), 10_000, "agent_settled");
    expect(textDeltas(log.eventsSince(0))).toBe(WORDS.join(""));
    const ends = log.eventsSince(0).filter((e) => e.type === "message_end" && e.message.role === "assistant");
    expect(ends).toHaveLength(1);
    expect(listLiveEntries(liveDir()).map((e) => e.id)).toEqual([id]);
  });

  it("asks a live worker for the conversation's tail only and says where it starts", async () => {
    sandbox = await createPiSandbox([{ kind: "text", chunks: ["short answer"] }]);
    const a = connect(["attach", "--or-start"]);
    await a.connection.start();
    await a.connection.rpc.prompt("hi");
    await waitFor(() => a.log.eventsSince(0).some((e) => e.type === "agent_settled"), 10_000, "settled");
    const id = a.connection.getSnapshot().live?.id ?? "";
    const b = connect(["attach", id], 1);
    await b.connection.start();
    const attached = b.log.notices.find((n) => n.kind === "live_attached");
    expect(attached).toMatchObject({
      kind: "live_attached",
      mode: "first",
      messagesOffset: 1,
      messages: [{ role: "assistant" }],
    });
    const page = await b.connection.rpc.getMessages({ offset: 0, limit: 1 });
    expect(page).toMatchObject({ offset: 0, total: 2, messages: [{ role: "user" }] });
    expect(page.listId).toBe(attached?.kind === "live_attached" ? attached.messagesListId : undefined);
  });

  it("attaches mid-stream with the answer so far, watching; taking control tells the first, which stays", async () => {
    sandbox = await createPiSandbox([{ kind: "text", matchLastUser: "LONG", chunks: WORDS, delayMs: 60 }]);
    const a = connect(["attach", "--or-start"]);
    await a.connection.start();
    await a.connection.rpc.prompt("LONG please");
    await waitFor(() => textDeltas(a.log.eventsSince(0)).length > 10, 8000, "some deltas");
    const id = a.connection.getSnapshot().live?.id ?? "";

    const b = connect(["attach", id]);
    await b.connection.start();
    const attached = b.log.notices.find((n) => n.kind === "live_attached");
    expect(attached?.kind === "live_attached" ? attached.messages.map((m) => m.role) : []).toEqual(["user"]);
    await waitFor(() => b.log.eventsSince(0).some((e) => e.type === "agent_settled"), 10_000, "settled");
    const events = b.log.eventsSince(0);
    expect(events[0]?.type).toBe("agent_start");
    expect(startedText(events).length).toBeGreaterThan(0);
    expect(startedText(events) + textDeltas(events)).toBe(WORDS.join(""));

    expect(b.log.notices.filter((n) => n.kind === "live_control")).toEqual([
      { kind: "live_control", role: "watcher", attached: true },
    ]);
    expect(a.log.notices.filter((n) => n.kind === "live_control")).toEqual([
      { kind: "live_control", role: "controller", attached: true },
    ]);
    await expect(b.connection.rpc.prompt("from the watcher")).rejects.toThrow(/watching: take control first/);
    await b.connection.rpc.send("take_control");
    await waitFor(
      () => a.log.notices.some((n) => n.kind === "live_control" && n.role === "watcher"),
      5000,
      "the first client told it watches",
    );
    await waitFor(
      () => b.log.notices.some((n) => n.kind === "live_control" && n.role === "controller"),
      5000,
      "the second client told it controls",
    );
    expect(a.connection.getSnapshot().supervisor).toBe("running");
    expect(a.log.notices.some((n) => n.kind === "live_detached")).toBe(false);
    expect(a.log.notices.some((n) => n.kind === "supervisor" && n.state === "reconnecting")).toBe(false);

    const pid = listLiveEntries(liveDir())[0]?.pid ?? 0;
    await b.connection.shutdownWorker();
    await waitFor(() => !isProcessAlive(pid), 5000, "the worker to end");
  });

  it("a worker killed behind a relay is said dead at once: the relay exits 5, its code is not the worker's", async () => {
    sandbox = await createPiSandbox([{ kind: "text", matchLastUser: "LONG", chunks: WORDS, delayMs: 60 }]);
    const { connection, log } = connect(["attach", "--or-start"]);
    await connection.start();
    await connection.rpc.prompt("LONG please");
    await waitFor(() => textDeltas(log.eventsSince(0)).length > 10, 8000, "some deltas");
    const worker = listLiveEntries(liveDir())[0]?.pid ?? 0;
    expect(worker).not.toBe(connection.getSnapshot().pid);
    const from = log.notices.length;
    process.kill(worker, "SIGKILL");
    await waitFor(() => log.notices.some((n) => n.kind === "live_link" && n.state === "restored"), 15_000, "restored");
    const after = log.notices.slice(from);
    const linkStates = after.flatMap((n) => (n.kind === "live_link" ? [n.state] : []));
    expect(linkStates).toEqual(["restored"]);
    expect(after.find((n) => n.kind === "live_link")).toMatchObject({ mode: "replaced", runLost: true });
    const exited = after.filter((n) => n.kind === "supervisor" && n.state === "exited");
    expect(exited).toHaveLength(1);
    const info = exited[0]?.kind === "supervisor" ? exited[0].info : undefined;
    expect(info).toMatchObject({ code: null, signal: null, stderrTail: "" });
    expect(info?.reason).toBeUndefined();
  });

  it("a worker run in place (--or-serve) and killed is said dead at once, with its signal", async () => {
    sandbox = await createPiSandbox([{ kind: "text", matchLastUser: "LONG", chunks: WORDS, delayMs: 60 }]);
    const { connection, log } = connect(["attach", "--or-serve"]);
    await connection.start();
    await connection.rpc.prompt("LONG please");
    await waitFor(() => textDeltas(log.eventsSince(0)).length > 10, 8000, "some deltas");
    const worker = listLiveEntries(liveDir())[0]?.pid ?? 0;
    expect(worker).toBe(connection.getSnapshot().pid);
    const from = log.notices.length;
    process.kill(worker, "SIGKILL");
    await waitFor(() => log.notices.some((n) => n.kind === "live_link" && n.state === "restored"), 15_000, "restored");
    const after = log.notices.slice(from);
    // No lost link, no wait: the exit of our child was the worker's own.
    const linkStates = after.flatMap((n) => (n.kind === "live_link" ? [n.state] : []));
    expect(linkStates).toEqual(["restored"]);
    const states = after.flatMap((n) => (n.kind === "supervisor" ? [n.state] : []));
    expect(states).toEqual(["exited", "recovering", "running"]);
    const exited = after.find((n) => n.kind === "supervisor" && n.state === "exited");
    expect(exited?.kind === "supervisor" ? exited.info : undefined).toMatchObject({ signal: "SIGKILL", pid: worker });
    expect(after.find((n) => n.kind === "live_link")).toMatchObject({ mode: "replaced", runLost: true });
    expect(listLiveEntries(liveDir())[0]?.pid).not.toBe(worker);
  });
});
