// What the store keeps for the transcript view: a tool's whole output (bounded per entry, head
// and tail kept past the bound) and a compaction's summary next to its one-line notice.
import { describe, expect, it } from "vitest";
import { toClientEvent } from "../../../src/bridge/index.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import { boundOutput, MAX_KEPT_OUTPUT_CHARS } from "../../../src/tui/state/bounded-text.js";
import { blockPlainText } from "../../../src/tui/transcript-view/block-content.js";
import { committedBlocks } from "../../../src/tui/transcript-view/view-blocks.js";

describe("store data for the transcript view", () => {
  it("keeps a tool's whole output, and head and tail of a runaway one", () => {
    let s = createInitialState();
    const full = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join("\n");
    s = reduce(s, {
      type: "agent_event",
      event: { type: "tool_execution_start", toolCallId: "a", toolName: "bash", args: { command: "x" } },
      now: 0,
    });
    s = reduce(s, {
      type: "agent_event",
      event: {
        type: "tool_execution_end",
        toolCallId: "a",
        toolName: "bash",
        result: { text: full, details: undefined, images: 0 },
        isError: false,
        todos: undefined,
      },
      now: 1,
    });
    const entry = s.transcript.committed.at(-1);
    expect(entry?.kind === "tool" ? entry.run.output?.text : undefined).toBe(full);

    const huge = `HEAD${"x".repeat(MAX_KEPT_OUTPUT_CHARS)}TAIL`;
    const kept = boundOutput(huge);
    expect(kept.length).toBeLessThan(MAX_KEPT_OUTPUT_CHARS + 100);
    expect(kept.startsWith("HEAD")).toBe(true);
    expect(kept.endsWith("TAIL")).toBe(true);
    expect(kept).toContain("8 characters not kept in memory");
  });

  it("keeps a compaction's summary for the view", () => {
    let s = createInitialState();
    const event = toClientEvent({
      type: "compaction_end",
      reason: "threshold",
      aborted: false,
      willRetry: false,
      result: { summary: "## Goal\nShip the view.", tokensBefore: 1200 },
    });
    if (!event) throw new Error("compaction_end is a protocol event");
    s = reduce(s, { type: "agent_event", event, now: 0 });
    const notice = s.transcript.committed.at(-1);
    expect(notice).toMatchObject({
      kind: "notice",
      text: "Context compacted (threshold) from 1,200 tokens",
      detail: "## Goal\nShip the view.",
    });
    const block = committedBlocks(s.transcript.committed).blocks.at(-1);
    expect(block && blockPlainText(block)).toContain("Ship the view.");
  });
});

describe("the view's blocks when a session's earlier entries are inserted", () => {
  it("rebuilds the blocks after them instead of reusing the ones by position", () => {
    const user = (text: string, unprinted = false) => ({
      kind: "user" as const,
      text,
      images: 0,
      ...(unprinted ? { unprinted: true as const } : {}),
    });
    let s = reduce(createInitialState(), { type: "history", entries: [user("earlier session")] });
    s = reduce(s, { type: "history", entries: [user("tail 1"), user("tail 2")], olderFollow: true });
    const first = committedBlocks(s.transcript.committed);
    s = reduce(s, {
      type: "history_older",
      entries: [user("older 1", true), user("older 2", true)],
      before: s.transcript.olderBefore ?? -1,
    });
    const texts = committedBlocks(s.transcript.committed, first).blocks.map((b) =>
      b.kind === "user" ? b.entry.text : b.kind,
    );
    expect(texts).toEqual(["earlier session", "older 1", "older 2", "tail 1", "tail 2"]);
  });
});
