// The single stdout writer: every protocol frame goes through here, in emission order.
// Frames are batched per event-loop tick (one write syscall for many deltas), streaming
// updates over a few ms (consecutive deltas of one block merged into one frame: delta-merge.ts),
// and flushed synchronously on shutdown. Stray writes by libraries to
// process.stdout go to stderr.
// Configured credential values are masked in every frame (security/credential-guard.ts).

import { serializeFrame } from "../../protocol/jsonl.js";
import { createDeltaMerge } from "./delta-merge.js";
import { maskSecretsInJson } from "../security/credential-guard.js";

export interface FrameSink {
  write(chunk: string): boolean;
  once(event: "drain", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
}

export interface FrameWriter {
  /** Queue one frame; it is written in order, at the latest on the next tick. */
  write(frame: object): void;
  /** Write everything queued now. */
  flush(): void;
  /** Resolves when queued frames have been handed to the sink and the sink drained. */
  drained(): Promise<void>;
  /** Total frames written (for benches and diagnostics). */
  readonly framesWritten: number;
}

export interface FrameWriterOptions {
  sink: FrameSink;
  /** Called once when the sink reports EPIPE or another write error: the client is gone. */
  onClientGone?: (error: Error) => void;
  /** Flush immediately when this many bytes are pending. */
  maxPendingBytes?: number;
  /**
   * Hold streaming updates (message_update, tool_execution_update, bash_execution_update) up to
   * this many ms so that several share one write; any other frame flushes them at the next tick,
   * in order. A model streams a delta every few ms, and a write per delta (a syscall and a wake-up
   * of the reader) was the largest cost of a streamed delta in agent-rpc. 0: every tick.
   */
  coalesceMs?: number;
}

/**
 * How long agent-rpc holds streaming updates to share a write (stdio here, live-socket in
 * live/client-hub.ts). agent-tui draws worker events at most every 100 ms (state/store.ts), so
 * a third of that adds nothing anyone sees, and every write costs a wake-up of the relay
 * (`agent-rpc attach`) and of the TUI as well as the worker's own syscall.
 */
export const STREAM_COALESCE_MS = 32;

const STREAMING_UPDATES = new Set(["message_update", "tool_execution_update", "bash_execution_update"]);

/** A frame that may wait up to STREAM_COALESCE_MS for others to share its write. */
export function isStreamingUpdate(frame: object): boolean {
  return STREAMING_UPDATES.has((frame as { type?: unknown }).type as string);
}

export function createFrameWriter(options: FrameWriterOptions): FrameWriter {
  const maxPending = options.maxPendingBytes ?? 64 * 1024;
  const coalesceMs = options.coalesceMs ?? 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  let scheduled = false;
  let held: ReturnType<typeof setTimeout> | undefined;
  let gone = false;
  let frames = 0;
  let waitingDrain: Promise<void> | undefined;

  options.sink.on("error", (error) => {
    if (gone) return;
    gone = true;
    options.onClientGone?.(error);
  });

  const flush = (): void => {
    merge.release();
    scheduled = false;
    if (held !== undefined) clearTimeout(held);
    held = undefined;
    if (pending.length === 0 || gone) {
      pending = [];
      pendingBytes = 0;
      return;
    }
    const chunk = pending.length === 1 ? (pending[0] as string) : pending.join("");
    pending = [];
    pendingBytes = 0;
    const ok = options.sink.write(chunk);
    if (!ok && !waitingDrain) {
      // Node keeps buffering in order; we only track drain so shutdown can wait for it.
      waitingDrain = new Promise<void>((resolve) => {
        options.sink.once("drain", () => {
          waitingDrain = undefined;
          resolve();
        });
      });
    }
  };

  const queue = (frame: object): void => {
    // Every frame passes the credential guard: a provider error echoing a key stays masked.
    const line = maskSecretsInJson(serializeFrame(frame));
    frames++;
    pending.push(line);
    pendingBytes += line.length;
    if (pendingBytes >= maxPending) flush();
  };
  const merge = createDeltaMerge(queue);

  return {
    write(frame) {
      if (gone) return;
      merge.write(frame);
      if (scheduled) return;
      if (coalesceMs > 0 && isStreamingUpdate(frame)) {
        held ??= setTimeout(flush, coalesceMs);
        return;
      }
      scheduled = true;
      setImmediate(flush);
    },
    flush,
    async drained() {
      flush();
      if (waitingDrain) await waitingDrain;
    },
    get framesWritten() {
      return frames;
    },
  };
}

/**
 * Reserve the real stdout for protocol frames: returns a sink bound to the original
 * `process.stdout.write`, and re-points `process.stdout.write` at stderr so that
 * console.log from libraries, tools or extensions can never corrupt the stream.
 */
export function takeOverStdout(): FrameSink {
  const stdout = process.stdout;
  const realWrite = stdout.write.bind(stdout) as (chunk: string) => boolean;
  const toStderr = ((chunk: string | Uint8Array, encodingOrCb?: unknown, cb?: unknown): boolean => {
    const callback = typeof encodingOrCb === "function" ? encodingOrCb : cb;
    const ok = process.stderr.write(chunk);
    if (typeof callback === "function") (callback as () => void)();
    return ok;
  }) as typeof stdout.write;
  stdout.write = toStderr;
  return {
    write: realWrite,
    once: (event, listener) => stdout.once(event, listener),
    on: (event, listener) => stdout.on(event, listener),
  };
}
