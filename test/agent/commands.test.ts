// Command-level ordering and payloads over the in-process server: abort_and_prompt (E3),
// abort response after agent_settled, queue_update before the steer response, model and
// state commands.

import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage } from "@mariozechner/pi-ai";
import { createServerHarness, type ServerHarness } from "./helpers/server-harness.js";

let s: ServerHarness | undefined;
afterEach(async () => {
  await s?.h.runtime.abort();
  s?.dispose();
  s = undefined;
});

const kinds = (frames: Record<string, unknown>[]) =>
  frames.map((f) => (f["type"] === "response" ? `response:${String(f["id"])}` : String(f["type"])));

describe("command ordering", () => {
  it("abort_and_prompt settles the aborted activity before answering and starting the new run (E3)", async () => {
    s = createServerHarness({ tokensPerSecond: 50 });
    s.h.faux.setResponses([
      fauxAssistantMessage("a long answer that will certainly be interrupted by the user"),
      fauxAssistantMessage("new answer"),
    ]);
    await s.request({ id: "p1", type: "prompt", message: "first" });
    await s.h.waitFor((e) => e.type === "message_update");
    const from = s.frames.length;
    await s.request({ id: "ap", type: "abort_and_prompt", message: "Forget that" });
    await s.h.waitForCount("agent_settled", 2);
    const seq = kinds(s.frames.slice(from)).filter((k) => k !== "message_update");
    const response = seq.indexOf("response:ap");
    expect(seq.slice(response - 3, response + 2)).toEqual([
      "turn_end",
      "agent_end",
      "agent_settled",
      "response:ap",
      "agent_start",
    ]);
    expect(seq.slice(response + 1, response + 4)).toEqual(["agent_start", "turn_start", "message_start"]);
    expect(s.h.runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("writes queue_update before the steer response and the abort response after agent_settled", async () => {
    s = createServerHarness({ tokensPerSecond: 50 });
    s.h.faux.setResponses([fauxAssistantMessage("streaming long enough to steer and then abort it")]);
    await s.request({ id: "p1", type: "prompt", message: "go" });
    await s.h.waitFor((e) => e.type === "message_update");
    let from = s.frames.length;
    await s.request({ id: "st", type: "steer", message: "focus" });
    expect(kinds(s.frames.slice(from)).filter((k) => k !== "message_update")).toEqual(["queue_update", "response:st"]);
    from = s.frames.length;
    await s.request({ id: "ab", type: "abort" });
    const seq = kinds(s.frames.slice(from)).filter((k) => k !== "message_update");
    expect(seq.slice(-3)).toEqual(["agent_end", "agent_settled", "response:ab"]);
    const state = await s.request({ id: "gs", type: "get_state" });
    expect(state["data"]).toMatchObject({ isStreaming: false, pendingMessageCount: 1, queuedMessageCount: 1 });
  });
});

describe("state and model commands", () => {
  it("get_state has the canonical keys, absent model headers, todoPhases", async () => {
    s = createServerHarness();
    const state = (await s.request({ id: "gs", type: "get_state" }))["data"] as Record<string, unknown>;
    expect(Object.keys(state).sort()).toEqual(
      [
        "autoCompactionEnabled",
        "cwd",
        "followUpMode",
        "interruptMode",
        "isCompacting",
        "isStreaming",
        "messageCount",
        "model",
        "pendingMessageCount",
        "queuedMessageCount",
        "sessionId",
        "steeringMode",
        "thinkingLevel",
        "todoPhases",
      ].sort(),
    );
    expect(state["model"]).not.toHaveProperty("headers");
    expect(state).toMatchObject({
      thinkingLevel: "medium",
      steeringMode: "one-at-a-time",
      interruptMode: "wait",
      todoPhases: [],
    });
  });

  it("switches models, lists them, cycles, and reports stats with contextUsage", async () => {
    s = createServerHarness();
    const models = await s.request({ id: "am", type: "get_available_models" });
    const ids = (models["data"] as { models: { provider: string; id: string }[] }).models
      .filter((m) => m.provider === "faux")
      .map((m) => m.id);
    expect(ids).toEqual(["faux-1", "faux-plain"]);
    const cycled = await s.request({ id: "cm", type: "cycle_model" });
    expect(cycled["data"]).toMatchObject({ model: { id: "faux-plain" }, thinkingLevel: "off", isScoped: false });
    expect(s.frames.some((f) => f["type"] === "thinking_level_changed" && f["level"] === "off")).toBe(true);
    await s.request({ id: "sm", type: "set_model", provider: "faux", modelId: "faux-1" });
    s.h.faux.setResponses([fauxAssistantMessage("Answer text.")]);
    await s.request({ id: "p", type: "prompt", message: "hello there" });
    await s.h.waitFor((e) => e.type === "agent_settled");
    const stats = (await s.request({ id: "ss", type: "get_session_stats" }))["data"] as Record<string, unknown>;
    expect(stats).toMatchObject({
      userMessages: 1,
      assistantMessages: 1,
      toolCalls: 0,
      toolResults: 0,
      totalMessages: 2,
    });
    const usage = stats["contextUsage"] as { tokens: number; contextWindow: number; percent: number };
    expect(usage.contextWindow).toBe(1000);
    expect(usage.tokens).toBeGreaterThan(0);
    expect(usage.percent).toBeCloseTo((usage.tokens / 1000) * 100, 0);
    const last = await s.request({ id: "lt", type: "get_last_assistant_text" });
    expect(last["data"]).toEqual({ text: "Answer text." });
  });
});
