// The bridge driving the REAL pi 0.73.1 (`--mode rpc`) against the scripted fake LLM:
// prompt/stream, steer + follow-up, abort, a dialog round trip, bash, session commands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkerConnection } from "../../src/bridge/connection.js";
import type { WorkerConnection } from "../../src/bridge/types.js";
import { waitFor } from "./helpers.js";
import { createNoticeLog, createPiSandbox, PI_CLI, PI_UI_EXTENSION, type PiSandbox } from "./pi-setup.js";

let sandbox: PiSandbox;
let connection: WorkerConnection;
const { notices, eventsSince, userTexts } = createNoticeLog();

const settledCount = (): number => notices.filter((n) => n.kind === "run_state" && n.state === "settled").length;
async function untilSettled(before: number, timeoutMs = 8000): Promise<void> {
  await waitFor(() => settledCount() > before, timeoutMs, "run settled");
}

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
  ]);
  connection = createWorkerConnection({
    command: [process.execPath, PI_CLI, "--mode", "rpc", "--no-session", "-e", PI_UI_EXTENSION],
    cwd: sandbox.cwd,
    env: sandbox.env,
    restart: false,
    batchIntervalMs: 0,
    settleQuietMs: 150,
    shutdownTimeoutsMs: { closeWaitMs: 2000, termWaitMs: 1000 },
  });
  connection.subscribe((batch) => notices.push(...batch));
  await connection.start();
}, 30_000);

afterAll(async () => {
  await connection?.stop();
  await sandbox?.dispose();
});

describe("bridge × real pi 0.73.1", () => {
  it("detects pi 0.73 and its missing commands", () => {
    const caps = connection.getSnapshot().capabilities;
    expect(caps.flavour).toBe("pi-0.73");
    expect(caps.synthesisedSettled).toBe(true);
    for (const c of [
      "get_entries",
      "get_tree",
      "get_available_thinking_levels",
      "set_todos",
      "set_host_tools",
      "clear_queue",
      "abort_and_prompt",
      "continue",
    ]) {
      expect(caps.commands[c]).toBe(false);
    }
    expect(caps.commands["get_commands"]).toBe(true);
    expect(caps.commands["get_fork_messages"]).toBe(true);
  });

  it("prompt streams deltas and settles (synthesised: pi sends no agent_settled)", async () => {
    const start = notices.length;
    const before = settledCount();
    await connection.rpc.prompt("HELLO please");
    await untilSettled(before);
    const deltas = eventsSince(start).flatMap((e) =>
      e.type === "message_update" && e.delta.kind === "text_delta" ? [e.delta.delta] : [],
    );
    expect(deltas.join("")).toBe("Hello there.");
    expect(eventsSince(start).some((e) => e.type === "agent_settled")).toBe(false);
    expect((await connection.rpc.getLastAssistantText()).text).toBe("Hello there.");
  });

  it("steer and follow-up during a tool run are delivered in order", async () => {
    const start = notices.length;
    const before = settledCount();
    await connection.rpc.prompt("STEER-TEST");
    await waitFor(() => eventsSince(start).some((e) => e.type === "tool_execution_start"), 5000, "tool start");
    await connection.rpc.steer("steer now");
    await connection.rpc.followUp("follow later");
    await untilSettled(before, 10_000);
    expect(userTexts(start)).toEqual(["STEER-TEST", "steer now", "follow later"]);
    const queues = eventsSince(start).filter((e) => e.type === "queue_update");
    expect(queues.length).toBeGreaterThanOrEqual(2);
    expect((await connection.rpc.getState()).pendingMessageCount).toBe(0);
  });

  it("abort stops a streaming answer; the aborted message keeps its partial text", async () => {
    const start = notices.length;
    const before = settledCount();
    await connection.rpc.prompt("ABORT-TEST");
    await waitFor(() => eventsSince(start).some((e) => e.type === "message_update"), 5000, "first delta");
    await connection.rpc.abort();
    await untilSettled(before);
    const end = eventsSince(start).find((e) => e.type === "message_end" && e.message.role === "assistant");
    expect(end).toMatchObject({ message: { stopReason: "aborted" } });
  });

  it("a dialog from an extension hook round-trips through respondToUi", async () => {
    const start = notices.length;
    const before = settledCount();
    await connection.rpc.prompt("DIALOG-TEST");
    await waitFor(
      () => notices.slice(start).some((n) => n.kind === "ui_request" && n.request.method === "confirm"),
      8000,
      "confirm dialog",
    );
    const dialog = notices.slice(start).find((n) => n.kind === "ui_request" && n.request.method === "confirm");
    if (dialog?.kind !== "ui_request") throw new Error("no dialog");
    expect(connection.getSnapshot().openDialogs).toBe(1);
    connection.respondToUi(dialog.request.id, { confirmed: true });
    await untilSettled(before, 10_000);
    const toolEnd = eventsSince(start).find((e) => e.type === "tool_execution_end");
    expect(toolEnd).toMatchObject({ isError: false, result: { text: expect.stringContaining("harness-confirm") } });
    expect(connection.getSnapshot().openDialogs).toBe(0);
  });

  it("bash command returns its output", async () => {
    const result = await connection.rpc.bash("echo one; echo two");
    expect(result).toMatchObject({ output: "one\ntwo\n", exitCode: 0, cancelled: false });
  });

  it("session commands: name, stats, fork messages, new session", async () => {
    await connection.rpc.setSessionName("  bridge test  ");
    await waitFor(
      () => notices.some((n) => n.kind === "event" && n.event.type === "session_info_changed"),
      3000,
      "session_info_changed",
    );
    const stats = await connection.rpc.getSessionStats();
    expect(stats.userMessages).toBeGreaterThanOrEqual(4);
    const forks = await connection.rpc.getForkMessages();
    expect(forks.messages.map((m) => m.text)).toContain("HELLO please");
    const commands = await connection.rpc.getCommands();
    expect(commands.commands.map((c) => c.name)).toContain("ui-demo");
    expect(await connection.rpc.newSession()).toEqual({ cancelled: false });
    expect((await connection.rpc.getMessages()).messages).toEqual([]);
    await expect(connection.rpc.setModel("fake", "no-such-model")).rejects.toThrow(
      "Model not found: fake/no-such-model",
    );
  });
});
