// The root reducer: extension requests that change the editor, and the run's clock.
import { describe, expect, it } from "vitest";
import { createInitialState } from "../../../src/tui/state/reducer.js";

describe("set_editor_text", () => {
  it("replaces the editor, keeps the old text for undo (Ctrl+_; Ctrl+Z suspends) and says so", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    const { decodeUiRequest } = await import("../../../src/tui/state/ui-requests.js");
    let s = createInitialState();
    s = reduce(s, { type: "editor", op: { op: "insert", text: "my draft" } });
    s = reduce(s, { type: "ui_request", request: decodeUiRequest({ id: "1", method: "set_editor_text", text: "from ext" }, 0), now: 0 });
    expect(s.editor.text).toBe("from ext");
    expect(s.toasts.at(-1)?.text).toContain("ctrl+_");
    s = reduce(s, { type: "editor", op: { op: "undo" } });
    expect(s.editor.text).toBe("my draft");
  });
});

describe("the run's clock", () => {
  it("starts when the run starts, or as long ago as a live worker says its run has gone on", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    let s = reduce(createInitialState(), { type: "agent_event", event: { type: "agent_start" }, now: 50_000 });
    expect(s.run.startedAt).toBe(50_000);
    // Attaching to another live worker's run: its clock, not this one's.
    s = reduce(s, { type: "agent_event", event: { type: "agent_start", runningMs: 12_000 }, now: 60_000 });
    expect(s.run.startedAt).toBe(48_000);
    // A retried attempt's agent_start keeps the clock going.
    s = reduce(s, { type: "agent_event", event: { type: "agent_start" }, now: 70_000 });
    expect(s.run.startedAt).toBe(48_000);
  });
});
