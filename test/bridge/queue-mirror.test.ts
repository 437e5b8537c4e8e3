// The client-side queue mirror for workers without queue_update (docs/protocol.md §6.4).
import { describe, expect, it } from "vitest";
import { EMPTY_QUEUE, mirrorAccepted, mirrorDelivered, mirrorReconcile } from "../../src/bridge/queue-mirror.js";

describe("queue mirror (docs/protocol.md §6.4)", () => {
  it("appends accepted texts, removes delivered ones by text or oldest-first, reconciles to empty", () => {
    let q = mirrorAccepted(EMPTY_QUEUE, "steering", "a");
    q = mirrorAccepted(q, "followUp", "b");
    q = mirrorAccepted(q, "steering", "c");
    expect(mirrorDelivered(q, "b")).toEqual({ steering: ["a", "c"], followUp: [] });
    expect(mirrorDelivered(q, "expanded template text")).toEqual({ steering: ["c"], followUp: ["b"] });
    expect(mirrorReconcile(q, 0)).toEqual(EMPTY_QUEUE);
    expect(mirrorReconcile(q, 3)).toBe(q);
  });
});
