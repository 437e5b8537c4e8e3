// Consecutive streamed deltas of one content block become one message_update while they wait for
// their write. A fast provider sends a delta of a few bytes every fraction of a millisecond; each
// one was a frame on the wire: serialised, masked, logged for replay and queued here, then read,
// parsed and folded into the state by the client, although the client draws at most every 100 ms.
// The merged frame is a valid message_update of the same sub-event (docs/protocol.md §4.2): its
// delta is the deltas' text in order and its usage the latest; any other frame, a write or a
// flush sends the held one first, so the order of frames on the wire is kept.

const MERGEABLE = new Set(["text_delta", "thinking_delta", "toolcall_delta"]);

type Delta = { type: string; contentIndex: unknown; delta: string };

/** The sub-event of a message_update whose delta may be joined to the next one, or undefined. */
function mergeableDelta(frame: object): Delta | undefined {
  const f = frame as { type?: unknown; assistantMessageEvent?: unknown };
  if (f.type !== "message_update") return undefined;
  const event = f.assistantMessageEvent as Partial<Delta> | undefined;
  if (typeof event !== "object" || event === null) return undefined;
  if (!MERGEABLE.has(event.type as string) || typeof event.delta !== "string") return undefined;
  return event as Delta;
}

export interface DeltaMerge {
  /** Holds a mergeable delta (joining it to the held one of the same block), else sends it after the held one. */
  write(frame: object): void;
  /** Sends the held delta now, if any. */
  release(): void;
  /** Whether a delta is held (the caller makes sure a flush comes). */
  readonly holding: boolean;
  /** Characters of delta text held. */
  readonly heldChars: number;
}

/** Merges deltas in front of `send`, which receives every frame in order. */
export function createDeltaMerge(send: (frame: object) => void): DeltaMerge {
  let held: Record<string, unknown> | undefined;
  let heldEvent: Delta | undefined;
  let parts: string[] = [];
  let chars = 0;

  const release = (): void => {
    if (held === undefined || heldEvent === undefined) return;
    const frame = held;
    if (parts.length > 1) frame["assistantMessageEvent"] = { ...heldEvent, delta: parts.join("") };
    held = undefined;
    heldEvent = undefined;
    parts = [];
    chars = 0;
    send(frame);
  };

  return {
    write(frame) {
      const event = mergeableDelta(frame);
      if (event === undefined) {
        release();
        send(frame);
        return;
      }
      if (heldEvent !== undefined && held !== undefined) {
        if (heldEvent.type === event.type && heldEvent.contentIndex === event.contentIndex) {
          parts.push(event.delta);
          chars += event.delta.length;
          // The latest usage so far, as the last of the merged frames carried.
          if ("usage" in frame) held["usage"] = (frame as { usage: unknown }).usage;
          return;
        }
        release();
      }
      held = { ...(frame as Record<string, unknown>) };
      heldEvent = event;
      parts = [event.delta];
      chars = event.delta.length;
    },
    release,
    get holding() {
      return held !== undefined;
    },
    get heldChars() {
      return chars;
    },
  };
}
