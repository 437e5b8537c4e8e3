// Serialising stdin writer with backpressure (docs/protocol.md §11.6): honours write()→false / 'drain', keeps a
// bounded queue, and rejects new frames with a clear error instead of buffering without limit.
import type { Writable } from "node:stream";
import { BridgeError } from "./errors.js";

export interface WriteQueue {
  /** Queue one complete JSONL record (already ending in "\n"). Throws BridgeError("queue_full"). */
  write(record: string): void;
  /** Frames waiting for 'drain'. */
  queuedFrames(): number;
  queuedBytes(): number;
  /** End the stream once everything queued has been handed to it. */
  end(): void;
  /** Drop everything (the process is gone). */
  discard(): void;
}

export function createWriteQueue(stream: Writable, maxFrames = 1000, maxBytes = 16 * 1024 * 1024): WriteQueue {
  const queue: string[] = [];
  let bytes = 0;
  let blocked = false;
  let ending = false;
  let dead = false;

  const flush = (): void => {
    while (queue.length > 0 && !dead) {
      const record = queue.shift() as string;
      bytes -= Buffer.byteLength(record);
      if (!stream.write(record)) {
        blocked = true;
        return;
      }
    }
    blocked = false;
    if (ending && !dead) stream.end();
  };

  stream.on("drain", () => {
    if (blocked) flush();
  });
  stream.on("close", () => {
    dead = true;
  });

  return {
    write(record) {
      if (dead || ending || stream.destroyed || stream.writableEnded) {
        throw new BridgeError("not_running", "Worker stdin is closed");
      }
      if (!blocked) {
        if (!stream.write(record)) blocked = true;
        return;
      }
      const size = Buffer.byteLength(record);
      if (queue.length >= maxFrames || bytes + size > maxBytes) {
        throw new BridgeError(
          "queue_full",
          `Worker stdin queue is full (${queue.length} frames, ${bytes} bytes waiting): ` +
            "the worker is not reading its input",
        );
      }
      queue.push(record);
      bytes += size;
    },
    queuedFrames: () => queue.length,
    queuedBytes: () => bytes,
    end() {
      ending = true;
      if (!blocked && !dead && !stream.writableEnded) stream.end();
    },
    discard() {
      dead = true;
      queue.length = 0;
      bytes = 0;
    },
  };
}
