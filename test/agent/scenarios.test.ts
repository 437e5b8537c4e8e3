// Scenario tests mirroring pi 0.73.1's traces (a, b, c, d, e, f, i, j): the same command
// sequence against the built agent-rpc and the scripted fake LLM, then the sequence of
// responses and event types (with message roles) compared with pi's, except the documented
// differences (docs/protocol-notes.md).

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { startAgentProcess, type AgentProcess, type Frame } from "./helpers/agent-process.js";
import { loadTrace, slice, tokens } from "./helpers/trace-compare.js";

let agent: AgentProcess | undefined;
afterEach(async () => {
  await agent?.stop();
  agent = undefined;
});

const text = (chunks: string[], extra: Partial<FakeStep> = {}): FakeStep => ({ kind: "text", chunks, ...extra });
const ack =
  (delayMs = 5) =>
  (lastUser: string, n: number): FakeStep =>
    text([`ack ${n}`, ` (${lastUser.slice(0, 60)})`], { delayMs });
const isType = (type: string) => (f: Frame) => f.type === type;
/** A bash command that runs until the test creates `file` in the worker's cwd (no fixed sleep to race). */
const untilReleased = (file: string): string => `until [ -e ${file} ]; do sleep 0.02; done`;

async function start(script: FakeStep[], extra: Parameters<typeof startAgentProcess>[0] = {}): Promise<AgentProcess> {
  agent = await startAgentProcess({ script, fallback: ack(), ...extra });
  await agent.request({ id: "ready", type: "get_state" });
  return agent;
}

async function promptAndWaitSettled(
  a: AgentProcess,
  id: string,
  message: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const from = a.mark();
  const res = await a.request({ id, type: "prompt", message, ...extra });
  expect(res["success"], JSON.stringify(res)).toBe(true);
  await a.waitFor(isType("agent_settled"), { from, timeoutMs: 15_000 });
  return from;
}

describe("scenarios vs pi 0.73.1 traces", () => {
  it("a_text: plain text answer", async () => {
    const a = await start([text(["Hello", ", this", " is a", " streamed", " answer."], { delayMs: 5 })]);
    await promptAndWaitSettled(a, "a-1", "Say hello in a few words");
    await a.request({ id: "a-2", type: "get_state" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("a_text")));
    const deltas = a.frames.filter(
      (f) => f.type === "message_update" && (f["assistantMessageEvent"] as { type: string }).type === "text_delta",
    );
    // Deltas that arrive within one hold of streaming updates share a frame (rpc/delta-merge.ts).
    expect(deltas.length).toBeGreaterThan(0);
    expect(deltas.map((f) => (f["assistantMessageEvent"] as { delta: string }).delta).join("")).toBe(
      "Hello, this is a streamed answer.",
    );
    a.closeStdin();
    expect(await a.waitExit()).toBe(0);
  });

  it("b_thinking: thinking then text, both reasoning fields", async () => {
    const a = await start([
      {
        kind: "thinking",
        matchLastUser: "B1",
        thinking: ["The user wants", " a number.", " I will say 42."],
        chunks: ["The answer", " is 42."],
        delayMs: 5,
      },
      {
        kind: "thinking",
        matchLastUser: "B2",
        reasoningField: "reasoning",
        thinking: ["Second thought", " via the reasoning field."],
        chunks: ["Still 42."],
        delayMs: 5,
      },
    ]);
    await promptAndWaitSettled(a, "b-1", "B1: what is the answer?");
    await promptAndWaitSettled(a, "b-2", "B2: and again, via the other field?");
    const messages = await a.request({ id: "b-3", type: "get_messages" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("b_thinking")));
    const assistant = (
      messages["data"] as { messages: { role: string; content: { type: string; thinking?: string }[] }[] }
    ).messages.filter((m) => m.role === "assistant");
    expect(assistant[0]?.content[0]).toMatchObject({
      type: "thinking",
      thinking: "The user wants a number. I will say 42.",
    });
    expect(assistant[1]?.content[0]).toMatchObject({
      type: "thinking",
      thinking: "Second thought via the reasoning field.",
    });
  });

  it("c_tool_bash: tool call with streamed arguments, then the answer", async () => {
    const a = await start([
      {
        kind: "tool_call",
        text: ["I'll run it."],
        calls: [
          { id: "call_bash_1", name: "bash", argChunks: ['{"command":', ' "echo hello; sleep 0.2;', ' echo world"}'] },
        ],
        delayMs: 5,
      },
      text(["The command printed", " hello and world."], { delayMs: 5 }),
    ]);
    await promptAndWaitSettled(a, "c-1", "Run echo hello; sleep 1; echo world");
    await a.request({ id: "c-2", type: "get_messages" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("c_tool_bash")));
    const callStart = a.frames.find(
      (f) => f.type === "message_update" && (f["assistantMessageEvent"] as { type: string }).type === "toolcall_start",
    );
    expect(callStart?.["assistantMessageEvent"]).toMatchObject({ id: "call_bash_1", toolName: "bash" });
    const end = a.frames.find(isType("tool_execution_end"));
    expect(JSON.stringify(end?.["result"])).toContain("hello\\nworld");
    expect(a.llm?.requests).toHaveLength(2);
  });

  it("d_steer_followup: queue modes while a tool runs and while text streams", async () => {
    const a = await start([
      {
        kind: "tool_call",
        matchLastUser: "PHASE1",
        calls: [
          {
            id: "call_slow_1",
            name: "bash",
            arguments: { command: `echo slow-start; ${untilReleased("phase1-release")}; echo slow-done` },
          },
        ],
      },
      {
        kind: "tool_call",
        matchLastUser: "PHASE2",
        calls: [
          {
            id: "call_slow_2",
            name: "bash",
            arguments: { command: `${untilReleased("phase2-release")}; echo phase2-done` },
          },
        ],
      },
      text(
        ["PHASE3 reply", " streaming", " slowly", " chunk 4", " chunk 5", " chunk 6", " chunk 7", " chunk 8", " done."],
        {
          matchLastUser: "PHASE3",
          delayMs: 100,
        },
      ),
    ]);
    // Phase 1: default one-at-a-time modes.
    let from = a.mark();
    await a.request({ id: "d-1", type: "prompt", message: "PHASE1: run the slow command" });
    await a.waitFor(isType("tool_execution_start"), { from });
    await a.request({ id: "d-steer-1", type: "steer", message: "steer-1 (steer command)" });
    await a.request({
      id: "d-steer-2",
      type: "prompt",
      message: "steer-2 (prompt streamingBehavior=steer)",
      streamingBehavior: "steer",
    });
    await a.request({ id: "d-fu-1", type: "follow_up", message: "followup-1 (follow_up command)" });
    await a.request({
      id: "d-fu-2",
      type: "prompt",
      message: "followup-2 (prompt streamingBehavior=followUp)",
      streamingBehavior: "followUp",
    });
    const rejected = await a.request({
      id: "d-nobehavior",
      type: "prompt",
      message: "prompt without streamingBehavior while streaming",
    });
    expect(rejected["error"]).toBe(
      "Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.",
    );
    const mid = await a.request({ id: "d-state-mid", type: "get_state" });
    expect(mid["data"]).toMatchObject({ isStreaming: true, pendingMessageCount: 4, queuedMessageCount: 4 });
    writeFileSync(join(a.dir, "work", "phase1-release"), "");
    await a.waitFor(isType("agent_settled"), { from });
    // Phase 2: "all" modes.
    await a.request({ id: "d-mode-steer", type: "set_steering_mode", mode: "all" });
    await a.request({ id: "d-mode-fu", type: "set_follow_up_mode", mode: "all" });
    from = a.mark();
    await a.request({ id: "d-2", type: "prompt", message: "PHASE2: run the other slow command" });
    await a.waitFor(isType("tool_execution_start"), { from });
    await a.request({ id: "d2-steer-a", type: "steer", message: "steer-A (mode all)" });
    await a.request({ id: "d2-steer-b", type: "steer", message: "steer-B (mode all)" });
    await a.request({ id: "d2-fu-a", type: "follow_up", message: "followup-A (mode all)" });
    await a.request({ id: "d2-fu-b", type: "follow_up", message: "followup-B (mode all)" });
    writeFileSync(join(a.dir, "work", "phase2-release"), "");
    await a.waitFor(isType("agent_settled"), { from });
    // Phase 3: steer while text streams.
    from = a.mark();
    await a.request({ id: "d-3", type: "prompt", message: "PHASE3: stream a long answer" });
    await a.waitFor(
      (f) => f.type === "message_update" && (f["assistantMessageEvent"] as { type: string }).type === "text_delta",
      { from },
    );
    await a.request({ id: "d3-steer", type: "steer", message: "steer-3 (sent while text streams)" });
    await a.waitFor(isType("agent_settled"), { from });
    const pi = loadTrace("d_steer_followup");
    expect(tokens(slice(a.frames, "d-1"))).toEqual(tokens(slice(pi, "d-1", "d4-steer").slice(0, -1)));
    // Phase 4 differs on purpose (docs/protocol.md §6.6): an idle steer starts a run instead of waiting.
    from = a.mark();
    await a.request({ id: "d4-steer", type: "steer", message: "steer-idle (sent while idle)" });
    await a.waitFor(isType("agent_settled"), { from });
    expect(tokens(a.frames.slice(from))).toEqual([
      "response:steer:true",
      "agent_start",
      "turn_start",
      "message_start:user",
      "message_end:user",
      "message_start:assistant",
      "message_end:assistant",
      "turn_end",
      "agent_end",
    ]);
  });

  it("e_abort: abort while streaming, while waiting for the first token, while a tool runs, and idle", async () => {
    const many = Array.from({ length: 40 }, (_, i) => ` chunk${i + 1}`);
    const a = await start([
      text(["E1 slow:", ...many], { matchLastUser: "E1", delayMs: 40 }),
      { kind: "hang", matchLastUser: "E2" },
      {
        kind: "tool_call",
        matchLastUser: "E3",
        calls: [
          { id: "call_long_1", name: "bash", arguments: { command: "echo started; sleep 30; echo never-printed" } },
        ],
      },
    ]);
    let from = a.mark();
    await a.request({ id: "e1", type: "prompt", message: "E1: stream slowly" });
    await a.waitFor(
      (f) =>
        f.type === "message_update" &&
        String((f["assistantMessageEvent"] as { delta?: string }).delta).includes("chunk3"),
      { from },
    );
    await a.request({ id: "e1-abort", type: "abort" });
    from = a.mark();
    await a.request({ id: "e2", type: "prompt", message: "E2: hang" });
    await a.llm!.waitForRequests(2, 5000);
    await a.request({ id: "e2-abort", type: "abort" });
    from = a.mark();
    await a.request({ id: "e3", type: "prompt", message: "E3: run a long command" });
    await a.waitFor(isType("tool_execution_update"), { from });
    await a.request({ id: "e3-abort", type: "abort" });
    await a.request({ id: "e4-abort-idle", type: "abort" });
    await promptAndWaitSettled(a, "e4", "E4: after aborts");
    await a.request({ id: "e-msgs", type: "get_messages" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("e_abort")));
    const aborted = a.frames.filter(
      (f) => f.type === "message_end" && (f["message"] as { stopReason?: string }).stopReason === "aborted",
    );
    expect(aborted).toHaveLength(3);
    // Every abort response comes after its run's agent_settled (docs/protocol.md §2.7).
    const settledBefore = (id: string) => a.frames.findIndex((f) => f["id"] === id) - 1;
    for (const id of ["e1-abort", "e2-abort", "e3-abort"])
      expect(a.frames[settledBefore(id)]?.type).toBe("agent_settled");
    expect(a.llm!.requests.length).toBe(4);
  });

  it("f_bash_command: bash, abort_bash, streaming updates, truncation, output sent with the next prompt", async () => {
    const a = await start([]);
    const one = await a.request({ id: "f-1", type: "bash", command: "echo one; sleep 0.2; echo two" });
    expect(one["data"]).toMatchObject({ output: "one\ntwo\n", exitCode: 0, cancelled: false, truncated: false });
    const updates = a.frames
      .filter((f) => f.type === "bash_execution_update" && f["id"] === "f-1")
      .map((f) => f["delta"])
      .join("");
    expect(updates).toBe("one\ntwo\n");
    const from = a.mark();
    a.send(JSON.stringify({ id: "f-2", type: "bash", command: "echo start; sleep 20; echo never" }) + "\n");
    await a.waitFor((f) => f.type === "bash_execution_update" && f["id"] === "f-2", { from });
    await a.request({ id: "f-3", type: "abort_bash" });
    const two = await a.waitFor((f) => f["id"] === "f-2" && f.type === "response", { from });
    expect(two["data"]).toMatchObject({ cancelled: true });
    expect(two["data"]).not.toHaveProperty("exitCode");
    await a.request({ id: "f-4", type: "abort_bash" });
    const five = await a.request({ id: "f-5", type: "bash", command: "echo to-stderr 1>&2; exit 3" });
    expect(five["data"]).toMatchObject({ output: "to-stderr\n", exitCode: 3 });
    const six = await a.request({ id: "f-6", type: "bash", command: "seq 1 30000" });
    expect(six["data"]).toMatchObject({ truncated: true });
    expect((six["data"] as { totalLines: number }).totalLines).toBeGreaterThanOrEqual(30000);
    expect(typeof (six["data"] as { fullOutputPath?: unknown }).fullOutputPath).toBe("string");
    await promptAndWaitSettled(a, "f-7", "F: what did the commands print?");
    await a.request({ id: "f-8", type: "get_messages" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("f_bash_command")));
    const body = a.llm!.requests[0]!.body as { messages: { role: string; content: unknown }[] };
    const users = body.messages.filter((m) => m.role === "user").map((m) => JSON.stringify(m.content));
    expect(users[0]).toContain("Ran `echo one; sleep 0.2; echo two`\\n```\\none\\ntwo\\n\\n```");
    expect(users[1]).toContain("(command cancelled)");
    expect(users[2]).toContain("Command exited with code 3");
    expect(users).toHaveLength(5);
  });

  it("i_auto_retry: retry success, exhaustion, abort_retry, non-retryable, disabled", async () => {
    const overloaded: FakeStep = {
      kind: "error",
      status: 529,
      body: { error: { message: "Overloaded", type: "overloaded_error" } },
    };
    const unavailable: FakeStep = { kind: "error", status: 503, body: { error: { message: "Service Unavailable" } } };
    const a = await start(
      [
        { ...overloaded, matchLastUser: "I1" },
        text(["Recovered."], { matchLastUser: "I1" }),
        { ...unavailable, matchLastUser: "I2" },
        { ...unavailable, matchLastUser: "I2" },
        { ...unavailable, matchLastUser: "I2" },
        { ...overloaded, matchLastUser: "I3" },
        { kind: "error", status: 400, body: { error: { message: "Bad request" } }, matchLastUser: "I4" },
        { ...overloaded, matchLastUser: "I5" },
      ],
      // The back-off must outlast the abort_retry round trip even on a loaded machine.
      { settings: { retry: { enabled: true, maxRetries: 2, baseDelayMs: 200 } } },
    );
    await promptAndWaitSettled(a, "i1", "I1: overloaded once");
    await promptAndWaitSettled(a, "i2", "I2: unavailable three times");
    let from = a.mark();
    await a.request({ id: "i3", type: "prompt", message: "I3: abort the retry" });
    await a.waitFor(isType("auto_retry_start"), { from });
    await a.request({ id: "i3-abort-retry", type: "abort_retry" });
    await promptAndWaitSettled(a, "i4", "I4: bad request");
    await a.request({ id: "i5-off", type: "set_auto_retry", enabled: false });
    from = await promptAndWaitSettled(a, "i5", "I5: no retry");
    await a.request({ id: "i-msgs", type: "get_messages" });
    expect(tokens(a.frames)).toEqual(tokens(loadTrace("i_auto_retry")));
    const starts = a.frames.filter(isType("auto_retry_start")).map((f) => f["delayMs"]);
    expect(starts).toEqual([200, 200, 400, 200]);
    expect(a.frames.filter(isType("auto_retry_end")).map((f) => [f["success"], f["finalError"]])).toEqual([
      [true, undefined],
      [false, "503 Service Unavailable"],
      [false, "Retry cancelled"],
    ]);
    expect(a.frames.slice(from).some(isType("auto_retry_start"))).toBe(false);
  });

  it("j_protocol_edges: malformed input, unknown commands, CRLF, split writes, U+2028", async () => {
    const a = await start([text(["Line\u2028sep\u2029para done."], { delayMs: 5 })]);
    a.send('{"type": "get_state"\n');
    a.send("\n");
    a.send('{"id":"j-unknown","type":"frobnicate"}\n');
    a.send('{"id":"j-notype"}\n');
    a.send("[1,2,3]\n");
    a.send('"just a string"\n');
    await a.request({ id: "j-alive-1", type: "get_state" });
    a.send('{"id":"j-crlf","type":"get_state"}\r\n');
    a.send('  {"id":"j-ws","type":"get_state"}  \n');
    a.send('{"id":"j-two-a","type":"get_state"}\n{"id":"j-two-b","type":"get_messages"}\n');
    a.send('{"id":"j-split","ty');
    await new Promise((r) => setImmediate(r));
    a.send('pe":"get_state"}\n');
    await a.waitFor((f) => f["id"] === "j-split");
    await promptAndWaitSettled(a, "j-u2028", "Say \u2028 and \u2029 back");
    a.send('{"type":"extension_ui_response","id":"nope","value":"x"}\n');
    await a.request({ id: "j-last", type: "get_state" });
    const ours = tokens(a.frames);
    // Documented differences: a blank line is ignored (pi: parse error); records that are not
    // an object with a string type are `command:"parse"` (pi: no command).
    const pi = tokens(loadTrace("j_protocol_edges"))
      .filter((t, i, all) => !(t === "response:parse:false" && all.indexOf(t) !== i))
      .map((t) => (t === "response:undefined:false" ? "response:parse:false" : t));
    expect(ours).toEqual(pi);
    const unknown = a.frames.find((f) => f["command"] === "frobnicate");
    expect(unknown).toEqual({
      id: "j-unknown",
      type: "response",
      command: "frobnicate",
      success: false,
      error: "Unknown command: frobnicate",
    });
    expect(a.frames.find((f) => f["id"] === "j-notype")).toMatchObject({ command: "parse", success: false });
    const user = a.frames.find((f) => f.type === "message_end" && (f["message"] as { role: string }).role === "user");
    expect(JSON.stringify(user)).toContain("\u2028");
  });
});
