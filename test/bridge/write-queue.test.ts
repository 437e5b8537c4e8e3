// The bounded stdin queue: drain, order, refusal when full (docs/protocol.md §11.6).
import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createWriteQueue } from "../../src/bridge/write-queue.js";
import { BridgeError } from "../../src/bridge/errors.js";

describe("write queue", () => {
  it("waits for drain, keeps order and rejects when the bound is reached", async () => {
    const written: string[] = [];
    let release: (() => void) | undefined;
    const sink = new Writable({
      highWaterMark: 4,
      write(chunk: Buffer, _enc, callback) {
        written.push(chunk.toString());
        release = callback;
      },
    });
    const queue = createWriteQueue(sink, 2, 1000);
    queue.write("aaaaa\n"); // exceeds highWaterMark → blocked
    queue.write("b\n");
    queue.write("c\n");
    expect(queue.queuedFrames()).toBe(2);
    expect(() => queue.write("d\n")).toThrow(/queue is full/);
    while (written.length < 3) {
      release?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(written).toEqual(["aaaaa\n", "b\n", "c\n"]);
    expect(queue.queuedFrames()).toBe(0);
  });

  it("refuses writes after end", () => {
    const queue = createWriteQueue(new PassThrough());
    queue.end();
    expect(() => queue.write("x\n")).toThrow(BridgeError);
  });
});
