// The event contract on failure paths: when the loop fails half way (a frame or a session
// write fails), every tool_execution_start still gets its tool_execution_end and the run its
// agent_end, carrying the reason, before agent_settled.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxToolCall } from "@mariozechner/pi-ai";
import { createGateTool, createHarness, type Harness } from "../helpers/runtime-harness.js";
import { MemoryStore } from "../../../src/agent/runtime/conversation-store.js";
import type { AgentMessage } from "../../../src/agent/runtime/agent-messages.js";

let h: Harness | undefined;
afterEach(() => h?.dispose());

function pairs(harness: Harness): { starts: unknown[]; ends: unknown[]; agentStarts: number; agentEnds: number } {
  const of = (type: string): unknown[] => harness.events.filter((e) => e.type === type).map((e) => e["toolCallId"]);
  return {
    starts: of("tool_execution_start"),
    ends: of("tool_execution_end"),
    agentStarts: of("agent_start").length,
    agentEnds: of("agent_end").length,
  };
}

describe("failed runs close what they opened", () => {
  it("ends a tool whose tool_execution_end could not be written, then the run", async () => {
    const gate = createGateTool();
    let failed = false;
    h = createHarness({
      tools: [gate.tool],
      beforeEmit: (event) => {
        if (event.type === "tool_execution_end" && !failed) {
          failed = true;
          throw new Error("disk full");
        }
      },
    });
    h.faux.setResponses([
      fauxAssistantMessage([fauxToolCall("gate", { label: "a" }, { id: "t1" })], { stopReason: "toolUse" }),
      fauxAssistantMessage("never"),
    ]);
    await h.runtime.prompt("run the tool");
    gate.release("done");
    await h.waitFor((e) => e.type === "agent_settled");
    const seen = pairs(h);
    expect(seen.ends).toEqual(seen.starts);
    expect(seen.agentEnds).toBe(seen.agentStarts);
    expect(h.events.find((e) => e.type === "tool_execution_end")).toMatchObject({
      toolCallId: "t1",
      isError: true,
      result: { content: [{ type: "text", text: "Tool execution failed: disk full" }] },
    });
    const end = h.events.find((e) => e.type === "agent_end") as unknown as {
      messages: { errorMessage?: string }[];
      willRetry: boolean;
    };
    expect(end.willRetry).toBe(false);
    expect(end.messages[0]?.errorMessage).toBe("The run failed: disk full");
    expect(h.types().indexOf("agent_end")).toBeLessThan(h.types().indexOf("agent_settled"));
  });

  it("ends the run when recording the answer fails (a session write error)", async () => {
    h = createHarness();
    const store = new MemoryStore();
    h.runtime.setStore(
      Object.assign(store, {
        appendMessage(message: AgentMessage) {
          if (message.role === "assistant") throw new Error("EACCES: session file not writable");
        },
      }),
    );
    h.faux.setResponses([fauxAssistantMessage("an answer")]);
    await h.runtime.prompt("hello");
    await h.waitFor((e) => e.type === "agent_settled");
    const seen = pairs(h);
    expect(seen.agentStarts).toBe(1);
    expect(seen.agentEnds).toBe(1);
    const messageEnds = h.events
      .filter((e) => e.type === "message_end")
      .map((e) => e["message"] as { role: string; errorMessage?: string });
    expect(messageEnds.at(-1)).toMatchObject({
      role: "assistant",
      errorMessage: "The run failed: EACCES: session file not writable",
    });
  });
});
