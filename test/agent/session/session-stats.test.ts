// get_session_stats over the whole session (docs/protocol.md §3.9.10): totals include the
// answers of earlier processes in the file; contextUsage is null after a compaction until the
// next answer (pi, trace fact 23).
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage } from "@mariozechner/pi-ai";
import { stateCommands } from "../../../src/agent/commands/state-commands.js";
import { createAgentHarness, type AgentHarness } from "./agent-harness.js";
import { assistant, user } from "./helpers.js";

let h: AgentHarness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

type Stats = {
  userMessages: number;
  assistantMessages: number;
  totalMessages: number;
  tokens: { input: number; output: number; total: number };
  cost: number;
  contextUsage?: { tokens: number | null; percent: number | null; contextWindow: number };
};

async function stats(harness: AgentHarness): Promise<Stats> {
  const handler = stateCommands.get_session_stats;
  if (!handler) throw new Error("no get_session_stats handler");
  return (await handler(
    { type: "get_session_stats" },
    { runtime: harness.runtime, services: harness.services, emit: () => undefined },
  )) as Stats;
}

describe("get_session_stats", () => {
  it("counts every assistant answer of the session file, also those of an earlier process", async () => {
    const harness = (h = createAgentHarness());
    harness.runtime.autoCompaction = false;
    // An earlier process wrote these (cost 0.25 and 1000 input tokens).
    harness.session.appendMessage(user("earlier question"));
    harness.session.appendMessage(
      assistant("earlier answer", {
        usage: {
          input: 1000,
          output: 50,
          cacheRead: 7,
          cacheWrite: 3,
          totalTokens: 1060,
          cost: { input: 0.2, output: 0.05, cacheRead: 0, cacheWrite: 0, total: 0.25 },
        },
      }),
    );
    harness.features.afterSessionChange();
    harness.faux.setResponses([fauxAssistantMessage("new answer")]);
    await harness.settle("new question");
    const result = await stats(harness);
    const fresh = harness.runtime.messages.at(-1);
    if (fresh?.role !== "assistant") throw new Error("expected an assistant answer");
    expect(result).toMatchObject({ userMessages: 2, assistantMessages: 2, totalMessages: 4 });
    expect(result.tokens.input).toBe(1000 + fresh.usage.input);
    expect(result.tokens.output).toBe(50 + fresh.usage.output);
    expect(result.tokens.total).toBe(
      1060 + fresh.usage.input + fresh.usage.output + fresh.usage.cacheRead + fresh.usage.cacheWrite,
    );
    expect(result.cost).toBeCloseTo(0.25 + fresh.usage.cost.total, 10);
  });

  it("reports contextUsage tokens and percent as null after a compaction until the next answer", async () => {
    const harness = (h = createAgentHarness({ rawSettings: { compaction: { keepRecentTokens: 1 } } }));
    harness.runtime.autoCompaction = false;
    harness.faux.setResponses([fauxAssistantMessage("first answer"), fauxAssistantMessage("second answer")]);
    await harness.settle("first question");
    await harness.settle("second question");
    expect((await stats(harness)).contextUsage?.tokens).toBeGreaterThan(0);
    harness.faux.setResponses([fauxAssistantMessage("## Goal\nsummary"), fauxAssistantMessage("prefix summary")]);
    await harness.command("compact");
    const after = await stats(harness);
    expect(after.contextUsage).toEqual({ tokens: null, contextWindow: 1000, percent: null });
    // The compaction keeps the session's totals: nothing was removed from the file.
    expect(after.assistantMessages).toBe(2);
    harness.faux.setResponses([fauxAssistantMessage("third answer")]);
    await harness.settle("third question");
    const next = await stats(harness);
    expect(next.contextUsage?.tokens).toBeGreaterThan(0);
    expect(next.contextUsage?.percent).toBeGreaterThan(0);
  });
});
