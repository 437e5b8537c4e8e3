// The host tool server: unknown tools, failing handlers, cancel and worker exit (docs/protocol.md §8.4–8.5).
import { describe, expect, it, vi } from "vitest";
import { createHostToolServer } from "../../src/bridge/host-tools.js";

describe("host tool server (docs/protocol.md §8.4–8.5)", () => {
  const call = (id: string, toolName: string) => ({ id, toolCallId: `tc-${id}`, toolName, arguments: { x: 1 } });

  it("answers unknown tools with an error result and turns a throwing handler into isError", async () => {
    const sent: Record<string, unknown>[] = [];
    const server = createHostToolServer((f) => sent.push(f));
    server.call(call("h0", "ghost"), 1);
    expect(sent[0]).toEqual({
      type: "host_tool_result",
      id: "h0",
      result: { content: [{ type: "text", text: "Unknown host tool: ghost" }] },
      isError: true,
    });
    server.setRegistry([{ name: "boom", description: "d", parameters: {} }], async () => {
      throw new Error("upstream 503");
    });
    server.call(call("h1", "boom"), 1);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      type: "host_tool_result",
      id: "h1",
      result: { content: [{ type: "text", text: "upstream 503" }] },
      isError: true,
    });
  });

  it("sends nothing after a cancel, and aborts executors on worker exit", async () => {
    const sent: Record<string, unknown>[] = [];
    const server = createHostToolServer((f) => sent.push(f));
    const signals: AbortSignal[] = [];
    let finish: (() => void) | undefined;
    server.setRegistry([{ name: "slow", description: "d", parameters: {} }], async (_n, _a, ctx) => {
      signals.push(ctx.signal);
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      ctx.update({ content: [] });
      return { content: [{ type: "text", text: "late" }] };
    });
    server.call(call("a", "slow"), 1);
    server.call(call("b", "slow"), 1);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    server.cancel("a");
    expect(signals[0]?.aborted).toBe(true);
    expect(server.abortAll()).toEqual([expect.stringContaining("call b")]);
    expect(signals[1]?.aborted).toBe(true);
    finish?.();
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([]);
  });
});
