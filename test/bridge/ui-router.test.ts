// Extension UI routing: answers once, closes on cancel, timeout and exit (docs/protocol.md §7.4, §7.6).
import { describe, expect, it, vi } from "vitest";
import { createUiRouter } from "../../src/bridge/ui-router.js";
import type { BridgeNotice } from "../../src/bridge/types.js";

describe("UI router", () => {
  const select = {
    type: "extension_ui_request" as const,
    id: "d1",
    method: "select" as const,
    title: "t",
    options: ["a"],
  };

  it("answers open dialogs once and drops late answers", () => {
    const router = createUiRouter(() => undefined);
    expect(router.handle(select, 1)).toEqual([{ kind: "ui_request", request: select }]);
    expect(router.answer("d1", { value: "a" })).toEqual({ type: "extension_ui_response", id: "d1", value: "a" });
    expect(router.answer("d1", { value: "a" })).toBeUndefined();
    expect(router.answer("nope", { cancelled: true })).toBeUndefined();
  });

  it("closes a dialog on the worker's cancel and on its timeout", () => {
    vi.useFakeTimers();
    try {
      const emitted: BridgeNotice[] = [];
      const router = createUiRouter((n) => emitted.push(n));
      router.handle({ ...select, id: "t1", timeout: 100 }, 1);
      vi.advanceTimersByTime(101);
      expect(emitted).toEqual([{ kind: "ui_request_closed", id: "t1", reason: "timeout" }]);
      expect(router.answer("t1", { value: "a" })).toBeUndefined();
      router.handle(select, 1);
      expect(router.handle({ type: "extension_ui_request", id: "c", method: "cancel", targetId: "d1" }, 1)).toEqual([
        { kind: "ui_request_closed", id: "d1", reason: "cancelled" },
      ]);
      expect(router.openCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("forwards fire-and-forget requests without tracking them", () => {
    const router = createUiRouter(() => undefined);
    router.handle({ type: "extension_ui_request", id: "n", method: "notify", message: "hi" }, 1);
    expect(router.openCount()).toBe(0);
  });

  it("cancels all dialogs with answers on a session change, closes them silently on exit", () => {
    const router = createUiRouter(() => undefined);
    router.handle(select, 1);
    expect(router.cancelAllWithAnswers().frames).toEqual([
      { type: "extension_ui_response", id: "d1", cancelled: true },
    ]);
    router.handle(select, 1);
    expect(router.closeAll()).toEqual([{ kind: "ui_request_closed", id: "d1", reason: "worker_exit" }]);
  });
});
