// Decouples the stdout reader from the UI (docs/protocol.md §11.6): notices are queued synchronously and
// delivered to listeners in batches on a timer, so a slow listener never stalls parsing.
import type { BridgeNotice } from "./types.js";

/** Where a part of the bridge reports what the UI must know. */
export interface NoticeSink {
  emit(notice: BridgeNotice): void;
}

/** A sink whose owner can deliver what is queued at once (before resolving a promise the UI awaits). */
export interface NoticeChannel extends NoticeSink {
  flushNow(): void;
}

export interface NoticeBatcher extends NoticeChannel {
  subscribe(listener: (batch: readonly BridgeNotice[]) => void): () => void;
  dispose(): void;
}

export function createNoticeBatcher(intervalMs = 16): NoticeBatcher {
  let queue: BridgeNotice[] = [];
  const listeners = new Set<(batch: readonly BridgeNotice[]) => void>();
  let timer: NodeJS.Timeout | undefined;
  let immediate: NodeJS.Immediate | undefined;
  let disposed = false;

  const deliver = (): void => {
    timer = undefined;
    immediate = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const failures: string[] = [];
    for (const listener of [...listeners]) {
      try {
        listener(batch);
      } catch (error) {
        // A throwing listener must not break the others nor the reader; report it as a notice.
        failures.push(error instanceof Error ? error.message : String(error));
      }
    }
    for (const message of failures) {
      emit({ kind: "notification", level: "error", message: `Bridge listener failed: ${message}` });
    }
  };

  const schedule = (): void => {
    if (disposed || timer || immediate) return;
    if (intervalMs <= 0) immediate = setImmediate(deliver);
    else timer = setTimeout(deliver, intervalMs);
  };

  function emit(notice: BridgeNotice): void {
    queue.push(notice);
    schedule();
  }

  return {
    emit,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    flushNow() {
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      deliver();
    },
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      if (immediate) clearImmediate(immediate);
      timer = undefined;
      immediate = undefined;
    },
  };
}
