// Messages for the person (extension notifications and errors, editor text an extension set)
// that no attached client has seen yet: a worker started in place, or left detached, writes them
// while nobody reads. Kept in order and bounded, they reach the next client that attaches.
import type { WireEvent } from "../runtime/wire-events.js";

/** At most this many messages, and this much of their text, wait for a client. */
const MAX_MESSAGES = 100;
const MAX_CHARS = 256 * 1024;

export interface UnseenMessages {
  /** Keep `frame` (event number `seq`) if it is a message for the person. */
  observe(frame: WireEvent, seq: number): void;
  /** A client saw every event up to `seq`. */
  seenUpTo(seq: number): void;
  /** What is still unseen, oldest first (a count of those dropped by the bound first), with their numbers. */
  list(): Array<{ frame: WireEvent; seq: number }>;
}

/** Frames that tell the person something once (states such as a status or a widget are tracked elsewhere). */
function isMessage(frame: WireEvent): boolean {
  if (frame.type === "extension_error") return true;
  if (frame.type !== "extension_ui_request") return false;
  return frame["method"] === "notify" || frame["method"] === "set_editor_text";
}

/** Characters a kept frame costs against the bound (its text fields). */
function weight(frame: WireEvent): number {
  let n = 64;
  for (const key of ["message", "text", "error", "extensionPath", "event"]) {
    const v = frame[key];
    if (typeof v === "string") n += v.length;
  }
  return n;
}

export function createUnseenMessages(maxMessages = MAX_MESSAGES, maxChars = MAX_CHARS): UnseenMessages {
  let kept: Array<{ frame: WireEvent; seq: number; weight: number }> = [];
  let chars = 0;
  let dropped = 0;
  /** Number of the last dropped message: a client that saw past it saw the notice too. */
  let droppedAt = 0;
  return {
    observe(frame, seq) {
      if (!isMessage(frame)) return;
      const w = weight(frame);
      kept.push({ frame, seq, weight: w });
      chars += w;
      while (kept.length > 1 && (kept.length > maxMessages || chars > maxChars)) {
        const first = kept.shift() as { seq: number; weight: number };
        chars -= first.weight;
        dropped += 1;
        droppedAt = first.seq;
      }
    },
    seenUpTo(seq) {
      if (kept.length > 0 && (kept[0] as { seq: number }).seq <= seq) {
        kept = kept.filter((k) => k.seq > seq);
        chars = kept.reduce((sum, k) => sum + k.weight, 0);
      }
      if (dropped > 0 && droppedAt <= seq) dropped = 0;
    },
    list() {
      const out = kept.map(({ frame, seq }) => ({ frame, seq }));
      if (dropped === 0) return out;
      const notice: WireEvent = {
        type: "extension_ui_request",
        id: `live-unseen-dropped-${droppedAt}`,
        method: "notify",
        message:
          `${dropped} earlier message${dropped === 1 ? "" : "s"} from while no client was attached ` +
          `${dropped === 1 ? "was" : "were"} not kept`,
        notifyType: "warning",
      };
      return [{ frame: notice, seq: droppedAt }, ...out];
    },
  };
}
