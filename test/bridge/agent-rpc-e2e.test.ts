// The bridge driving the bundled agent-rpc (built dist/) against the scripted fake LLM: the
// pi scenarios plus what only our worker has — ready frame, agent_settled, todos, host tools.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkerConnection } from "../../src/bridge/connection.js";
import type { BridgeNotice, WorkerConnection } from "../../src/bridge/types.js";
import { waitFor } from "./helpers.js";
import { createNoticeLog, createPiSandbox, PI_UI_EXTENSION, ROOT, type PiSandbox } from "./pi-setup.js";

const AGENT_BIN = join(ROOT, "bin", "agent-rpc.js");
const built = existsSync(join(ROOT, "dist", "agent-bundle", "main.js"));

let sandbox: PiSandbox;
let connection: WorkerConnection;
const { notices, eventsSince, userTexts } = createNoticeLog();
const settledSince = (start: number): number => eventsSince(start).filter((e) => e.type === "agent_settled").length;

describe.skipIf(!built)("bridge × agent-rpc (dist/agent-bundle/main.js)", () => {
  beforeAll(async () => {
    sandbox = await createPiSandbox([
      { kind: "text", matchLastUser: "HELLO", chunks: ["Hel", "lo ", "there", "."], delayMs: 5 },
      {
        kind: "tool_call",
        matchLastUser: "STEER-TEST",
        calls: [{ id: "call_s", name: "bash", arguments: { command: "sleep 0.6; echo slow-done" } }],
      },
      { kind: "text", matchLastUser: "steer now", chunks: ["Steered."], delayMs: 5 },
      { kind: "text", matchLastUser: "follow later", chunks: ["Followed."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "ABORT-TEST",
        chunks: Array.from({ length: 40 }, (_, i) => `chunk${i} `),
        delayMs: 80,
      },
      {
        kind: "tool_call",
        matchLastUser: "DIALOG-TEST",
        calls: [{ id: "call_d", name: "bash", arguments: { command: "echo harness-confirm" } }],
      },
      {
        kind: "tool_call",
        matchLastUser: "HOST-TEST",
        calls: [{ id: "call_h", name: "echo_host", arguments: { message: "hi" } }],
      },
    ]);
    const agentHome = sandbox.env["PI_CODING_AGENT_DIR"] as string;
    connection = createWorkerConnection({
      command: [
        process.execPath,
        AGENT_BIN,
        "--mode",
        "rpc",
        "--no-session",
        "--provider",
        "fake",
        "--model",
        "fake-model",
        "-e",
        PI_UI_EXTENSION,
      ],
      cwd: sandbox.cwd,
      env: { ...sandbox.env, AGENT_TUI_HOME: agentHome },
      restart: false,
      batchIntervalMs: 0,
      shutdownTimeoutsMs: { closeWaitMs: 2000, termWaitMs: 1000 },
    });
    connection.subscribe((batch) => notices.push(...batch));
    await connection.start();
  }, 30_000);

  afterAll(async () => {
    await connection?.stop();
    await sandbox?.dispose();
  });

  it("is detected as our flavour with the full command set and a ready version", () => {
    const caps = connection.getSnapshot().capabilities;
    expect(caps.flavour).toBe("ours");
    expect(caps.version).toMatch(/\d+\.\d+/);
    expect(caps.synthesisedSettled).toBe(false);
    for (const c of ["get_entries", "get_tree", "get_available_thinking_levels", "get_commands"])
      expect(caps.commands[c]).toBe(true);
  });

  it("prompt streams deltas and ends with agent_settled", async () => {
    const start = notices.length;
    await connection.rpc.prompt("HELLO please");
    await waitFor(() => settledSince(start) === 1, 8000, "agent_settled");
    const deltas = eventsSince(start).flatMap((e) =>
      e.type === "message_update" && e.delta.kind === "text_delta" ? [e.delta.delta] : [],
    );
    expect(deltas.join("")).toBe("Hello there.");
    expect(connection.getSnapshot().runState).toBe("settled");
  });

  it("steer and follow-up during a tool run are delivered in order", async () => {
    const start = notices.length;
    await connection.rpc.prompt("STEER-TEST");
    await waitFor(() => eventsSince(start).some((e) => e.type === "tool_execution_start"), 5000, "tool start");
    await connection.rpc.steer("steer now");
    await connection.rpc.followUp("follow later");
    await waitFor(() => settledSince(start) === 1, 10_000, "agent_settled");
    expect(userTexts(start)).toEqual(["STEER-TEST", "steer now", "follow later"]);
  });

  it("abort stops a streaming answer", async () => {
    const start = notices.length;
    await connection.rpc.prompt("ABORT-TEST");
    await waitFor(() => eventsSince(start).some((e) => e.type === "message_update"), 5000, "first delta");
    await connection.rpc.abort();
    await waitFor(() => settledSince(start) === 1, 5000, "agent_settled");
    const end = eventsSince(start).find((e) => e.type === "message_end" && e.message.role === "assistant");
    expect(end).toMatchObject({ message: { stopReason: "aborted" } });
  });

  it("a dialog from an extension hook round-trips through respondToUi", async () => {
    const start = notices.length;
    await connection.rpc.prompt("DIALOG-TEST");
    await waitFor(
      () => notices.slice(start).some((n) => n.kind === "ui_request" && n.request.method === "confirm"),
      8000,
      "confirm dialog",
    );
    const dialog = notices.slice(start).find((n) => n.kind === "ui_request" && n.request.method === "confirm");
    if (dialog?.kind !== "ui_request") throw new Error("no dialog");
    connection.respondToUi(dialog.request.id, { confirmed: true });
    await waitFor(() => settledSince(start) === 1, 10_000, "agent_settled");
    expect(eventsSince(start).find((e) => e.type === "tool_execution_end")).toMatchObject({
      isError: false,
      result: { text: expect.stringContaining("harness-confirm") },
    });
  });

  it("bash command returns its output", async () => {
    expect(await connection.rpc.bash("echo one; echo two")).toMatchObject({
      output: "one\ntwo\n",
      exitCode: 0,
      cancelled: false,
    });
  });

  it("todos: set_todos round-trips and get_state reports them", async () => {
    const result = await connection.rpc.setTodos([
      { name: "Plan", tasks: [{ content: "Write the bridge", status: "in_progress" }, { content: "Test it" }] },
    ]);
    expect(result.todoPhases[0]?.tasks.map((t) => [t.content, t.status])).toEqual([
      ["Write the bridge", "in_progress"],
      ["Test it", "pending"],
    ]);
    expect((await connection.rpc.getState()).todoPhases?.[0]?.name).toBe("Plan");
  });

  it("host tools: the model's call is served by the registered handler", async () => {
    const start = notices.length;
    await connection.registerHostTools(
      [
        {
          name: "echo_host",
          description: "Echo a message",
          parameters: { type: "object", properties: { message: { type: "string" } } },
        },
      ],
      async (_name, args, ctx) => {
        ctx.update({ content: [{ type: "text", text: "working" }] });
        return { content: [{ type: "text", text: `echo:${String(args["message"])}` }] };
      },
    );
    await connection.rpc.prompt("HOST-TEST");
    await waitFor(() => settledSince(start) === 1, 10_000, "agent_settled");
    expect(eventsSince(start).find((e) => e.type === "tool_execution_end")).toMatchObject({
      toolName: "echo_host",
      isError: false,
      result: { text: "echo:hi" },
    });
    // The handler's progress reached the model's tool as a tool_execution_update.
    expect(eventsSince(start).find((e) => e.type === "tool_execution_update")).toMatchObject({
      partialResult: { text: "working" },
    });
  });

  it("session commands: name, stats, fork messages, entries, new session", async () => {
    await connection.rpc.setSessionName("  bridge test  ");
    expect((await connection.rpc.getState()).sessionName).toBe("bridge test");
    const stats = await connection.rpc.getSessionStats();
    expect(stats.userMessages).toBeGreaterThanOrEqual(4);
    expect((await connection.rpc.getForkMessages()).messages.map((m) => m.text)).toContain("HELLO please");
    expect((await connection.rpc.getEntries()).entries.length).toBeGreaterThan(0);
    expect(await connection.rpc.newSession()).toEqual({ cancelled: false });
    expect((await connection.rpc.getMessages()).messages).toEqual([]);
  });
});

describe.skipIf(!built)("bridge × agent-rpc crash recovery", () => {
  it("a killed worker is restarted on the same session file and rehydrated; nothing is replayed", async () => {
    const box = await createPiSandbox([{ kind: "text", matchLastUser: "REMEMBER", chunks: ["Noted."], delayMs: 5 }]);
    const seen: BridgeNotice[] = [];
    const agentHome = box.env["PI_CODING_AGENT_DIR"] as string;
    const conn = createWorkerConnection({
      command: [
        process.execPath,
        AGENT_BIN,
        "--mode",
        "rpc",
        "--session-dir",
        join(box.root, "sessions"),
        "--provider",
        "fake",
        "--model",
        "fake-model",
      ],
      cwd: box.cwd,
      env: { ...box.env, AGENT_TUI_HOME: agentHome },
      restart: { maxRestarts: 2, windowMs: 60_000, backoffMs: [10] },
      sessionArgsForRestart: (file) => (file ? ["--session", file] : []),
      batchIntervalMs: 0,
      shutdownTimeoutsMs: { closeWaitMs: 2000, termWaitMs: 1000 },
    });
    conn.subscribe((batch) => seen.push(...batch));
    try {
      await conn.start();
      await conn.rpc.prompt("REMEMBER the number 42");
      await waitFor(
        () => seen.some((n) => n.kind === "event" && n.event.type === "agent_settled"),
        8000,
        "agent_settled",
      );
      const before = await conn.rpc.getState();
      expect(before.sessionFile).toBeDefined();
      const pid = conn.getSnapshot().pid;
      expect(pid).toBeDefined();
      process.kill(pid as number, "SIGKILL");
      await waitFor(() => seen.some((n) => n.kind === "rehydrated"), 15_000, "rehydrated");
      const rehydrated = seen.find((n) => n.kind === "rehydrated");
      if (rehydrated?.kind !== "rehydrated") throw new Error("no rehydrate notice");
      expect(rehydrated.state.sessionFile).toBe(before.sessionFile);
      expect(rehydrated.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
      expect(seen.filter((n) => n.kind === "supervisor").map((n) => n.kind === "supervisor" && n.state)).toEqual([
        "starting",
        "running",
        "exited",
        "recovering",
        "running",
      ]);
      expect(seen.find((n) => n.kind === "supervisor" && n.state === "exited")).toMatchObject({
        info: { signal: "SIGKILL", intentional: false },
      });
      expect(conn.getSnapshot()).toMatchObject({ generation: 2, supervisor: "running" });
      // Nothing was replayed: the fake LLM saw exactly one request.
      expect(box.llm.requests).toHaveLength(1);
    } finally {
      await conn.stop();
      await box.dispose();
    }
  }, 30_000);
});
