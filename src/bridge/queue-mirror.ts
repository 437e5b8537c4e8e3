// Client-side mirror of the steering/follow-up queues (docs/protocol.md §6.4) for workers that send no
// queue_update (oh-my-pi, xcsh), and the last known queues of any worker, so texts lost in a
// crash can be shown for a manual resend (docs/protocol.md §6.5). Pure functions over an immutable value.

export interface QueueMirror {
  readonly steering: readonly string[];
  readonly followUp: readonly string[];
}

export const EMPTY_QUEUE: QueueMirror = { steering: [], followUp: [] };

/** A steer/follow_up (or queued prompt) was accepted by the worker. */
export function mirrorAccepted(queue: QueueMirror, lane: "steering" | "followUp", text: string): QueueMirror {
  return lane === "steering"
    ? { ...queue, steering: [...queue.steering, text] }
    : { ...queue, followUp: [...queue.followUp, text] };
}

/**
 * A user message started: remove the first queued entry with that text (how pi matches), or,
 * when a template/skill expansion changed the text, the oldest entry (steering first).
 */
export function mirrorDelivered(queue: QueueMirror, text: string): QueueMirror {
  if (queue.steering.length === 0 && queue.followUp.length === 0) return queue;
  const s = queue.steering.indexOf(text);
  if (s >= 0) return { ...queue, steering: queue.steering.filter((_, i) => i !== s) };
  const f = queue.followUp.indexOf(text);
  if (f >= 0) return { ...queue, followUp: queue.followUp.filter((_, i) => i !== f) };
  if (queue.steering.length > 0) return { ...queue, steering: queue.steering.slice(1) };
  return { ...queue, followUp: queue.followUp.slice(1) };
}

/** get_state says nothing is pending: the mirror must be empty too. */
export function mirrorReconcile(queue: QueueMirror, pendingCount: number): QueueMirror {
  return pendingCount === 0 && (queue.steering.length > 0 || queue.followUp.length > 0) ? EMPTY_QUEUE : queue;
}

/** Text of a user message's content (string or text blocks). */
export function userMessageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((b: unknown) =>
      typeof b === "object" && b !== null && (b as { type?: unknown }).type === "text"
        ? String((b as { text?: unknown }).text ?? "")
        : "",
    )
    .join("");
}

export interface QueueTracker {
  /**
   * Every event passes here (queue_update replaces the mirror; user message_start drains it).
   * Returns a user-facing note when a message got queued on a worker that will not run it yet.
   */
  onEvent(
    event: { type: string; message?: unknown; steering?: unknown; followUp?: unknown },
    idleWithoutAutoRun: boolean,
  ): string | undefined;
  /** A command succeeded; `queuedPrompt` is true for a prompt with streamingBehavior during a run. */
  onAccepted(type: string, fields: Record<string, unknown>, queuedPrompt: boolean): void;
  onPendingCount(count: number): void;
  /** The worker is gone: return what was queued (lost) and clear. */
  takeLost(): { lane: "steering" | "followUp"; text: string }[];
  current(): QueueMirror;
}

/**
 * Tracks the queues; in mirror mode (worker without queue_update) it maintains them itself and
 * emits synthesised queue_update events so the UI handles one form.
 */
export function createQueueTracker(
  mirrorMode: () => boolean,
  emitQueueUpdate: (queue: QueueMirror) => void,
): QueueTracker {
  let queue: QueueMirror = EMPTY_QUEUE;
  const set = (next: QueueMirror, announce: boolean): void => {
    if (next === queue) return;
    queue = next;
    if (announce) emitQueueUpdate(queue);
  };
  const strings = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

  return {
    onEvent(event, idleWithoutAutoRun) {
      if (event.type === "queue_update") {
        const before = queue.steering.length + queue.followUp.length;
        set({ steering: strings(event.steering), followUp: strings(event.followUp) }, false);
        // docs/protocol.md §6.6: pi only enqueues steer/follow_up while idle; the text waits for the next prompt.
        if (idleWithoutAutoRun && queue.steering.length + queue.followUp.length > before) {
          return "Queued message will be delivered with the next prompt (this worker does not start a run for it)";
        }
        return undefined;
      }
      if (event.type !== "message_start" || !mirrorMode()) return undefined;
      const message = event.message;
      if (typeof message !== "object" || message === null || (message as { role?: unknown }).role !== "user")
        return undefined;
      set(mirrorDelivered(queue, userMessageText((message as { content?: unknown }).content)), true);
      return undefined;
    },
    onAccepted(type, fields, queuedPrompt) {
      if (!mirrorMode()) return;
      const text = typeof fields["message"] === "string" ? fields["message"] : "";
      if (type === "steer" || (queuedPrompt && fields["streamingBehavior"] === "steer"))
        set(mirrorAccepted(queue, "steering", text), true);
      else if (type === "follow_up" || (queuedPrompt && fields["streamingBehavior"] === "followUp"))
        set(mirrorAccepted(queue, "followUp", text), true);
    },
    onPendingCount(count) {
      if (mirrorMode()) set(mirrorReconcile(queue, count), true);
    },
    takeLost() {
      const lost = [
        ...queue.steering.map((text) => ({ lane: "steering" as const, text })),
        ...queue.followUp.map((text) => ({ lane: "followUp" as const, text })),
      ];
      queue = EMPTY_QUEUE;
      return lost;
    },
    current: () => queue,
  };
}
