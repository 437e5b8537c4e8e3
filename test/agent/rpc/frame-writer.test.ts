// The stdout writer: streaming updates written in quick succession share one write; any other
// frame goes out at the next tick and takes the held updates with it, in emission order;
// consecutive deltas of one content block become one frame.
import { describe, expect, it } from "vitest";
import { createFrameWriter, type FrameSink } from "../../../src/agent/rpc/frame-writer.js";

function recordingSink(): { sink: FrameSink; writes: string[]; next: () => Promise<string> } {
  const writes: string[] = [];
  const waiters: ((chunk: string) => void)[] = [];
  const sink: FrameSink = {
    write: (chunk) => {
      writes.push(chunk);
      waiters.shift()?.(chunk);
      return true;
    },
    once: () => sink,
    on: () => sink,
  };
  return { sink, writes, next: () => new Promise((r) => waiters.push(r)) };
}

/** A text delta `d<n>` of content block `block` (each block its own by default: nothing merges). */
const delta = (n: number, block = n) => ({
  type: "message_update",
  assistantMessageEvent: { type: "text_delta", contentIndex: block, delta: `d${n}` },
});
const types = (chunk: string): string[] =>
  chunk
    .trim()
    .split("\n")
    .map((l) => {
      const f = JSON.parse(l) as { type: string; assistantMessageEvent?: { delta: string } };
      return f.assistantMessageEvent?.delta ?? f.type;
    });

describe("frame writer", () => {
  it("writes streaming updates from several ticks in one write", async () => {
    const { sink, writes } = recordingSink();
    const writer = createFrameWriter({ sink, coalesceMs: 60_000 });
    for (let n = 0; n < 3; n += 1) {
      writer.write(delta(n));
      await new Promise((r) => setImmediate(r));
    }
    expect(writes).toEqual([]);
    await writer.drained();
    expect(writes.map(types)).toEqual([["d0", "d1", "d2"]]);
  });

  it("writes held streaming updates when the hold ends, with no other frame", async () => {
    const { sink, next } = recordingSink();
    const writer = createFrameWriter({ sink, coalesceMs: 5 });
    const written = next();
    writer.write(delta(0));
    expect(types(await written)).toEqual(["d0"]);
  });

  it("sends any other frame at the next tick, with the held updates before it", async () => {
    const { sink, next } = recordingSink();
    const writer = createFrameWriter({ sink, coalesceMs: 60_000 });
    const written = next();
    writer.write(delta(0));
    writer.write(delta(1));
    writer.write({ type: "response", command: "get_state", success: true });
    writer.write(delta(2));
    expect(types(await written)).toEqual(["d0", "d1", "response", "d2"]);
    const later = next();
    writer.write(delta(3));
    await writer.drained();
    expect(types(await later)).toEqual(["d3"]);
  });

  it("without coalescing writes every tick", async () => {
    const { sink, writes } = recordingSink();
    const writer = createFrameWriter({ sink });
    writer.write(delta(0));
    await new Promise((r) => setImmediate(r));
    writer.write(delta(1));
    await new Promise((r) => setImmediate(r));
    expect(writes.map(types)).toEqual([["d0"], ["d1"]]);
  });

  it("merges consecutive deltas of one block into one frame, its usage the latest", async () => {
    const { sink, next } = recordingSink();
    const writer = createFrameWriter({ sink, coalesceMs: 60_000 });
    const written = next();
    writer.write({ ...delta(0, 1), usage: { output: 1 } });
    writer.write({ ...delta(1, 1), usage: { output: 2 } });
    writer.write({
      type: "message_update",
      assistantMessageEvent: { type: "thinking_delta", contentIndex: 1, delta: "t" },
    });
    writer.write(delta(2, 2));
    writer.write(delta(3, 2));
    writer.write({ type: "message_end" });
    const lines = (await written)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(
      lines.map((f) => (f["assistantMessageEvent"] as { delta?: string } | undefined)?.delta ?? f["type"]),
    ).toEqual(["d0d1", "t", "d2d3", "message_end"]);
    expect(lines[0]).toEqual({
      type: "message_update",
      assistantMessageEvent: { type: "text_delta", contentIndex: 1, delta: "d0d1" },
      usage: { output: 2 },
    });
    expect(writer.framesWritten).toBe(4);
  });

  it("sends a held delta before a response written after it", async () => {
    const { sink, next } = recordingSink();
    const writer = createFrameWriter({ sink, coalesceMs: 60_000 });
    const written = next();
    writer.write(delta(0, 0));
    writer.write({ type: "response", command: "get_state", success: true });
    writer.write(delta(1, 0));
    await writer.drained();
    expect(types(await written)).toEqual(["d0", "response", "d1"]);
  });
});
