// Runtime semantics on pi-ai's faux provider: event sequences A–G of docs/protocol.md §4.11,
// queue modes, interrupt modes, abort mid-stream and mid-tool, auto-retry.

import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall } from "@mariozechner/pi-ai";
import { BUSY_ERROR, SKIPPED_BY_STEERING } from "../../src/agent/runtime/agent-runtime.js";
import { createGateTool, createHarness, type Harness } from "./helpers/runtime-harness.js";

let h: Harness | undefined;
afterEach(async () => {
  if (h) {
    await h.runtime.abort();
    h.dispose();
  }
  h = undefined;
});

const settled = (harness: Harness, n = 1) => harness.waitForCount("agent_settled", n);

describe("text answers", () => {
  it("streams thinking and text in delta form and settles once (sequence A)", async () => {
    h = createHarness();
    h.faux.setResponses([fauxAssistantMessage([fauxThinking("Greet briefly."), fauxText("Hello there!")])]);
    await h.runtime.prompt("Say hello");
    await settled(h);
    const types = h.types().filter((t) => t !== "message_update");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    const updates = h.events.filter((e) => e.type === "message_update");
    const kinds = updates.map((e) => (e["assistantMessageEvent"] as { type: string }).type);
    expect(kinds[0]).toBe("thinking_start");
    expect(kinds).toContain("thinking_end");
    expect(kinds.indexOf("text_start")).toBeGreaterThan(kinds.indexOf("thinking_end"));
    for (const update of updates) {
      expect(update).not.toHaveProperty("message");
      expect(update["assistantMessageEvent"]).not.toHaveProperty("partial");
      expect(update).toHaveProperty("usage");
    }
    const text = updates
      .map((e) => e["assistantMessageEvent"] as { type: string; delta?: string })
      .filter((e) => e.type === "text_delta")
      .map((e) => e.delta)
      .join("");
    expect(text).toBe("Hello there!");
    expect(h.events.find((e) => e.type === "agent_end")?.["willRetry"]).toBe(false);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(h.runtime.isStreaming).toBe(false);
  });

  it("rejects a prompt while busy without streamingBehavior and queues it with one", async () => {
    h = createHarness({ tokensPerSecond: 30 });
    h.faux.setResponses([
      fauxAssistantMessage("one two three four five six seven eight nine ten"),
      fauxAssistantMessage("second"),
    ]);
    await h.runtime.prompt("first");
    await h.waitFor((e) => e.type === "agent_start");
    await expect(h.runtime.prompt("again")).rejects.toThrow(BUSY_ERROR);
    await h.runtime.prompt("later", undefined, "followUp");
    expect(h.events.filter((e) => e.type === "queue_update").at(-1)).toEqual({
      type: "queue_update",
      steering: [],
      followUp: ["later"],
    });
    await settled(h);
    expect(h.types().filter((t) => t === "agent_start")).toHaveLength(1);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("treats a second prompt during the first one's preflight as busy (no parallel runs)", async () => {
    h = createHarness();
    h.faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
    const first = h.runtime.prompt("first");
    const second = h.runtime.prompt("second", undefined, "followUp");
    const third = h.runtime.prompt("third");
    await first;
    await second;
    await expect(third).rejects.toThrow(BUSY_ERROR);
    await settled(h);
    expect(h.types().filter((t) => t === "agent_start")).toHaveLength(1);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("starts a run when steer arrives while idle", async () => {
    h = createHarness();
    h.faux.setResponses([fauxAssistantMessage("ok")]);
    await h.runtime.queueMessage("steering", "do it now");
    await settled(h);
    expect(h.runtime.messages[0]).toMatchObject({ role: "user", content: [{ type: "text", text: "do it now" }] });
  });
});

describe("tools and queues", () => {
  it("delivers steering after the tool batch in wait mode (C1)", async () => {
    const gate = createGateTool();
    h = createHarness({ tools: [gate.tool] });
    h.faux.setResponses([
      fauxAssistantMessage(
        [fauxToolCall("gate", { label: "a" }, { id: "t1" }), fauxToolCall("gate", { label: "b" }, { id: "t2" })],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage("steered"),
    ]);
    await h.runtime.prompt("run tools");
    await gate.started();
    await h.runtime.queueMessage("steering", "Use yarn");
    gate.release();
    await h.waitForCount("tool_execution_start", 2);
    gate.release();
    await settled(h);
    expect(gate.calls).toEqual(["a", "b"]);
    const types = h.types().filter((t) => t !== "message_update");
    const afterTurnEnd = types.slice(types.indexOf("turn_end"));
    expect(afterTurnEnd.slice(0, 4)).toEqual(["turn_end", "turn_start", "queue_update", "message_start"]);
    const delivered = h.events.filter((e) => e.type === "queue_update").at(-1);
    expect(delivered).toEqual({ type: "queue_update", steering: [], followUp: [] });
  });

  it("skips remaining tool calls when steering is queued in immediate mode (C2)", async () => {
    const gate = createGateTool();
    h = createHarness({ tools: [gate.tool], settings: { interruptMode: "immediate" } });
    h.faux.setResponses([
      fauxAssistantMessage(
        [fauxToolCall("gate", { label: "a" }, { id: "t1" }), fauxToolCall("gate", { label: "b" }, { id: "t2" })],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage("steered"),
    ]);
    await h.runtime.prompt("run tools");
    await gate.started();
    await h.runtime.queueMessage("steering", "Stop");
    gate.release();
    await settled(h);
    expect(gate.calls).toEqual(["a"]);
    const skipped = h.events.find((e) => e.type === "tool_execution_end" && e["toolCallId"] === "t2");
    expect(skipped).toMatchObject({
      isError: true,
      result: { content: [{ type: "text", text: SKIPPED_BY_STEERING }] },
    });
  });

  it("lets hooks block a tool call and rewrite a tool result", async () => {
    const gate = createGateTool();
    h = createHarness({ tools: [gate.tool] });
    h.hooks.add({
      beforeToolCall: (call) =>
        (call.args as { label: string }).label === "blocked" ? { block: true, reason: "Blocked by policy" } : undefined,
      afterToolCall: (call) => ({
        content: [{ type: "text", text: `${JSON.stringify(call.result.content)} (redacted)` }],
      }),
    });
    h.faux.setResponses([
      fauxAssistantMessage(
        [fauxToolCall("gate", { label: "blocked" }, { id: "t1" }), fauxToolCall("gate", { label: "ok" }, { id: "t2" })],
        {
          stopReason: "toolUse",
        },
      ),
      fauxAssistantMessage("done"),
    ]);
    gate.release("secret");
    await h.runtime.prompt("go");
    await settled(h);
    expect(gate.calls).toEqual(["ok"]);
    const ends = h.events.filter((e) => e.type === "tool_execution_end");
    expect(ends[0]).toMatchObject({
      toolCallId: "t1",
      isError: true,
      result: { content: [{ type: "text", text: "Blocked by policy" }] },
    });
    expect(JSON.stringify(ends[1])).toContain("(redacted)");
  });

  it("delivers follow-ups one at a time inside the same run (D)", async () => {
    h = createHarness({ tokensPerSecond: 30 });
    h.faux.setResponses([
      fauxAssistantMessage("first answer with several words in it"),
      fauxAssistantMessage("f1"),
      fauxAssistantMessage("f2"),
    ]);
    await h.runtime.prompt("go");
    await h.waitFor((e) => e.type === "message_update");
    await h.runtime.queueMessage("followUp", "one");
    await h.runtime.queueMessage("followUp", "two");
    await settled(h);
    expect(h.types().filter((t) => t === "agent_start")).toHaveLength(1);
    const users = h.runtime.messages
      .filter((m) => m.role === "user")
      .map((m) => (m.content as { text: string }[])[0]?.text);
    expect(users).toEqual(["go", "one", "two"]);
    const queueUpdates = h.events.filter((e) => e.type === "queue_update").map((e) => e["followUp"]);
    expect(queueUpdates).toEqual([["one"], ["one", "two"], ["two"], []]);
  });

  it("clear_queue returns the removed texts and emits queue_update", async () => {
    h = createHarness({ tokensPerSecond: 30 });
    h.faux.setResponses([fauxAssistantMessage("a long answer that takes a little while to stream out")]);
    await h.runtime.prompt("go");
    await h.waitFor((e) => e.type === "message_update");
    await h.runtime.queueMessage("steering", "s1");
    await h.runtime.queueMessage("followUp", "f1");
    const removed = h.runtime.clearQueue("all");
    expect(removed).toEqual({ steering: ["s1"], followUp: ["f1"] });
    expect(h.events.filter((e) => e.type === "queue_update").at(-1)).toEqual({
      type: "queue_update",
      steering: [],
      followUp: [],
    });
    await h.runtime.abort();
  });
});

describe("abort", () => {
  it("aborts mid-stream: aborted message, agent_end, agent_settled before abort resolves (E1)", async () => {
    h = createHarness({ tokensPerSecond: 50 });
    h.faux.setResponses([fauxAssistantMessage("this answer is long enough to be interrupted halfway through")]);
    await h.runtime.prompt("explain");
    await h.waitFor(
      (e) => e.type === "message_update" && (e["assistantMessageEvent"] as { type: string }).type === "text_delta",
    );
    await h.runtime.abort();
    expect(h.types().at(-1)).toBe("agent_settled");
    const end = h.events.filter((e) => e.type === "message_end").at(-1);
    expect(end?.["message"]).toMatchObject({ role: "assistant", stopReason: "aborted" });
  });

  it("aborts a running tool: error result, synthetic aborted answer, no extra LLM call (E2)", async () => {
    const gate = createGateTool();
    h = createHarness({ tools: [gate.tool] });
    h.faux.setResponses([
      fauxAssistantMessage([fauxToolCall("gate", { label: "slow" }, { id: "t1" })], { stopReason: "toolUse" }),
      fauxAssistantMessage("never"),
    ]);
    await h.runtime.prompt("run");
    await gate.started();
    await h.runtime.abort();
    expect(h.faux.state.callCount).toBe(1);
    expect(h.events.find((e) => e.type === "tool_execution_end")).toMatchObject({ isError: true });
    const ends = h.events
      .filter((e) => e.type === "message_end")
      .map((e) => e["message"] as { role: string; stopReason?: string });
    expect(ends.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
    expect(h.types().slice(-3)).toEqual(["turn_end", "agent_end", "agent_settled"]);
  });

  it("cancels a prompt whose preflight is still running when abort arrives", async () => {
    h = createHarness();
    let release: () => void = () => undefined;
    h.hooks.add({ beforePrompt: () => new Promise<void>((resolve) => (release = resolve)) });
    h.faux.setResponses([fauxAssistantMessage("never")]);
    const pending = h.runtime.prompt("compact first");
    await new Promise((r) => setImmediate(r));
    expect(h.runtime.isStreaming).toBe(true);
    const aborted = h.runtime.abort();
    release();
    await aborted;
    await expect(pending).rejects.toThrow("Aborted before the run started");
    expect(h.types()).not.toContain("agent_start");
    expect(h.runtime.isStreaming).toBe(false);
  });

  it("keeps queued messages across abort", async () => {
    h = createHarness({ tokensPerSecond: 50 });
    h.faux.setResponses([fauxAssistantMessage("long streaming answer here for the abort test")]);
    await h.runtime.prompt("go");
    await h.waitFor((e) => e.type === "message_update");
    await h.runtime.queueMessage("followUp", "kept");
    await h.runtime.abort();
    expect(h.runtime.queues.snapshot()).toEqual({ steering: [], followUp: ["kept"] });
  });
});

describe("auto-retry", () => {
  const overloaded = () =>
    fauxAssistantMessage([], { stopReason: "error", errorMessage: "529 overloaded_error: Overloaded" });

  it("retries a transient error as a continuation run (G1)", async () => {
    h = createHarness();
    h.faux.setResponses([overloaded(), fauxAssistantMessage("Here you go.")]);
    await h.runtime.prompt("hi");
    await settled(h);
    const types = h.types().filter((t) => t !== "message_update");
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "message_start",
      "message_end",
      "turn_end",
      "agent_end",
      "auto_retry_start",
      "agent_start",
      "turn_start",
      "message_start",
      "message_end",
      "auto_retry_end",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    const ends = h.events.filter((e) => e.type === "agent_end").map((e) => e["willRetry"]);
    expect(ends).toEqual([true, false]);
    expect(h.events.find((e) => e.type === "auto_retry_start")).toMatchObject({
      attempt: 1,
      maxAttempts: 3,
      delayMs: 5,
    });
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("gives up after maxRetries with auto_retry_end success:false (G2)", async () => {
    h = createHarness({ settings: { retry: { enabled: true, maxRetries: 2, baseDelayMs: 1 } } });
    h.faux.setResponses([overloaded(), overloaded(), overloaded()]);
    await h.runtime.prompt("hi");
    await settled(h);
    expect(h.types().slice(-3)).toEqual(["agent_end", "auto_retry_end", "agent_settled"]);
    expect(h.events.find((e) => e.type === "auto_retry_end")).toMatchObject({ success: false, attempt: 2 });
    expect(h.events.filter((e) => e.type === "auto_retry_start").map((e) => e["delayMs"])).toEqual([1, 2]);
  });

  it("abort_retry cancels the back-off delay (G3)", async () => {
    h = createHarness({ settings: { retry: { enabled: true, maxRetries: 3, baseDelayMs: 10_000 } } });
    h.faux.setResponses([overloaded()]);
    await h.runtime.prompt("hi");
    await h.waitFor((e) => e.type === "auto_retry_start");
    await h.runtime.abortRetry();
    expect(h.types().slice(-2)).toEqual(["auto_retry_end", "agent_settled"]);
    expect(h.events.find((e) => e.type === "auto_retry_end")).toMatchObject({
      success: false,
      finalError: "Retry cancelled",
    });
  });

  it("does not retry non-transient errors or when disabled", async () => {
    h = createHarness();
    h.runtime.autoRetry = false;
    h.faux.setResponses([overloaded()]);
    await h.runtime.prompt("hi");
    await settled(h);
    expect(h.types()).not.toContain("auto_retry_start");
  });
});

describe("extension custom messages", () => {
  const custom = (text: string) => ({
    role: "custom" as const,
    customType: "ext",
    content: text,
    display: true,
    timestamp: Date.now(),
  });

  it("records an idle custom message with message events and no run", async () => {
    h = createHarness();
    await h.runtime.sendCustomMessage(custom("note"), {});
    expect(h.types()).toEqual(["message_start", "message_end"]);
    expect(h.runtime.messages).toHaveLength(1);
  });

  it("steers a custom message into a running run without listing it in queue_update", async () => {
    h = createHarness({ tokensPerSecond: 30 });
    const seen: string[] = [];
    h.faux.setResponses([
      fauxAssistantMessage("streaming a while so the message arrives mid-run"),
      (context) => {
        seen.push(JSON.stringify(context.messages.at(-1)));
        return fauxAssistantMessage("ok");
      },
    ]);
    await h.runtime.prompt("go");
    await h.waitFor((e) => e.type === "message_update");
    await h.runtime.sendCustomMessage(custom("reminder text"), { deliverAs: "steer" });
    await settled(h);
    expect(h.types()).not.toContain("queue_update");
    expect(seen[0]).toContain("reminder text");
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "custom", "assistant"]);
  });

  it("sends nextTurn messages with the next prompt", async () => {
    h = createHarness();
    h.faux.setResponses([fauxAssistantMessage("ok")]);
    await h.runtime.sendCustomMessage(custom("context for later"), { deliverAs: "nextTurn" });
    expect(h.runtime.messages).toHaveLength(0);
    await h.runtime.prompt("now");
    await settled(h);
    expect(h.runtime.messages.map((m) => m.role)).toEqual(["user", "custom", "assistant"]);
  });
});

describe("thinking levels and bash results", () => {
  it("clamps to the model and emits thinking_level_changed on change only", async () => {
    h = createHarness();
    h.runtime.setThinkingLevel("high");
    h.runtime.setThinkingLevel("high");
    expect(h.events.filter((e) => e.type === "thinking_level_changed")).toEqual([
      { type: "thinking_level_changed", level: "high" },
    ]);
    h.runtime.setModel(h.runtime.models.findLocal("faux", "faux-plain")!);
    expect(h.runtime.thinkingLevel).toBe("off");
    expect(h.runtime.cycleThinkingLevel()).toBeUndefined();
    h.runtime.setModel(h.runtime.models.findLocal("faux", "faux-1")!);
    expect(h.runtime.thinkingLevel).toBe("high");
    expect(h.events.filter((e) => e.type === "thinking_level_changed").map((e) => e["level"])).toEqual([
      "high",
      "off",
      "high",
    ]);
  });

  it("defers a bash result while a run is active and sends it to the model next time", async () => {
    h = createHarness({ tokensPerSecond: 30 });
    const seen: string[] = [];
    h.faux.setResponses([
      fauxAssistantMessage("streaming for a little while here"),
      (context) => {
        seen.push(JSON.stringify(context.messages));
        return fauxAssistantMessage("ok");
      },
    ]);
    await h.runtime.prompt("first");
    await h.waitFor((e) => e.type === "message_update");
    h.runtime.addBashExecution({
      role: "bashExecution",
      command: "echo hi",
      output: "hi",
      exitCode: 0,
      cancelled: false,
      truncated: false,
      timestamp: Date.now(),
    });
    expect(h.runtime.messages.some((m) => m.role === "bashExecution")).toBe(false);
    await settled(h);
    expect(h.runtime.messages.at(-1)?.role).toBe("bashExecution");
    await h.runtime.prompt("second");
    await settled(h, 2);
    expect(seen[0]).toContain("Ran `echo hi`");
  });
});
