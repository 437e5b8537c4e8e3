// The client's view of worker events: one typed union whatever the worker, the cumulative
// snapshot read only when the delta is not enough, todo plans and worker text picked out.
import { describe, expect, it } from "vitest";
import { toClientEvent, workerTextOf } from "../../src/bridge/client-events.js";
import { toSessionSnapshot } from "../../src/bridge/client-values.js";

const assistant = (text: string) => ({
  role: "assistant",
  content: [{ type: "text", text }],
  usage: { input: 3, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 5, cost: { total: 0.5 } },
});

describe("client events", () => {
  it("reads pi's cumulative snapshot only when the delta is not enough", () => {
    const delta = toClientEvent({
      type: "message_update",
      message: assistant("Hel"),
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "l" },
    });
    expect(delta).toEqual({
      type: "message_update",
      delta: { kind: "text_delta", index: 0, delta: "l" },
      usage: { input: 3, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 5, costTotal: 0.5 },
      snapshot: undefined,
    });
    const legacyDone = toClientEvent({
      type: "message_update",
      message: assistant("Hello"),
      assistantMessageEvent: { type: "done", reason: "stop" },
    });
    expect(legacyDone).toMatchObject({
      delta: { kind: "snapshot_only" },
      snapshot: { role: "assistant", blocks: [{ type: "text", text: "Hello" }] },
    });
  });

  it("keeps canonical names for every flavour's events and a tool's todo plan", () => {
    expect(toClientEvent({ type: "auto_compaction_start", reason: "overflow" })).toEqual({
      type: "compaction_start",
      reason: "overflow",
    });
    const end = toClientEvent({
      type: "tool_execution_end",
      toolCallId: "t1",
      toolName: "todo_write",
      isError: false,
      result: {
        content: [{ type: "text", text: "ok" }],
        details: { phases: [{ name: "Plan", tasks: [{ content: "one", status: "blocked" }] }] },
      },
    });
    expect(end).toEqual({
      type: "tool_execution_end",
      toolCallId: "t1",
      toolName: "todo_write",
      isError: false,
      result: {
        text: "ok",
        details: { phases: [{ name: "Plan", tasks: [{ content: "one", status: "blocked" }] }] },
        images: 0,
      },
      todos: [{ id: "phase-1", name: "Plan", tasks: [{ id: "task-1", content: "one", status: "blocked" }] }],
    });
    expect(
      toClientEvent({ type: "message_start", message: { role: "hookMessage", content: "x", display: false } }),
    ).toMatchObject({
      message: { role: "custom", display: false },
    });
  });

  it("has no event for a type outside the protocol, nor for something that is not an object", () => {
    expect(toClientEvent({ type: "available_commands_update" })).toBeUndefined();
    expect(toClientEvent(null)).toBeUndefined();
  });

  it("picks oh-my-pi's text for the user out of its own events", () => {
    expect(workerTextOf("notice", { message: "careful", level: "warning" })).toEqual({
      level: "warning",
      text: "careful",
    });
    expect(workerTextOf("command_output", { text: "done" })).toEqual({ level: "info", text: "done" });
    expect(workerTextOf("advisor_cost_changed", { text: "no" })).toBeUndefined();
  });

  it("reads get_state of any flavour into the footer's snapshot", () => {
    expect(
      toSessionSnapshot({
        model: { id: "m", provider: "p", contextWindow: 9, reasoning: true },
        thinkingLevel: "high",
        todoPhases: [],
      }),
    ).toEqual({
      model: { id: "m", name: "m", provider: "p", contextWindow: 9, reasoning: true, imageInput: undefined },
      thinkingLevel: "high",
      isStreaming: false,
      sessionName: undefined,
      todoPhases: [],
    });
    expect(toSessionSnapshot(null).model).toBeUndefined();
  });

  it("says whether the model takes images from its input modalities, and nothing when it has none", () => {
    const imageInput = (input: unknown) => toSessionSnapshot({ model: { id: "m", input } }).model?.imageInput;
    expect([imageInput(["text", "image"]), imageInput(["text"]), imageInput(undefined)]).toEqual([
      true,
      false,
      undefined,
    ]);
  });
});
