// An answer read from a session file written elsewhere may lack usage, or part of it: decoding
// fills the missing figures with 0, so counting tokens or cost (get_session_stats, a live
// worker's attach answer, the export) never throws on it and the worker keeps running.
import { describe, expect, it } from "vitest";
import { decodeEntry } from "../../../src/agent/session/decode.js";
import { sessionTotals } from "../../../src/agent/session/stats.js";
import type { SessionEntry } from "../../../src/agent/session/types.js";

const record = (id: string, message: Record<string, unknown>): unknown => ({
  type: "message",
  id,
  parentId: null,
  timestamp: "2026-12-07T08:00:00.000Z",
  message,
});

describe("assistant messages without usage in a session file", () => {
  it("decode with zero usage where it is missing, and keep the figures that are there", () => {
    const bare = decodeEntry(
      record("a", { role: "assistant", content: [{ type: "text", text: "hi" }], stopReason: "stop" }),
    );
    const partial = decodeEntry(
      record("b", { role: "assistant", content: [], usage: { input: 12, cost: { total: 0.5 } } }),
    );
    expect(bare).toMatchObject({
      message: { usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { total: 0 } } },
    });
    expect(partial).toMatchObject({
      message: { usage: { input: 12, output: 0, totalTokens: 0, cost: { total: 0.5, input: 0 } } },
    });
    const totals = sessionTotals([bare, partial].filter((e): e is SessionEntry => e !== undefined));
    expect(totals.tokens).toMatchObject({ input: 12, output: 0, total: 12 });
    expect(totals.cost).toBe(0.5);
    expect(totals.assistantMessages).toBe(2);
  });

  it("leave a user message as it is", () => {
    const entry = decodeEntry(record("u", { role: "user", content: "hello" }));
    expect(entry).toMatchObject({ message: { role: "user", content: "hello" } });
    expect(entry && "message" in entry ? "usage" in entry.message : true).toBe(false);
  });
});
