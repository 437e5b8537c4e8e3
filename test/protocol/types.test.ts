// Compile-time and runtime checks of the wire types and constant lists: the lists cover their
// unions exactly, the maps are keyed consistently, and trace-shaped objects satisfy the types.
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ALL_COMMAND_TYPES,
  ALL_EVENT_TYPES,
  THINKING_LEVELS,
  isCommandType,
  isThinkingLevel,
  type AgentEvent,
  type CommandMap,
  type MessageUpdateEvent,
  type ResponseDataMap,
  type RpcCommandType,
  type RpcSuccessResponse,
} from "../../src/protocol/index.js";

describe("protocol types", () => {
  it("ALL_COMMAND_TYPES lists every CommandMap key once", () => {
    expect(new Set(ALL_COMMAND_TYPES).size).toBe(ALL_COMMAND_TYPES.length);
    expect(ALL_COMMAND_TYPES).toContain("clear_queue");
    expect(ALL_COMMAND_TYPES).toContain("continue");
    expect(ALL_COMMAND_TYPES).toContain("branch");
    expect(ALL_COMMAND_TYPES).toHaveLength(47);
    expect(isCommandType("get_branch_messages")).toBe(true);
    expect(isCommandType("frobnicate")).toBe(false);
    expectTypeOf<keyof ResponseDataMap>().toEqualTypeOf<RpcCommandType>();
    expectTypeOf<keyof CommandMap>().toEqualTypeOf<RpcCommandType>();
  });

  it("event and thinking level lists are complete and unique", () => {
    expect(new Set(ALL_EVENT_TYPES).size).toBe(ALL_EVENT_TYPES.length);
    expectTypeOf<(typeof ALL_EVENT_TYPES)[number]>().toEqualTypeOf<AgentEvent["type"]>();
    expect(THINKING_LEVELS).toEqual(["off", "minimal", "low", "medium", "high", "xhigh", "max"]);
    expect(isThinkingLevel("xhigh")).toBe(true);
    expect(isThinkingLevel("extreme")).toBe(false);
  });

  it("typed success responses require data exactly where the command returns some", () => {
    const ok: RpcSuccessResponse<"get_last_assistant_text"> = {
      type: "response",
      id: "g1-1",
      command: "get_last_assistant_text",
      success: true,
      data: { text: null },
    };
    const noData: RpcSuccessResponse<"abort"> = { type: "response", command: "abort", success: true };
    // @ts-expect-error get_state responses carry data
    const missing: RpcSuccessResponse<"get_state"> = { type: "response", command: "get_state", success: true };
    expect([ok.command, noData.command, missing.command]).toEqual(["get_last_assistant_text", "abort", "get_state"]);
  });

  it("message_update accepts both the delta and the legacy full form", () => {
    const delta: MessageUpdateEvent = {
      type: "message_update",
      assistantMessageEvent: { type: "toolcall_start", contentIndex: 1, id: "toolu_01A", toolName: "read" },
    };
    const partial = {
      role: "assistant" as const,
      content: [{ type: "text" as const, text: "Hello" }],
      api: "openai-completions",
      provider: "fake",
      model: "fake-model",
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
      stopReason: "stop" as const,
      timestamp: 1,
    };
    const legacy: MessageUpdateEvent = {
      type: "message_update",
      message: partial,
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "Hello", partial },
    };
    expect(delta.message).toBeUndefined();
    expect(legacy.message?.content).toHaveLength(1);
  });
});
