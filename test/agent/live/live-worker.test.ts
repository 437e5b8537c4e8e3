// Live workers end to end (built agent-rpc): `attach --or-start` starts a worker in its own
// session that outlives its relay; a client that lost its link resumes with its frame count
// and gets exactly the missed events; a fresh client gets the answer so far, then the rest;
// a second client watches until it takes control; detached idle workers exit; `sessions` lists and stops them;
// nobody but the owner can reach the socket.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { finished } from "node:stream/promises";
import { afterEach, describe, expect, it } from "vitest";
import "../helpers/isolated-tmp.js";
import { AGENT_BIN, type Frame, type RpcProcess } from "../helpers/agent-process.js";
import { isProcessAlive } from "../../../src/agent/live/live-registry.js";
import { counted, createLiveSandbox, deltas, readyLive, waitUntil, type LiveSandbox } from "./live-harness.js";

const BUILT = existsSync(join(import.meta.dirname, "..", "..", "..", "dist", "agent-bundle", "main.js"));
const WORDS = Array.from({ length: 30 }, (_, i) => `w${i} `);
const ANSWER = WORDS.join("");
const SLOW = { kind: "text" as const, chunks: WORDS, delayMs: 60 };

const START = ["attach", "--or-start", "--mode", "rpc"];
const liveId = (p: RpcProcess): string => readyLive(p).id;

/** Attach as a fresh client: the live_attach answer and the index of the frames after it. */
async function attachFresh(p: RpcProcess): Promise<{ data: Record<string, unknown>; from: number }> {
  const r = await p.request({ type: "live_attach" });
  expect(r["success"]).toBe(true);
  return { data: r["data"] as Record<string, unknown>, from: p.frames.indexOf(r) + 1 };
}

function assistantTexts(sessionFile: string): string[] {
  return readFileSync(sessionFile, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e["type"] === "message" && (e["message"] as Record<string, unknown>)["role"] === "assistant")
    .map((e) =>
      ((e["message"] as { content: Array<{ type: string; text?: string }> }).content ?? [])
        .map((b) => b.text ?? "")
        .join(""),
    );
}

describe.skipIf(!BUILT)("live workers", () => {
  let box: LiveSandbox | undefined;
  afterEach(async () => {
    await box?.dispose();
    box = undefined;
  });

  it("keeps a run going without its client and replays exactly the missed events to the client that resumes", async () => {
    box = await createLiveSandbox([SLOW]);
    const a = box.relay(START);
    const { data, from } = await attachFresh(a);
    expect(data["resumed"]).toBe(false);
    await a.request({ type: "prompt", message: "long answer please" });
    await a.waitFor(() => deltas(a.frames).length >= 8);
    // The link drops mid-stream: the relay dies, frames in flight are lost with it. The cursor
    // counts what this client read, so it is taken once the relay's stdout is read to its end
    // ('exit' can come before the last chunk; the bridge counts on 'close' for the same reason).
    a.child.kill("SIGKILL");
    await finished(a.child.stdout);
    const seen = a.frames.slice(from).filter(counted).length;
    const id = liveId(a);
    await waitUntil(() => box?.entries()[0]?.attached === false, "the worker to notice the lost client");
    expect(box.entries()[0]).toMatchObject({ id, state: "working" });

    const b = box.relay(["attach", id]);
    const resumed = await b.request({ type: "live_attach", after: (data["seq"] as number) + seen });
    expect(resumed["data"]).toMatchObject({ resumed: true });
    await b.waitFor((f) => f.type === "agent_settled");
    // Events the worker sent B before answering live_attach are covered by the answer (a client
    // discards them): count from the answer on.
    const after = b.frames.slice(b.frames.indexOf(resumed) + 1);
    expect(deltas(a.frames) + deltas(after)).toBe(ANSWER);
    expect(
      after.filter(
        (f) => f.type === "message_end" && (f["message"] as Record<string, unknown>)["role"] === "assistant",
      ),
    ).toHaveLength(1);

    const state = await b.request({ type: "get_state" });
    const file = (state["data"] as { sessionFile: string }).sessionFile;
    expect(assistantTexts(file)).toEqual([ANSWER]);
  });

  it("brings a fresh client mid-stream the answer so far, then the rest live", async () => {
    box = await createLiveSandbox([SLOW]);
    const a = box.relay(START);
    await attachFresh(a);
    await a.request({ type: "prompt", message: "long answer please" });
    await a.waitFor(() => deltas(a.frames).length >= 8);
    a.closeStdin(); // leave on purpose: the worker stays
    expect(await a.exited).toBe(0);

    const c = box.relay(["attach", liveId(a)]);
    const { data, from } = await attachFresh(c);
    expect(data["resumed"]).toBe(false);
    const messages = data["messages"] as Array<{ role: string }>;
    expect(messages.map((m) => m.role)).toEqual(["user"]);
    const replay = data["frames"] as Frame[];
    expect(replay[0]?.type).toBe("agent_start");
    const start = replay.find((f) => f.type === "message_start");
    const started = (start?.["message"] ?? { content: [] }) as { content: Array<{ text?: string }> };
    const soFar = started.content.map((b) => b.text ?? "").join("");
    expect(soFar.length).toBeGreaterThan(0);
    await c.waitFor((f) => f.type === "agent_settled", { from });
    expect(soFar + deltas(c.frames.slice(from))).toBe(ANSWER);
  });

  it("lets a second client watch until it takes control, telling the first; --take takes it at once", async () => {
    box = await createLiveSandbox([{ kind: "text", chunks: ["watched ", "answer"] }]);
    const a = box.relay(START);
    await attachFresh(a);
    const b = box.relay(["attach", liveId(a)]);
    expect((await attachFresh(b)).data["role"]).toBe("watcher");
    expect(box.entries()[0]).toMatchObject({ attached: true, clients: 2 });
    const refused = await b.request({ type: "prompt", message: "from the watcher" });
    expect(refused).toMatchObject({ success: false, error: "watching: take control first" });
    expect((await b.request({ type: "get_state" }))["success"]).toBe(true);
    // The controller's run streams to the watcher too.
    await a.request({ type: "prompt", message: "from the controller" });
    await b.waitFor((f) => f.type === "agent_settled");
    expect(deltas(b.frames)).toBe("watched answer");

    const taken = await b.request({ type: "take_control" });
    expect(taken).toMatchObject({ success: true, data: { role: "controller" } });
    expect(await a.waitFor((f) => f.type === "live_control")).toMatchObject({ role: "watcher" });
    expect(await a.request({ type: "abort" })).toMatchObject({ success: false });
    expect((await b.request({ type: "abort" }))["success"]).toBe(true);

    const before = b.mark();
    const c = box.relay(["attach", liveId(a), "--take"]);
    expect((await attachFresh(c)).data["role"]).toBe("controller");
    expect(await b.waitFor((f) => f.type === "live_control", { from: before })).toMatchObject({ role: "watcher" });
    expect([...a.frames, ...b.frames].some((f) => f.type === "live_detached")).toBe(false);
    expect(box.entries()[0]).toMatchObject({ attached: true, clients: 3 });

    // --watch: only watches, even with nobody in control.
    c.closeStdin();
    await c.exited;
    const d = box.relay(["attach", liveId(a), "--watch"]);
    expect((await attachFresh(d)).data["role"]).toBe("watcher");
    await waitUntil(() => box?.entries()[0]?.attached === false, "nobody in control");
  });

  it("waits with an extension dialog while nobody is attached and shows it to the next client", async () => {
    const ext = join(import.meta.dirname, "..", "..", "fixtures", "pi-ui-extension.ts");
    box = await createLiveSandbox([
      { kind: "tool_call", calls: [{ id: "call_1", name: "bash", arguments: { command: "echo harness-confirm" } }] },
      { kind: "text", chunks: ["done"] },
    ]);
    const a = box.relay([...START, "-e", ext]);
    await attachFresh(a);
    await a.request({ type: "prompt", message: "run it" });
    await a.waitFor((f) => f.type === "extension_ui_request" && f["method"] === "confirm");
    a.closeStdin();
    await a.exited;
    await waitUntil(
      () => box?.entries()[0]?.state === "waiting" && box.entries()[0]?.attached === false,
      "the registry to say waiting",
    );

    const b = box.relay(["attach", liveId(a)]);
    const { data } = await attachFresh(b);
    const dialog = (data["frames"] as Frame[]).find(
      (f) => f.type === "extension_ui_request" && f["method"] === "confirm",
    );
    expect(dialog).toBeDefined();
    b.send({ type: "extension_ui_response", id: dialog?.["id"], confirmed: true });
    const end = await b.waitFor((f) => f.type === "tool_execution_end");
    expect(JSON.stringify(end["result"])).toContain("harness-confirm");
    await b.waitFor((f) => f.type === "agent_settled");
  });

  it("keeps the messages written while nobody is attached for the next client, and gives them to no one after", async () => {
    box = await createLiveSandbox([{ kind: "text", chunks: WORDS.slice(0, 10), delayMs: 60 }]);
    const file = join(box.home.root, "notify-at-end.mjs");
    writeFileSync(
      file,
      'export default (pi) => pi.on("agent_end", (_e, ctx) => ctx.ui.notify("RUN-DONE while away", "info"));\n',
    );
    const a = box.relay([...START, "-e", file]);
    await attachFresh(a);
    await a.request({ type: "prompt", message: "go" });
    await a.waitFor((f) => f.type === "message_update");
    a.closeStdin();
    await a.exited;
    await waitUntil(
      () => box?.entries()[0]?.attached === false && box.entries()[0]?.state === "idle",
      "the detached run to finish",
    );
    const isDone = (f: Frame): boolean => f.type === "extension_ui_request" && f["message"] === "RUN-DONE while away";
    expect(a.frames.some(isDone)).toBe(false);

    const b = box.relay(["attach", liveId(a)]);
    const first = await attachFresh(b);
    expect((first.data["frames"] as Frame[]).filter(isDone)).toHaveLength(1);
    b.closeStdin();
    await b.exited;
    const c = box.relay(["attach", liveId(a)]);
    const second = await attachFresh(c);
    expect((second.data["frames"] as Frame[]).filter(isDone)).toHaveLength(0);
  });

  it("sends a fresh client only the tail it asks for, and the earlier messages a page at a time", async () => {
    box = await createLiveSandbox([{ kind: "text", chunks: ["first answer"] }]);
    const a = box.relay(START);
    await attachFresh(a);
    await a.request({ type: "prompt", message: "hi" });
    await a.waitFor((f) => f.type === "agent_settled");
    a.closeStdin();
    expect(await a.exited).toBe(0);

    const b = box.relay(["attach", liveId(a)]);
    const answer = await b.request({ type: "live_attach", tail: 1 });
    const data = answer["data"] as {
      messages: Array<{ role: string }>;
      messagesOffset: number;
      messagesListId: number;
    };
    expect(data.messages.map((m) => m.role)).toEqual(["assistant"]);
    expect(data.messagesOffset).toBe(1);
    const page = await b.request({ type: "get_messages", offset: 0, limit: 1 });
    expect(page["data"]).toMatchObject({
      offset: 0,
      total: 2,
      listId: data.messagesListId,
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    // Without paging fields the answer is pi's: every message and nothing else.
    const all = (await b.request({ type: "get_messages" }))["data"] as Record<string, unknown>;
    expect(Object.keys(all)).toEqual(["messages"]);
  });

  it("exits on its own when detached and idle for the grace period, keeping the session file", async () => {
    box = await createLiveSandbox([{ kind: "text", chunks: ["kept ", "answer"] }]);
    const a = box.relay([...START, "--idle-exit", "1"]);
    await attachFresh(a);
    await a.request({ type: "prompt", message: "hi" });
    await a.waitFor((f) => f.type === "agent_settled");
    const file = ((await a.request({ type: "get_state" }))["data"] as { sessionFile: string }).sessionFile;
    const pid = box.entries()[0]?.pid ?? 0;
    a.closeStdin();
    await waitUntil(() => !isProcessAlive(pid), "the idle worker to exit");
    expect(readdirSync(box.liveDir).filter((n) => n.endsWith(".json") || n.endsWith(".sock"))).toEqual([]);
    expect(assistantTexts(file)).toEqual(["kept answer"]);
  });

  it("lists a detached worker whose dialog has no timeout as waiting, and ends it after the grace like an idle one", async () => {
    box = await createLiveSandbox([]);
    const file = join(box.home.root, "ask-at-start.mjs");
    writeFileSync(
      file,
      'export default (pi) => pi.on("session_start", async (_e, ctx) => { await ctx.ui.confirm("ASK", "nobody answers"); });\n',
    );
    const a = box.relay([...START, "--idle-exit", "2", "-e", file]);
    const { data } = await attachFresh(a);
    expect((data["frames"] as Frame[]).some((f) => f["method"] === "confirm")).toBe(true);
    const pid = box.entries()[0]?.pid ?? 0;
    a.closeStdin();
    await waitUntil(() => box?.entries()[0]?.attached === false, "the worker to notice the lost client");
    const listed = await box.run(["sessions"]);
    expect(listed.stdout).toContain("waiting for a dialog");
    expect(box.entries()[0]?.state).toBe("waiting");
    await waitUntil(() => !isProcessAlive(pid), "the waiting worker to exit after the grace");
  });

  it("is listed by `sessions`, stopped by `sessions --stop`, and ended by the shutdown command", async () => {
    box = await createLiveSandbox([]);
    const a = box.relay(START);
    await attachFresh(a);
    const id = liveId(a);
    const listed = await box.run(["sessions", "--json"]);
    const entries = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id, state: "idle", attached: true, cwd: box.home.cwd });
    const table = await box.run(["sessions"]);
    expect(table.stdout).toContain(id.slice(0, 13));
    expect(table.stdout).toContain("idle");

    const pid = entries[0]?.["pid"] as number;
    const stopped = await box.run(["sessions", "--stop", id.slice(0, 8)]);
    expect(stopped.code).toBe(0);
    expect(isProcessAlive(pid)).toBe(false);
    expect((await a.waitFor((f) => f.type === "live_detached"))["reason"]).toBe("shutdown");

    const b = box.relay(START);
    await attachFresh(b);
    const bpid = box.entries()[0]?.pid ?? 0;
    const r = await b.request({ type: "shutdown" });
    expect(r["success"]).toBe(true);
    expect(await b.waitExit()).toBe(0);
    await waitUntil(() => !isProcessAlive(bpid), "the worker to end");
    expect((await box.run(["attach", id])).code).toBe(4);
  });

  it("runs in its own session and keeps its socket where only its user can reach it", async () => {
    box = await createLiveSandbox([]);
    const a = box.relay(START);
    await attachFresh(a);
    const [entry] = box.entries();
    if (!entry) throw new Error("no registry entry");
    expect(statSync(box.liveDir).mode & 0o777).toBe(0o700);
    expect(statSync(entry.socket).mode & 0o777).toBe(0o600);
    expect(statSync(join(box.liveDir, `${entry.id}.json`)).mode & 0o777).toBe(0o600);
    if (existsSync(`/proc/${entry.pid}/stat`)) {
      // Field 6 of /proc/<pid>/stat is the session id: a session leader has its own pid there.
      const fields = readFileSync(`/proc/${entry.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      expect(Number(fields[3])).toBe(entry.pid);
    }
    if (process.getuid?.() === 0) {
      // Another local user (nobody) cannot even reach the socket through the 0700 directory.
      const probe = `require("node:net").connect(${JSON.stringify(entry.socket)}).on("connect",()=>{console.log("CONNECTED");process.exit(0)}).on("error",(e)=>{console.log(e.code);process.exit(0)})`;
      const out = spawnSync(process.execPath, ["-e", probe], { uid: 65534, gid: 65534, encoding: "utf8" });
      expect(out.stdout.trim()).toBe("EACCES");
      // Nor list or attach: refused in one line that says why, not with a stack.
      const env = { PATH: process.env["PATH"] ?? "", AGENT_TUI_HOME: box.home.agentDir };
      for (const args of [["sessions"], ["attach"], ["attach", entry.id], ["sessions", "--stop", entry.id]]) {
        const r = spawnSync(process.execPath, [AGENT_BIN, ...args], {
          uid: 65534,
          gid: 65534,
          cwd: "/",
          env,
          encoding: "utf8",
        });
        expect(r.status, args.join(" ")).toBe(1);
        expect(r.stderr).toMatch(
          new RegExp(`^agent-rpc ${args[0]}: permission denied for \\S+.*only by the user who started them\\n$`),
        );
      }
      expect(isProcessAlive(entry.pid)).toBe(true);
    }
  });
});
