// Host tools (docs/protocol.md §8): registration rules, call/update/result, error results,
// cancel on abort, disconnect rejection, frames for unknown ids.
import { describe, expect, it } from "vitest";
import type { HostToolCallFrame, HostToolCancelFrame } from "../../../src/protocol/types/host-tools.js";
import { HOST_DISCONNECTED_MESSAGE, HostToolRegistry } from "../../../src/agent/session/host-tools.js";

const echo = {
  name: " echo_host ",
  description: " Echo a value ",
  parameters: { type: "object", properties: { message: { type: "string" } } },
};

function setup() {
  const sent: (HostToolCallFrame | HostToolCancelFrame)[] = [];
  const registry = new HostToolRegistry({ send: (frame) => sent.push(frame), reservedNames: () => ["read", "bash"] });
  registry.setTools([echo, { ...echo, name: "secret", hidden: true }]);
  const tool = registry.tools()[0];
  if (!tool) throw new Error("no tool");
  return { sent, registry, tool };
}

describe("set_host_tools", () => {
  it("normalises definitions and hides hidden tools from the model", () => {
    const { registry } = setup();
    expect(registry.getDefinitions()).toEqual([
      {
        name: "echo_host",
        label: "echo_host",
        description: "Echo a value",
        parameters: echo.parameters,
        hidden: false,
      },
      { name: "secret", label: "secret", description: "Echo a value", parameters: echo.parameters, hidden: true },
    ]);
    expect(registry.tools().map((t) => t.name)).toEqual(["echo_host"]);
  });

  it("rejects invalid sets as a whole and keeps the previous set", () => {
    const { registry } = setup();
    expect(() => registry.setTools([{ ...echo, name: "read" }])).toThrow(
      'Host tool "read" conflicts with an existing tool',
    );
    expect(() => registry.setTools([{ ...echo, description: " " }])).toThrow(/description/);
    expect(() => registry.setTools([{ ...echo, parameters: [] }])).toThrow(/JSON Schema object/);
    expect(() => registry.setTools([echo, echo])).toThrow(/duplicate/);
    expect(() => registry.setTools("x")).toThrow(/must be an array/);
    expect(registry.getDefinitions().map((d) => d.name)).toEqual(["echo_host", "secret"]);
    expect(registry.setTools([])).toEqual([]);
    expect(registry.tools()).toEqual([]);
  });
});

describe("host tool calls", () => {
  it("sends host_tool_call, forwards updates and resolves with the result", async () => {
    const { sent, registry, tool } = setup();
    const updates: unknown[] = [];
    const pending = tool.execute("toolu_1", { message: "hi" }, undefined, (partial) => updates.push(partial));
    expect(sent).toEqual([
      {
        type: "host_tool_call",
        id: "host_1",
        toolCallId: "toolu_1",
        toolName: "echo_host",
        arguments: { message: "hi" },
      },
    ]);
    expect(
      registry.handleHostToolFrame({
        type: "host_tool_update",
        id: "host_1",
        partialResult: { content: [{ type: "text", text: "working" }] },
      }),
    ).toEqual({
      kind: "handled",
    });
    expect(updates).toEqual([{ content: [{ type: "text", text: "working" }], details: {} }]);
    expect(
      registry.handleHostToolFrame({
        type: "host_tool_result",
        id: "host_1",
        result: { content: [{ type: "text", text: "hi" }], details: { echoed: true } },
      }),
    ).toEqual({ kind: "handled" });
    await expect(pending).resolves.toEqual({ content: [{ type: "text", text: "hi" }], details: { echoed: true } });
    // A second result for the same id, and frames for unknown ids, are ignored.
    expect(registry.handleHostToolFrame({ type: "host_tool_result", id: "host_1", result: { content: [] } })).toEqual({
      kind: "ignored",
    });
    expect(registry.handleHostToolFrame({ type: "host_tool_result", id: "host_99", result: { content: [] } })).toEqual({
      kind: "ignored",
    });
  });

  it("turns isError results into failures with the joined text", async () => {
    const { registry, tool } = setup();
    const first = tool.execute("t1", {});
    registry.handleHostToolFrame({
      type: "host_tool_result",
      id: "host_1",
      isError: true,
      result: {
        content: [
          { type: "text", text: "503" },
          { type: "text", text: "down" },
        ],
      },
    });
    await expect(first).rejects.toThrow("503\ndown");
    const second = tool.execute("t2", {});
    registry.handleHostToolFrame({ type: "host_tool_result", id: "host_2", isError: true, result: { content: [] } });
    await expect(second).rejects.toThrow("Host tool execution failed");
  });

  it("reports frames without a content array as invalid", () => {
    const { registry } = setup();
    expect(registry.handleHostToolFrame({ type: "host_tool_result", id: "host_1", result: {} })).toEqual({
      kind: "invalid",
      error: "Invalid host tool frame: result.content must be an array",
    });
    expect(registry.handleHostToolFrame({ type: "host_tool_update", id: "host_1", partialResult: null })).toMatchObject(
      { kind: "invalid" },
    );
  });

  it("sends host_tool_cancel on abort after failing the call; late frames are ignored", async () => {
    const { sent, registry, tool } = setup();
    const abort = new AbortController();
    const pending = tool.execute("t1", {}, abort.signal);
    abort.abort();
    await expect(pending).rejects.toThrow('Host tool "echo_host" was aborted');
    expect(sent.at(-1)).toEqual({ type: "host_tool_cancel", id: "host_cancel_1", targetId: "host_1" });
    expect(registry.handleHostToolFrame({ type: "host_tool_result", id: "host_1", result: { content: [] } })).toEqual({
      kind: "ignored",
    });
    expect(registry.pendingCount).toBe(0);
  });

  it("rejects pending calls when the client disconnects", async () => {
    const { registry, tool } = setup();
    const a = tool.execute("t1", {});
    const b = tool.execute("t2", {});
    registry.rejectAllDisconnected();
    await expect(a).rejects.toThrow(HOST_DISCONNECTED_MESSAGE);
    await expect(b).rejects.toThrow(HOST_DISCONNECTED_MESSAGE);
    await expect(tool.execute("t3", {})).rejects.toThrow(HOST_DISCONNECTED_MESSAGE);
  });
});
