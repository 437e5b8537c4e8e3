// The whole connection against recorded oh-my-pi 18.2.3 behaviour (replay-worker.mjs plays a
// trace back under live ids): flavour from its raw get_state keys, synthesised settledness,
// id-less unknown-command answers, and the normalised events a run produces.
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BridgeError } from "../../src/bridge/errors.js";
import { harness, waitFor, type Harness } from "./helpers.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "omp-18.2.3");
const REPLAY_WORKER = resolve(TRACE_DIR, "replay-worker.mjs");

let current: Harness | undefined;
afterEach(async () => {
  await current?.connection.stop();
  current = undefined;
});

function ompHarness(trace: string, probeCapabilities = true): Harness {
  current = harness({
    command: [process.execPath, REPLAY_WORKER, resolve(TRACE_DIR, trace)],
    probeCapabilities,
    settleQuietMs: 50,
  });
  return current;
}

describe("connection against omp 18.2.3 playback", () => {
  it("classifies by the raw get_state keys (xcsh family), not by the decoded ones", async () => {
    const h = ompHarness("a_text.jsonl");
    await h.connection.start();
    const caps = h.connection.getSnapshot().capabilities;
    // Decoded get_state also has pendingMessageCount (filled from queuedMessageCount): it used to read as "ours".
    expect(caps.flavour).toBe("xcsh");
    expect(caps.synthesisedSettled).toBe(true);
    expect(caps.useBranchAliases).toBe(true);
    // Probes answered `Unknown command:` without an id are matched by command type (docs/protocol.md §2.5).
    expect(caps.commands["get_commands"]).toBe(false);
    expect(caps.commands["get_entries"]).toBe(false);
    expect(h.connection.getSnapshot().pendingRequests).toBe(0);
  });

  it("a_text: a prompt settles without agent_settled (synthesised from the quiet get_state probe)", async () => {
    const h = ompHarness("a_text.jsonl", false);
    await h.connection.start();
    await h.connection.rpc.prompt("Say hello in a few words");
    await waitFor(() => h.connection.getSnapshot().runState === "settled", 5000, "settled");
    expect(h.of("run_state").map((n) => n.state)).toEqual(["streaming", "settling", "settled"]);
    const end = h
      .of("event")
      .map((n) => n.event)
      .find((e) => e.type === "message_end" && e.message.role === "assistant");
    if (end?.type !== "message_end" || end.message.role !== "assistant") throw new Error("no assistant message_end");
    expect(end.message.blocks).toEqual([{ type: "text", text: "Hello there, friend!" }]);
    expect(h.of("protocol_error")).toEqual([]);
  });

  it("g_session: the todo run and its reminder continuation are one busy stretch; todos get ids", async () => {
    const h = ompHarness("g_session.jsonl", false);
    await h.connection.start();
    await h.connection.rpc.prompt("Plan the work");
    await waitFor(() => h.connection.getSnapshot().runState === "settled", 5000, "settled");
    expect(h.of("run_state").map((n) => n.state)).toEqual(["streaming", "settling", "settled"]);
    const reminder = h
      .of("event")
      .map((n) => n.event)
      .find((e) => e.type === "todo_reminder");
    if (reminder?.type !== "todo_reminder") throw new Error("no todo_reminder");
    expect(reminder.todos.map((t) => t.id)).toEqual(["task-1", "task-2"]);
  });

  it("h_compaction: each `handoff` compaction end makes the bridge re-read get_state (docs/protocol.md §4.5)", async () => {
    current = harness({
      command: [process.execPath, REPLAY_WORKER, resolve(TRACE_DIR, "h_compaction.jsonl")],
      probeCapabilities: false,
      settleQuietMs: 50,
      continuationQuietMs: 80,
      forwardStderr: true,
    });
    const h = current;
    await h.connection.start();
    await h.connection.rpc.prompt("FIRST");
    await waitFor(() => h.connection.getSnapshot().runState === "settled", 5000, "settled");
    const sent = h.of("stderr").map((n) => n.line);
    const afterPrompt = sent.slice(sent.indexOf("command prompt"));
    // Two handoff compactions in this run (a skipped pre-prompt check, the real one) + the settle probe.
    expect(afterPrompt.filter((l) => l === "command get_state").length).toBe(3);
    // The run ends with agent_end {isTerminal:false}: busy (no "settling") until the probe says idle.
    expect(h.of("run_state").map((n) => n.state)).toEqual([
      "compacting",
      "idle",
      "streaming",
      "compacting",
      "streaming",
      "settled",
    ]);
  });

  it("an unknown command is rejected as unsupported although omp's answer has no id", async () => {
    const h = ompHarness("f_protocol_edges.jsonl", false);
    await h.connection.start();
    const error = await h.connection.rpc.send("no_such_command").then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(BridgeError);
    expect((error as BridgeError).kind).toBe("unsupported");
    expect(h.connection.getSnapshot().capabilities.commands["no_such_command"]).toBe(false);
  });
});
