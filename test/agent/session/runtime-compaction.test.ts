// Automatic compaction through the real runtime (hooks installed by installSessionFeatures):
// overflow → compaction → automatic re-run (F3), threshold after a run (F2), abort during it.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage } from "@mariozechner/pi-ai";
import { createAgentHarness, type AgentHarness } from "./agent-harness.js";

let h: AgentHarness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

function typesFrom(harness: AgentHarness, index: number): string[] {
  return harness.events
    .slice(index)
    .map((e) => (e.type === "message_end" ? `message_end:${String((e["message"] as { role: string }).role)}` : e.type))
    .filter((t) => t !== "message_update" && t !== "message_start");
}

describe("automatic compaction in the runtime", () => {
  it("overflow: compacts, then re-runs the failed request (willRetry)", async () => {
    const harness = (h = createAgentHarness({
      rawSettings: { compaction: { keepRecentTokens: 1, reserveTokens: 100 } },
    }));
    harness.faux.setResponses([
      fauxAssistantMessage("first answer"),
      fauxAssistantMessage("", {
        stopReason: "error",
        errorMessage: "400 prompt is too long: 5000 tokens > 1000 maximum",
      }),
      fauxAssistantMessage("## Goal\nsummary"),
      fauxAssistantMessage("answer after compaction"),
    ]);
    await harness.settle("first question");
    const mark = harness.events.length;
    await harness.settle("second question");
    const types = typesFrom(harness, mark);
    expect(types).toEqual([
      "agent_start",
      "turn_start",
      "message_end:user",
      "message_end:assistant",
      "turn_end",
      "agent_end",
      "compaction_start",
      "compaction_end",
      "agent_start",
      "turn_start",
      "message_end:assistant",
      "turn_end",
      "agent_end",
      "agent_settled",
    ]);
    const ends = harness.events.slice(mark).filter((e) => e.type === "agent_end");
    expect(ends.map((e) => e["willRetry"])).toEqual([true, false]);
    expect(harness.events.find((e) => e.type === "compaction_end")).toMatchObject({
      reason: "overflow",
      willRetry: true,
      aborted: false,
    });
    // The failed answer stays in the file but not in the context.
    expect(harness.runtime.messages.map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant"]);
    expect(
      harness.session
        .getEntries()
        .some((e) => e.type === "message" && e.message.role === "assistant" && e.message.stopReason === "error"),
    ).toBe(true);
  });

  it("threshold: compacts between agent_end and agent_settled, without retry", async () => {
    const harness = (h = createAgentHarness({
      rawSettings: { compaction: { keepRecentTokens: 1, reserveTokens: 100 } },
    }));
    harness.faux.setResponses([fauxAssistantMessage("first answer")]);
    await harness.settle("first question");
    // The faux provider estimates usage from text length: a long answer crosses 1000 - 100.
    harness.faux.setResponses([
      fauxAssistantMessage(`big answer ${"x".repeat(4000)}`),
      fauxAssistantMessage("summary"),
      fauxAssistantMessage("prefix"),
    ]);
    const mark = harness.events.length;
    await harness.settle("second question");
    const types = typesFrom(harness, mark);
    expect(types.slice(-4)).toEqual(["agent_end", "compaction_start", "compaction_end", "agent_settled"]);
    expect(harness.events.find((e) => e.type === "compaction_end")).toMatchObject({
      reason: "threshold",
      willRetry: false,
    });
    expect(harness.runtime.messages[0]?.role).toBe("compactionSummary");
  });

  it("abort cancels a running automatic compaction", async () => {
    const harness = (h = createAgentHarness({
      rawSettings: { compaction: { keepRecentTokens: 1, reserveTokens: 100 } },
    }));
    let release: () => void = () => undefined;
    harness.faux.setResponses([
      fauxAssistantMessage("first answer"),
      fauxAssistantMessage("", { stopReason: "error", errorMessage: "prompt is too long: 5000 tokens > 1000 maximum" }),
      () => new Promise((resolve) => (release = () => resolve(fauxAssistantMessage("late summary")))),
    ]);
    await harness.settle("first question");
    await harness.runtime.prompt("second question");
    await harness.waitFor((e) => e.type === "compaction_start");
    const aborting = harness.runtime.abort();
    release();
    await aborting;
    await harness.waitFor((e) => e.type === "compaction_end");
    expect(harness.events.find((e) => e.type === "compaction_end")).toMatchObject({ aborted: true, willRetry: false });
    expect(harness.session.getEntries().some((e) => e.type === "compaction")).toBe(false);
    expect(harness.runtime.isCompacting).toBe(false);
  });
});
