// The restart budget: restarts inside a sliding window with growing back-off (docs/protocol.md §11.2).
import { describe, expect, it } from "vitest";
import { decideRestart } from "../../src/bridge/restart-policy.js";

describe("restart budget", () => {
  it("allows maxRestarts in the window with growing back-off, then refuses", () => {
    const policy = { maxRestarts: 2, windowMs: 1000, backoffMs: [10, 40] };
    const first = decideRestart(policy, [], 0);
    expect(first).toMatchObject({ restart: true, delayMs: 10 });
    const second = decideRestart(policy, first.history, 100);
    expect(second).toMatchObject({ restart: true, delayMs: 40 });
    expect(decideRestart(policy, second.history, 200).restart).toBe(false);
    expect(decideRestart(policy, second.history, 5000).restart).toBe(true);
    expect(decideRestart(false, [], 0).restart).toBe(false);
  });
});
