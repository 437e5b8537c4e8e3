// The root reducer: extension requests that change the editor, the run's clock, and a worker that dies mid-answer.
import { describe, expect, it } from "vitest";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { uiRequestOf } from "../helpers/ui-request.js";

describe("set_editor_text", () => {
  it("replaces the editor, keeps the old text for undo (Ctrl+_; Ctrl+Z suspends) and says so", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    let s = createInitialState();
    s = reduce(s, { type: "editor", op: { op: "insert", text: "my draft" } });
    s = reduce(s, {
      type: "ui_request",
      request: uiRequestOf({ id: "1", method: "set_editor_text", text: "from ext" }, 0),
      now: 0,
    });
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

describe("a worker that dies mid-answer", () => {
  const started = (
    s: ReturnType<typeof createInitialState>,
    reduce: typeof import("../../../src/tui/state/reducer.js").reduce,
  ) => {
    let next = reduce(s, { type: "run_state", busy: true, now: 0 });
    next = reduce(next, {
      type: "agent_event",
      event: { type: "message_start", message: { role: "assistant", blocks: [{ type: "text", text: "" }] } },
      now: 0,
    });
    const update = {
      type: "message_update",
      delta: { kind: "text_delta", index: 0, delta: "Half an ans" },
      usage: undefined,
      snapshot: undefined,
    } as const;
    return reduce(next, { type: "agent_event", event: update, now: 0 });
  };

  it("commits the partial answer with a not-saved line right under it, an entry the transcript view shows too", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    const { UNSAVED_ANSWER } = await import("../../../src/tui/state/worker-death.js");
    let s = started(createInitialState(), reduce);
    s = reduce(s, { type: "worker_status", status: "crashed", detail: "killed by SIGKILL", now: 0 });
    const tail = s.transcript.committed.slice(-3).map((e) => ("text" in e ? e.text : e.kind));
    const died = "The worker died (killed by SIGKILL); the unfinished answer was lost.";
    expect(tail).toEqual(["Half an ans", UNSAVED_ANSWER, died]);
    expect(s.transcript.live).toBeUndefined();
    // The run timer stops with the worker.
    expect(s.run).toMatchObject({ busy: false, startedAt: undefined });
    // The restart that follows adds nothing: the footer shows it, and its end is said by recovery.
    const before = s.transcript.committed.length;
    s = reduce(s, { type: "worker_status", status: "restarting", detail: undefined, now: 0 });
    expect(s.transcript.committed).toHaveLength(before);
    expect(s.footer.worker).toBe("restarting");
  });

  it("a dead worker's queue leaves the queue pane; what it held is said with its text and kept in the history", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    const { noticesToActions } = await import("../../../src/tui/session/bridge-notices.js");
    let s = started(createInitialState(), reduce);
    s = reduce(s, {
      type: "agent_event",
      event: { type: "queue_update", steering: [], followUp: ["and then the tests"] },
      now: 0,
    });
    expect(s.queue.followUp).toEqual(["and then the tests"]);
    s = reduce(s, { type: "worker_status", status: "crashed", detail: "killed by SIGKILL", now: 0 });
    expect(s.queue).toEqual({ steering: [], followUp: [] });
    for (const a of noticesToActions([{ kind: "queue_lost", lane: "followUp", text: "and then the tests" }], 0))
      s = reduce(s, a);
    const last = s.transcript.committed.at(-1);
    expect(last && "text" in last ? last.text : "").toBe(
      'Not sent: the worker died with this follow-up still queued: "and then the tests". It is in the prompt history (Up).',
    );
    expect(s.editor.history.at(-1)).toBe("and then the tests");
  });

  it("a request whose outcome is unknown names the message it carried, on one line", async () => {
    const { noticesToActions } = await import("../../../src/tui/session/bridge-notices.js");
    const texts = noticesToActions(
      [
        { kind: "indeterminate", what: "prompt (request 7) had no response", text: "fix the\nparser" },
        { kind: "indeterminate", what: "tool bash (call-1) started without a result" },
      ],
      0,
    ).map((a) => (a.type === "notice" ? a.text : a.type));
    expect(texts).toEqual([
      'Outcome unknown: prompt (request 7) had no response: "fix the parser"',
      "Outcome unknown: tool bash (call-1) started without a result",
    ]);
  });

  it("a lost link alone claims nothing about the worker and keeps the answer streaming", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    let s = started(createInitialState(), reduce);
    s = reduce(s, { type: "worker_status", status: "reconnecting", detail: undefined, now: 0 });
    const last = s.transcript.committed.at(-1);
    expect(last && "text" in last ? last.text : "").toBe("Lost the link to the worker. Reconnecting…");
    expect(s.transcript.live).toBeDefined();
  });
});
