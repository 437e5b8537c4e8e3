// The one line said when agent-tui attached to a live worker that was running before it: its
// title and state, decoded from the attach answer's `worker` (absent or malformed: nothing said).
import { describe, expect, it } from "vitest";
import { decodeWorkerSummary } from "../../../src/bridge/connection-live.js";
import { attachedLine, liveNoticeActions } from "../../../src/tui/live/live-notices.js";

describe("the attached line", () => {
  it("names the session and how long it has been idle, working or waiting", () => {
    const idle = decodeWorkerSummary({
      attachedBefore: true,
      state: "idle",
      stateMs: 7 * 60_000,
      title: "fix the tests",
    });
    expect(idle && attachedLine("01a24f09-2cb9-7000", idle)).toBe(
      "Attached to live session “fix the tests” (idle 7m) · /resume for others",
    );
    const working = decodeWorkerSummary({ attachedBefore: true, state: "working", stateMs: 5 });
    expect(working && attachedLine("01a24f09-2cb9-7000", working)).toBe(
      "Attached to live session 01a24f09-2cb9 (working) · /resume for others",
    );
    expect(decodeWorkerSummary({ state: "idle" })).toBeUndefined();
    expect(decodeWorkerSummary("x")).toBeUndefined();
  });

  it("is printed after the conversation only for a worker another client attached to before", () => {
    const notice = (attachedBefore: boolean) =>
      liveNoticeActions(
        {
          kind: "live_attached",
          id: "01a24f09-2cb9",
          mode: "first",
          messages: [],
          worker: { attachedBefore, state: "idle", stateMs: 0 },
        },
        0,
      );
    expect(notice(true).at(-1)).toMatchObject({
      type: "notice",
      text: expect.stringContaining("Attached to live session"),
    });
    expect(notice(false).some((a) => a.type === "notice")).toBe(false);
  });
});
