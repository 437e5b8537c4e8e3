// AgentRuntime.continueConversation on the faux provider (docs/protocol.md §3.1.7): a context left
// with a tool result and no answer (a worker that died between the tool and the next request)
// is answered as it stands; tool calls left without results (a worker that died while they ran)
// get results saying so first; an answered context, an aborted answer or a missing model is
// refused before any request.
import { afterEach, describe, expect, it } from "vitest";
import { fauxAssistantMessage, fauxToolCall, type Message } from "@mariozechner/pi-ai";
import type { AgentMessage } from "../../../src/agent/runtime/agent-messages.js";
import { createHarness, type Harness } from "../helpers/runtime-harness.js";

let h: Harness | undefined;
afterEach(async () => {
  await h?.runtime.abort();
  h?.dispose();
  h = undefined;
});

const user = (text: string): AgentMessage => ({ role: "user", content: [{ type: "text", text }], timestamp: 1 });

/** A user prompt, the model's tool call and the tool's result: a context awaiting the next answer. */
function toolRoundWithoutAnswer(): AgentMessage[] {
  const call = fauxAssistantMessage([fauxToolCall("lookup", { q: "primes" }, { id: "call-1" })], {
    stopReason: "toolUse",
  });
  return [
    user("look up primes"),
    call,
    {
      role: "toolResult",
      toolCallId: "call-1",
      toolName: "lookup",
      content: [{ type: "text", text: "2, 3, 5" }],
      isError: false,
      timestamp: 2,
    },
  ];
}

/** The faux model answers the next request with `text`; the messages of each request it got. */
function continueAnswering(harness: Harness, text: string): Message[][] {
  const seen: Message[][] = [];
  harness.faux.setResponses([
    (context) => {
      seen.push([...context.messages]);
      return fauxAssistantMessage(text);
    },
  ]);
  return seen;
}

/** The roles of the messages the run started (message_start), in order. */
const startedRoles = (harness: Harness): string[] =>
  harness.events.flatMap((e) => (e.type === "message_start" ? [(e["message"] as { role: string }).role] : []));

describe("continueConversation", () => {
  it("answers a trailing tool result without adding a message", async () => {
    h = createHarness();
    const runtime = h.runtime;
    runtime.messages.push(...toolRoundWithoutAnswer());
    const seen = continueAnswering(h, "The primes are 2, 3 and 5.");
    await runtime.continueConversation();
    await h.waitFor((e) => e.type === "agent_settled");
    expect(seen.map((messages) => messages.map((m) => m.role))).toEqual([["user", "assistant", "toolResult"]]);
    expect(runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    const started = startedRoles(h);
    expect(started).toEqual(["assistant"]);
  });

  it("gives each tool call a cut-off run left without a result one that says so, then asks for the answer", async () => {
    h = createHarness();
    const runtime = h.runtime;
    const [prompt, call] = toolRoundWithoutAnswer();
    if (prompt === undefined || call === undefined) throw new Error("fixture");
    runtime.messages.push(prompt, call);
    const seen = continueAnswering(h, "The lookup did not finish; running it again.");
    await runtime.continueConversation();
    await h.waitFor((e) => e.type === "agent_settled");
    expect(seen.map((messages) => messages.map((m) => m.role))).toEqual([["user", "assistant", "toolResult"]]);
    const result = seen[0]?.[2];
    expect(result).toMatchObject({ role: "toolResult", toolCallId: "call-1", toolName: "lookup", isError: true });
    expect(JSON.stringify(result)).toContain("the run stopped before this tool call returned one");
    // Recorded (and so saved) like any message of the run; the prompt is not added again.
    expect(runtime.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    const started = startedRoles(h);
    expect(started).toEqual(["toolResult", "assistant"]);
  });

  it("refuses an answer cut off by an abort, although it holds a tool call", async () => {
    h = createHarness();
    const runtime = h.runtime;
    const aborted = fauxAssistantMessage([fauxToolCall("lookup", { q: "primes" }, { id: "call-2" })], {
      stopReason: "aborted",
    });
    runtime.messages.push(user("look up primes"), aborted);
    await expect(runtime.continueConversation()).rejects.toThrow("Nothing to continue");
    expect(h.faux.state.callCount).toBe(0);
  });

  it("refuses a context that ends with an answer, and one without a model, before any request", async () => {
    h = createHarness();
    const runtime = h.runtime;
    runtime.messages.push(user("hi"), fauxAssistantMessage("hello"));
    await expect(runtime.continueConversation()).rejects.toThrow(
      "Nothing to continue: the conversation does not end with a message awaiting an answer",
    );
    runtime.messages.push(user("and now?"));
    runtime.model = undefined;
    await expect(runtime.continueConversation()).rejects.toThrow("No model selected. Use --model or set_model.");
    expect(h.faux.state.callCount).toBe(0);
    expect(runtime.isStreaming).toBe(false);
    expect(h.events.some((e) => e.type === "agent_start")).toBe(false);
  });
});
