// The connection against the scriptable fake worker: normal runs, crashes on cue (mid-stream,
// mid-tool, dialog open, before answering), garbage, floods, a worker that stops reading,
// dialogs, host tools, capabilities, restart with rehydration and the restart budget.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BridgeError } from "../../src/bridge/errors.js";
import { harness, waitFor, type Harness } from "./helpers.js";

let current: Harness | undefined;
const open = (options: Parameters<typeof harness>[0] = {}): Harness => {
  current = harness(options);
  return current;
};
afterEach(async () => {
  await current?.connection.stop();
  current = undefined;
});

describe("connection against the fake worker", () => {
  it("starts (ready frame), detects our flavour, streams a run and settles via agent_settled", async () => {
    const h = open({ fakeEnv: { FAKE_READY: "1" } });
    await h.connection.start();
    const snap = h.connection.getSnapshot();
    expect(snap.supervisor).toBe("running");
    expect(snap.capabilities).toMatchObject({ flavour: "ours", version: "fake-1.0", synthesisedSettled: false });
    await h.connection.rpc.prompt("text");
    await waitFor(() => h.of("run_state").some((n) => n.state === "settled"), 3000, "settled");
    expect(h.connection.getSnapshot().runState).toBe("settled");
    expect(h.events()).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_update",
      "message_update",
      "message_update",
      "message_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    expect(h.of("run_state").map((n) => n.state)).toEqual(["streaming", "settling", "settled"]);
  });

  it("pi flavour: no ready frame, id-less unknown commands, synthesised settledness, branch-free fallbacks", async () => {
    const h = open({ fakeEnv: { FAKE_FLAVOUR: "pi" } });
    await h.connection.start();
    const caps = h.connection.getSnapshot().capabilities;
    expect(caps.flavour).toBe("pi-0.73");
    expect(caps.commands["get_entries"]).toBe(false);
    expect(caps.commands["set_host_tools"]).toBe(false);
    expect(caps.synthesisedSettled).toBe(true);
    await expect(h.connection.rpc.getTree()).rejects.toMatchObject({ kind: "unsupported" });
    // Generic send of an unknown command: the id-less error is matched by type (docs/protocol.md §2.5).
    await expect(h.connection.rpc.send("frobnicate")).rejects.toThrow("Unknown command: frobnicate");
    await h.connection.rpc.prompt("text");
    await waitFor(() => h.connection.getSnapshot().runState === "settled", 3000, "synthesised settled");
    expect(h.events("agent_settled")).toEqual([]);
    const commands = await h.connection.rpc.getCommands();
    expect(commands.commands[0]).toMatchObject({ path: "/x/demo.ts", location: "user" });
  });

  it("crash mid-stream: pending requests rejected with exit info, in-flight marked indeterminate, run idle", async () => {
    const h = open({ fakeEnv: { FAKE_STDERR: "boom OPENAI_API_KEY=sk-abcdefghijklmnopqrstuv" } });
    await h.connection.start();
    const never = h.connection.rpc.send("never_answer");
    await h.connection.rpc.prompt("crash-midstream");
    const error = (await never.catch((e: unknown) => e)) as BridgeError;
    expect(error).toBeInstanceOf(BridgeError);
    expect(error.kind).toBe("worker_exit");
    expect(error.message).toContain("code 3");
    expect(error.message).not.toContain("sk-abcdefghijkl");
    await waitFor(() => h.of("supervisor").some((n) => n.state === "failed"), 3000, "failed");
    const exited = h.of("supervisor").find((n) => n.state === "exited");
    expect(exited?.info).toMatchObject({ code: 3, intentional: false, lastFrame: { type: "message_update" } });
    expect(exited?.info?.stderrTail).toContain("[REDACTED]");
    expect(h.of("indeterminate").map((n) => n.what)).toEqual([expect.stringContaining("never_answer")]);
    expect(h.connection.getSnapshot().runState).toBe("idle");
    await expect(h.connection.rpc.getState()).rejects.toMatchObject({ kind: "not_running" });
  });

  it("oh-my-pi flavour: queue_update is synthesised from steer responses and delivered user messages", async () => {
    const h = open({ fakeEnv: { FAKE_FLAVOUR: "omp" } });
    await h.connection.start();
    expect(h.connection.getSnapshot().capabilities).toMatchObject({ flavour: "omp", useBranchAliases: true });
    await h.connection.rpc.steer("first");
    await h.connection.rpc.steer("second");
    await h.connection.rpc.prompt("deliver-queue");
    await waitFor(() => h.events("agent_end").length === 1);
    const updates = h.notices.flatMap((n) =>
      n.kind === "event" && n.event.type === "queue_update" ? [n.event.steering.join(",")] : [],
    );
    expect(updates).toEqual(["first", "first,second", "second", ""]);
  });

  it("queued messages and the prompt in flight are reported with their text when the worker dies", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.steer("please resend me");
    await expect(h.connection.rpc.prompt("crash-before-answer")).rejects.toMatchObject({ kind: "worker_exit" });
    await waitFor(() => h.of("indeterminate").length === 1 && h.of("queue_lost").length === 1);
    expect(h.of("indeterminate").map((n) => n.text)).toEqual(["crash-before-answer"]);
    // The queued message never reached a run: said as lost, with its lane and text.
    expect(h.of("queue_lost")).toEqual([{ kind: "queue_lost", lane: "steering", text: "please resend me" }]);
  });

  it("fallbacks: abort_and_prompt becomes abort + prompt on pi; fork uses branch on oh-my-pi", async () => {
    const pi = open({ fakeEnv: { FAKE_FLAVOUR: "pi" } });
    await pi.connection.start();
    await pi.connection.rpc.abortAndPrompt("text");
    await waitFor(() => pi.events("agent_end").length === 1);
    // pi only enqueues a steer while idle (docs/protocol.md §6.6): the user is told it waits for the next prompt.
    await waitFor(() => pi.of("run_state").some((n) => n.state === "settled"), 2000, "settled");
    await pi.connection.rpc.steer("while idle");
    await waitFor(() => pi.of("notification").some((n) => n.message.includes("next prompt")), 2000, "stranded note");
    await pi.connection.stop();
    const omp = open({ fakeEnv: { FAKE_FLAVOUR: "omp" } });
    await omp.connection.start();
    // The fake knows neither name; the error text shows which one the bridge sent.
    await expect(omp.connection.rpc.fork("e1")).rejects.toThrow("Unknown command: branch");
    await expect(omp.connection.rpc.getForkMessages()).rejects.toThrow("Unknown command: get_branch_messages");
  });

  it("start() fails clearly when a required command is missing (docs/protocol.md §3.12)", async () => {
    const h = open({ fakeEnv: { FAKE_FLAVOUR: "pi" }, requiredCommands: ["get_state", "get_tree"] });
    await expect(h.connection.start()).rejects.toThrow("lacks required commands: get_tree");
    await waitFor(() => h.connection.getSnapshot().supervisor === "failed", 3000, "failed");
  });

  it("start() fails with a timeout when the worker never answers, and the worker is killed", async () => {
    const h = open({ command: [process.execPath, "-e", "setInterval(() => {}, 1000)"], startupTimeoutMs: 300 });
    await expect(h.connection.start()).rejects.toThrow(/not ready within 300 ms/);
    await waitFor(() => h.connection.getSnapshot().supervisor === "failed", 3000, "failed");
    expect(h.connection.getSnapshot().lastExit).toMatchObject({
      signal: "SIGKILL",
      reason: expect.stringContaining("not ready"),
    });
  });

  it("a worker that closes stdout but keeps running is degraded and terminated", async () => {
    const script = [
      "process.stdin.on('data', (d) => { const c = JSON.parse(String(d).split('\\n')[0]);",
      "process.stdout.write(JSON.stringify({id:c.id,type:'response',command:c.type,success:true,data:{pendingMessageCount:0,isStreaming:false,isCompacting:false}})+'\\n');",
      "if (c.type === 'get_state') setTimeout(() => process.stdout.end(), 50); });",
      "setInterval(() => {}, 1000);",
    ].join("");
    const h = open({
      command: [process.execPath, "-e", script],
      probeCapabilities: false,
      shutdownTimeoutsMs: { closeWaitMs: 100, termWaitMs: 100 },
    });
    await h.connection.start();
    await waitFor(() => h.of("supervisor").some((n) => n.state === "failed"), 5000, "failed");
    expect(h.of("supervisor").map((n) => n.state)).toEqual(["starting", "running", "degraded", "exited", "failed"]);
    expect(h.of("supervisor").find((n) => n.state === "exited")?.info?.reason).toBe(
      "Worker closed stdout but kept running",
    );
  });

  it("crash mid-tool: the started tool is indeterminate", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.prompt("crash-midtool");
    await waitFor(() => h.of("indeterminate").length > 0, 3000, "indeterminate");
    expect(h.of("indeterminate")[0]?.what).toContain("tool write (call-1)");
  });

  it("crash with a dialog open: the dialog is closed and a late answer is dropped", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.prompt("crash-dialog");
    await waitFor(() => h.of("ui_request_closed").length > 0, 3000, "dialog closed");
    expect(h.of("ui_request")[0]?.request).toMatchObject({ id: "dlg-crash", method: "confirm" });
    expect(h.of("ui_request_closed")).toEqual([{ kind: "ui_request_closed", id: "dlg-crash", reason: "worker_exit" }]);
    h.connection.respondToUi("dlg-crash", { confirmed: true }); // must not throw nor send
    expect(h.connection.getSnapshot().openDialogs).toBe(0);
  });

  it("crash before answering: the prompt itself is rejected and indeterminate", async () => {
    const h = open();
    await h.connection.start();
    await expect(h.connection.rpc.prompt("crash-before-answer")).rejects.toMatchObject({ kind: "worker_exit" });
    await waitFor(() => h.of("indeterminate").length > 0);
    expect(h.of("indeterminate")[0]?.what).toContain("prompt");
  });

  it("garbage lines become protocol errors, the run goes on, unknown events pass as unknown", async () => {
    const h = open({ degradedThreshold: 10 });
    await h.connection.start();
    await h.connection.rpc.prompt("garbage");
    await waitFor(() => h.events("agent_settled").length === 1);
    expect(h.of("protocol_error").map((n) => n.excerpt)).toEqual(["this is not json", "[1,2,3]", '{"no":"type"}']);
    expect(h.of("unknown_event").map((n) => n.type)).toEqual(["brand_new_event"]);
    expect(h.connection.getSnapshot().supervisor).toBe("running");
  });

  it("three protocol errors within a minute make the worker degraded and it is terminated", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.prompt("garbage");
    await waitFor(() => h.of("supervisor").some((n) => n.state === "failed"), 5000, "failed after degraded");
    expect(h.of("supervisor").map((n) => n.state)).toEqual(["starting", "running", "degraded", "exited", "failed"]);
    expect(h.of("supervisor").find((n) => n.state === "exited")?.info?.reason).toMatch(/Degraded: 3 protocol errors/);
  });

  it("a flood of events is delivered completely, in order, in batches", async () => {
    const h = open({ batchIntervalMs: 16 });
    await h.connection.start();
    let batches = 0;
    h.connection.subscribe(() => {
      batches += 1;
    });
    await h.connection.rpc.prompt("flood:20000");
    await waitFor(() => h.events("agent_settled").length === 1, 10_000, "flood end");
    const deltas = h.notices.flatMap((n) =>
      n.kind === "event" && n.event.type === "message_update" && "delta" in n.event.delta ? [n.event.delta.delta] : [],
    );
    expect(deltas.length).toBe(20000);
    expect(deltas[0]).toBe("d0 ");
    expect(deltas[19999]).toBe("d19999 ");
    expect(batches).toBeLessThan(20000 / 10);
  });

  it("a worker that stops reading stdin: bounded queue overflows with a clear error", async () => {
    const h = open({ maxQueuedFrames: 5, maxQueuedBytes: 1024 * 1024 });
    await h.connection.start();
    await h.connection.rpc.prompt("stop-reading");
    const big = "x".repeat(64 * 1024);
    const outcomes: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      h.connection.rpc.send("echo", { big }).then(
        () => outcomes.push("ok"),
        (e: unknown) => outcomes.push((e as BridgeError).kind),
      );
    }
    await waitFor(() => outcomes.includes("queue_full"), 3000, "queue_full");
    const full = await h.connection.rpc.send("echo", { big }).catch((e: unknown) => e as BridgeError);
    expect(full).toMatchObject({ kind: "queue_full", message: expect.stringContaining("not reading its input") });
    // The reader side is unaffected: the snapshot is served and the worker is still running.
    expect(h.connection.getSnapshot().supervisor).toBe("running");
    await h.connection.stop();
    await waitFor(() => outcomes.length === 40, 3000, "all settled");
    expect(outcomes).not.toContain("ok");
    expect(outcomes).toContain("worker_exit");
    // The worker ignored stdin's end, so stop() escalated to SIGTERM (the fake exits 143).
    expect(h.connection.getSnapshot().lastExit).toMatchObject({ code: 143, intentional: true });
  }, 10_000);

  it("dialogs: answered round trip; timed-out dialog closed and late answer dropped; worker cancel closes", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.prompt("dialog:0");
    await waitFor(() => h.of("ui_request").length === 1);
    h.connection.respondToUi("dlg-1", { value: "B" });
    await waitFor(() => h.of("ui_request").length === 2);
    expect(h.of("ui_request")[1]?.request).toMatchObject({
      method: "notify",
      message: expect.stringContaining('"value":"B"'),
    });

    await h.connection.rpc.prompt("dialog:80");
    await waitFor(() => h.of("ui_request_closed").length === 1, 2000, "timeout close");
    expect(h.of("ui_request_closed")[0]).toMatchObject({ id: "dlg-1", reason: "timeout" });
    h.connection.respondToUi("dlg-1", { value: "late" });
    await waitFor(() => h.of("ui_request").length === 4);
    expect(h.of("ui_request")[3]?.request).toMatchObject({ message: expect.stringContaining("timedOut") });

    await h.connection.rpc.prompt("cancel-dialog");
    await waitFor(() => h.of("ui_request_closed").length === 2);
    expect(h.of("ui_request_closed")[1]).toMatchObject({ id: "dlg-2", reason: "cancelled" });
  });

  it("host tools: registered, served with progress and result; cancel aborts the executor", async () => {
    const h = open();
    await h.connection.start();
    let aborted = false;
    await h.connection.registerHostTools(
      [{ name: "echo_host", description: "echo", parameters: { type: "object" } }],
      async (name, args, ctx) => {
        if (args["message"] === "slow") {
          await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
          aborted = true;
          return { content: [{ type: "text", text: "too late" }] };
        }
        ctx.update({ content: [{ type: "text", text: "working" }] });
        return { content: [{ type: "text", text: `${name}:${String(args["message"])}` }] };
      },
    );
    await h.connection.rpc.prompt("host-tool");
    await waitFor(() => h.events("tool_execution_end").length === 1);
    expect(h.events("tool_execution_update")).toHaveLength(1);
    const end = h.notices.find((n) => n.kind === "event" && n.event.type === "tool_execution_end");
    expect(end).toMatchObject({ event: { result: { text: "echo_host:hi" }, isError: false } });
    await h.connection.rpc.prompt("host-tool-cancel");
    await waitFor(() => aborted, 2000, "executor aborted");
  });

  it("per-command timeouts reject only the slow command; the worker stays usable", async () => {
    const h = open({ requestTimeoutsMs: { never_answer: 100 } });
    await h.connection.start();
    const error = await h.connection.rpc.send("never_answer").catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", command: "never_answer" });
    expect(h.connection.getSnapshot()).toMatchObject({ pendingRequests: 0, supervisor: "running" });
    expect((await h.connection.rpc.getState()).sessionId).toBe("fake-session");
  });

  it("late prompt failure (second response with the same id) is surfaced", async () => {
    const h = open();
    await h.connection.start();
    await h.connection.rpc.prompt("late-fail");
    await waitFor(() => h.of("late_prompt_failure").length === 1);
    expect(h.of("late_prompt_failure")[0]).toMatchObject({ error: "Asynchronous prompt start failed" });
  });

  it("restarts after a crash, reopens the session, rehydrates and never replays the prompt", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bridge-restart-"));
    try {
      const starts = join(dir, "starts.txt");
      const h = open({
        restart: { maxRestarts: 3, windowMs: 60_000, backoffMs: [10] },
        sessionArgsForRestart: (file) => (file ? ["--session", file] : []),
        fakeEnv: { FAKE_STARTS_FILE: starts, FAKE_SESSION_FILE: "/tmp/s.jsonl" },
      });
      await h.connection.start();
      await h.connection.rpc.prompt("crash-midstream");
      await waitFor(() => h.of("rehydrated").length === 1, 5000, "rehydrated");
      expect(h.of("supervisor").map((n) => n.state)).toEqual([
        "starting",
        "running",
        "exited",
        "recovering",
        "running",
      ]);
      expect(h.connection.getSnapshot().generation).toBe(2);
      const lines = readFileSync(starts, "utf8").trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain("--session /tmp/s.jsonl");
      expect(h.of("rehydrated")[0]).toMatchObject({
        state: { sessionFile: "/tmp/s.jsonl" },
        messages: [],
        entries: [],
      });
      // Nothing was replayed: the new worker saw no prompt, so it has no messages.
      const state = await h.connection.rpc.getMessages();
      expect(state.messages).toEqual([]);
      await h.connection.rpc.prompt("text");
      await waitFor(() => h.events("agent_settled").length === 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a restarted worker that did not reopen the session from its args is switched back to it", async () => {
    const h = open({
      restart: { maxRestarts: 3, windowMs: 60_000, backoffMs: [10] },
      // Args a worker ignores (or none at all): the session must still come back.
      sessionArgsForRestart: () => [],
      fakeEnv: { FAKE_SESSION_FILE: "/tmp/s.jsonl" },
    });
    await h.connection.start();
    await h.connection.rpc.switchSession("/tmp/other.jsonl");
    await h.connection.rpc.prompt("crash-midstream");
    await waitFor(() => h.of("rehydrated").length === 1, 5000, "rehydrated");
    expect(h.of("rehydrated")[0]).toMatchObject({ state: { sessionFile: "/tmp/other.jsonl" } });
  });

  it("delivers the events sent before an answer before the request resolves", async () => {
    const h = open();
    await h.connection.start();
    let seenAtAnswer: string[] = [];
    await h.connection.rpc.compact().catch(() => {
      seenAtAnswer = h.of("event").map((n) => n.event.type);
    });
    expect(seenAtAnswer).toContain("compaction_start");
  });

  it("gives up after the restart budget and reports failed with the exit info", async () => {
    // The worker dies on get_messages: the first one after a clean start (asked here), then
    // during each restart's rehydration, which asks for the messages.
    const h = open({
      restart: { maxRestarts: 2, windowMs: 60_000, backoffMs: [5, 5] },
      fakeEnv: { FAKE_CRASH_ON: "get_messages" },
    });
    await h.connection.start();
    await expect(h.connection.rpc.getMessages()).rejects.toThrow();
    await waitFor(() => h.of("supervisor").some((n) => n.state === "failed"), 8000, "failed");
    const states = h.of("supervisor").map((n) => n.state);
    expect(states.filter((s) => s === "recovering")).toHaveLength(2);
    expect(h.of("supervisor").at(-1)?.info).toMatchObject({ code: 9 });
    expect(h.connection.getSnapshot().restartsInWindow).toBe(2);
  });

  it("fails start() with the stderr tail when the worker cannot start", async () => {
    const h = open({
      command: [
        process.execPath,
        "-e",
        "process.stderr.write('fatal: no config token=abcdef123456\\n'); process.exit(2)",
      ],
    });
    const error = (await h.connection.start().catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/code 2/);
    expect(error.message).toContain("fatal: no config");
    expect(error.message).not.toContain("abcdef123456");
    expect(h.connection.getSnapshot().supervisor).toBe("failed");
  });

  it("stop() closes stdin and the worker exits 0; stop is intentional (no restart)", async () => {
    const h = open({ restart: { maxRestarts: 3, windowMs: 60_000, backoffMs: [5] } });
    await h.connection.start();
    await h.connection.stop();
    expect(h.connection.getSnapshot()).toMatchObject({
      supervisor: "stopped",
      lastExit: { code: 0, intentional: true },
    });
  });
});
