// The pending-request table: ids, out-of-order and id-less responses, timeouts, late prompt failures (docs/protocol.md §2.4–2.5).
import { describe, expect, it, vi } from "vitest";
import { createPendingTable } from "../../src/bridge/pending.js";
import { BridgeError } from "../../src/bridge/errors.js";

describe("pending table", () => {
  const ok = (id: string | undefined, command: string, data?: unknown) => ({
    type: "response" as const,
    success: true,
    command,
    data,
    ...(id ? { id } : {}),
  });
  const same = (_c: string, d: unknown) => ({ ok: true as const, value: d });

  it("resolves out-of-order responses by id and uses unique ids", async () => {
    const table = createPendingTable();
    const a = table.nextId(1);
    const b = table.nextId(1);
    expect(a).not.toBe(b);
    expect(table.nextId(2)).toMatch(/^g2-/);
    const pa = table.add(a, "get_state", 0, () => undefined);
    const pb = table.add(b, "get_messages", 0, () => undefined);
    expect(table.settle(ok(b, "get_messages", { messages: [] }), same)).toMatchObject({ kind: "resolved", id: b });
    expect(table.settle(ok(a, "get_state", { x: 1 }), same)).toMatchObject({ kind: "resolved", id: a });
    await expect(pa).resolves.toEqual({ x: 1 });
    await expect(pb).resolves.toEqual({ messages: [] });
  });

  it("matches id-less responses to the oldest pending request of that type (docs/protocol.md §2.5)", async () => {
    const table = createPendingTable();
    const p1 = table.add("g1-1", "get_tree", 0, () => undefined);
    const p2 = table.add("g1-2", "get_tree", 0, () => undefined);
    table.settle({ type: "response", command: "get_tree", success: false, error: "Unknown command: get_tree" }, same);
    await expect(p1).rejects.toMatchObject({ kind: "unsupported", command: "get_tree" });
    expect(table.size()).toBe(1);
    table.settle(ok(undefined, "get_tree", { tree: [] }), same);
    await expect(p2).resolves.toEqual({ tree: [] });
  });

  it("drops responses for unknown ids, and parse errors when nothing waits", async () => {
    const table = createPendingTable();
    expect(table.settle({ type: "response", command: "parse", success: false, error: "bad" }, same).kind).toBe(
      "unmatched",
    );
    const waiting = table.add("g1-1", "get_state", 0, () => undefined);
    expect(table.settle(ok("g0-99", "get_state"), same).kind).toBe("unmatched");
    expect(table.size()).toBe(1);
    // End the request left waiting, and its 30 s timer: the worker outlives this file (vitest.config.ts).
    table.rejectAll((type) => new BridgeError("worker_exit", `test over during ${type}`));
    await expect(waiting).rejects.toMatchObject({ kind: "worker_exit" });
  });

  it("an id-less failure naming no command ends the oldest waiting request, even one without a timeout", async () => {
    const table = createPendingTable();
    const prompt = table.add("g1-1", "prompt", 0, () => undefined);
    const state = table.add("g1-2", "get_state", 0, () => undefined);
    const error = "Failed to parse command: record of 70000000 bytes exceeds the size limit";
    expect(table.settle({ type: "response", command: "parse", success: false, error }, same)).toMatchObject({
      kind: "resolved",
      id: "g1-1",
    });
    await expect(prompt).rejects.toMatchObject({
      kind: "worker_error",
      message: `The worker could not read the prompt request: ${error}`,
    });
    // pi's form: no command at all.
    expect(table.settle({ type: "response", success: false, error: "Unknown command: undefined" }, same)).toMatchObject(
      { kind: "resolved", id: "g1-2" },
    );
    await expect(state).rejects.toMatchObject({
      kind: "worker_error",
      message: "The worker could not read the get_state request: Unknown command: undefined",
    });
    expect(table.size()).toBe(0);
  });

  it("reports a second failure for a resolved prompt as a late prompt failure (docs/protocol.md §2.4)", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "prompt", 0, () => undefined);
    table.settle(ok("g1-1", "prompt"), same);
    await p;
    expect(
      table.settle({ type: "response", id: "g1-1", command: "prompt", success: false, error: "boom" }, same),
    ).toEqual({
      kind: "late_prompt_failure",
      id: "g1-1",
      error: "boom",
    });
  });

  it("times out queries, not prompts, and carries the worker's error code", async () => {
    vi.useFakeTimers();
    try {
      const onTimeout = vi.fn();
      const table = createPendingTable();
      const q = table.add("g1-1", "get_state", 0, onTimeout);
      const p = table.add("g1-2", "prompt", 0, onTimeout);
      const caught = q.catch((e: unknown) => e);
      vi.advanceTimersByTime(31_000);
      expect(await caught).toMatchObject({ kind: "timeout" });
      expect(onTimeout).toHaveBeenCalledWith("get_state");
      expect(table.size()).toBe(1);
      table.settle(
        { type: "response", id: "g1-2", command: "prompt", success: false, error: "No model", code: "no_model" },
        same,
      );
      await expect(p).rejects.toMatchObject({ kind: "worker_error", message: "No model", code: "no_model" });
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects everything on exit", async () => {
    const table = createPendingTable();
    const p = table.add("g1-1", "bash", 0, () => undefined);
    const gone = table.rejectAll((type) => new BridgeError("worker_exit", `exit during ${type}`));
    expect(gone).toEqual([{ id: "g1-1", type: "bash" }]);
    await expect(p).rejects.toMatchObject({ kind: "worker_exit", message: "exit during bash" });
  });
});
