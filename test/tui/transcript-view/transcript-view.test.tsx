// The transcript view inside the whole app (ink-testing-library): Ctrl+O opens it with every
// block, <Static> holds back entries committed while it is up, it follows a streaming run at
// the bottom, a dialog that arrives takes the keyboard at once, `y` copies the block under the
// cursor, and q gives the keyboard back to the editor.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "ink-testing-library";
import type { CopyResult } from "../../../src/tui/terminal/clipboard.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { VIEW_FRAME_TAG } from "../../../src/tui/transcript-view/screen-switch.js";
import { openUiRequest, setupApp, type AppHarness } from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

const CTRL_O = "\u000f";

afterEach(() => cleanup());

/** The last frame (in this test renderer: what <Static> printed, then the live frame). */
function screen(s: AppHarness): string {
  return stripSgr(s.frame()).split(VIEW_FRAME_TAG).join("");
}

/** Only the transcript view's own frame. */
function viewFrame(s: AppHarness): string {
  const frame = s.frame();
  const at = frame.indexOf(VIEW_FRAME_TAG);
  return at === -1 ? "" : stripSgr(frame.slice(at + VIEW_FRAME_TAG.length));
}

function fill(s: AppHarness): void {
  const run = {
    id: "t1",
    name: "bash",
    args: { command: "seq 40" },
    startedAt: 0,
    endedAt: 50,
    status: "done" as const,
    output: { text: Array.from({ length: 40 }, (_, i) => `row-${i + 1}`).join("\n"), details: undefined, images: 0 },
  };
  s.store.dispatch({
    type: "agent_event",
    event: { type: "message_end", message: { role: "user", blocks: [{ type: "text", text: "count to forty" }] } },
    now: 0,
  });
  s.store.dispatch({
    type: "agent_event",
    event: { type: "tool_execution_start", toolCallId: "t1", toolName: "bash", args: run.args },
    now: 0,
  });
  s.store.dispatch({
    type: "agent_event",
    event: {
      type: "tool_execution_end",
      toolCallId: "t1",
      toolName: "bash",
      result: run.output,
      isError: false,
      todos: undefined,
    },
    now: 50,
  });
  s.store.dispatch({
    type: "agent_event",
    event: { type: "message_end", message: { role: "assistant", blocks: [{ type: "text", text: "Counted." }] } },
    now: 60,
  });
}

async function open(s: AppHarness): Promise<void> {
  s.stdin.write(CTRL_O);
  await waitFor(() => screen(s).includes("q back"), "the transcript view");
}

describe("transcript view in the app", () => {
  it("opens with Ctrl+O on every block and returns the keyboard to the editor with q", async () => {
    const s = setupApp();
    fill(s);
    await open(s);
    expect(s.frame()).toContain(VIEW_FRAME_TAG);
    expect(screen(s)).toContain("Counted.");
    s.stdin.write("g");
    await waitFor(() => /^▌ .*count to forty/.test(viewFrame(s)), "the first prompt at the top, under the cursor");
    expect(viewFrame(s)).toContain("row-20");
    s.stdin.write("q");
    await waitFor(() => screen(s).includes("message the agent"), "the editor");
    expect(s.store.getState().ui.transcriptView).toBeUndefined();
    s.stdin.write("x");
    await waitFor(() => s.store.getState().editor.text === "x", "typing in the editor");
  });

  it("draws each row's gutter mark and text as one row: ▌ on the cursor row, │ on the rest of its block, the tag first", async () => {
    const s = setupApp();
    fill(s);
    await open(s);
    s.stdin.write("g");
    await waitFor(() => /^▌ .*count to forty/.test(viewFrame(s)), "the first prompt at the top, under the cursor");
    s.stdin.write("}");
    await waitFor(() => /^▌ ✓ bash/.test(viewFrame(s)), "the tool call at the top, under the cursor");
    const rows = viewFrame(s).split("\n");
    expect(rows[1]).toBe("│   $ seq 40");
    const output = rows.filter((r) => /row-\d+$/.test(r));
    expect(output.length).toBeGreaterThan(10);
    expect(output).toEqual(output.map((_, i) => `│   row-${i + 1}`));
    // The frame's first row starts right after the tag that puts it on the alternate screen.
    const afterTag = s.frame().split(VIEW_FRAME_TAG)[1] ?? "";
    expect(stripSgr(afterTag).startsWith("▌ ✓ bash")).toBe(true);
  });

  it("holds back <Static> while open and follows a run that streams at the bottom", async () => {
    const s = setupApp();
    fill(s);
    await open(s);
    expect(s.store.getState().ui.transcriptView?.staticCount).toBe(s.store.getState().transcript.committed.length);
    s.store.dispatch({
      type: "agent_event",
      event: { type: "message_start", message: { role: "assistant", blocks: [] } },
      now: 70,
    });
    s.store.dispatch({
      type: "agent_event",
      event: {
        type: "message_update",
        delta: { kind: "text_delta", index: 0, delta: "Streaming a live line" },
        usage: undefined,
        snapshot: undefined,
      },
      now: 71,
    });
    await waitFor(() => screen(s).includes("Streaming a live line"), "the streaming text in the view");
    s.store.dispatch({
      type: "agent_event",
      event: {
        type: "message_end",
        message: { role: "assistant", blocks: [{ type: "text", text: "Streaming a live line, done." }] },
      },
      now: 72,
    });
    await waitFor(() => screen(s).includes("Streaming a live line, done."), "the committed answer in the view");
    // Not printed to the main screen while the view is up; printed once it closes.
    const printed = (): string => stripSgr(s.frame().split(VIEW_FRAME_TAG)[0] ?? "");
    expect(printed()).toContain("Counted.");
    expect(printed()).not.toContain("Streaming a live line, done.");
    s.stdin.write("q");
    await waitFor(() => screen(s).includes("message the agent"), "the live view");
    expect(printed()).toContain("Streaming a live line, done.");
  });

  it("takes keys typed faster than one read one by one: '/' then the search text", async () => {
    const s = setupApp();
    fill(s);
    await open(s);
    s.stdin.write("g/row-3");
    await waitFor(() => viewFrame(s).includes("/row-3█"), "the search prompt with the text");
    s.stdin.write("9\r");
    await waitFor(() => /▌ +row-39/.test(viewFrame(s)), "the match under the cursor");
  });

  it("gives the keyboard to a dialog that opens while the view is up, then takes it back", async () => {
    const s = setupApp();
    fill(s);
    await open(s);
    openUiRequest(s, { id: "d1", method: "confirm", title: "Run it?", message: "really" });
    await waitFor(() => viewFrame(s).includes("Run it?"), "the dialog inside the view");
    expect(viewFrame(s)).toContain("q back");
    s.stdin.write("y");
    await waitFor(() => s.conn.responses.length === 1, "the answer");
    expect(s.conn.responses[0]).toEqual({ id: "d1", response: { confirmed: true } });
    await waitFor(() => !viewFrame(s).includes("Run it?"), "the dialog to go");
    expect(viewFrame(s)).toContain("q back");
    s.stdin.write("k");
    s.stdin.write("q");
    await waitFor(() => s.store.getState().ui.transcriptView === undefined, "the view to close");
  });

  it("scrolls with the mouse wheel and re-wraps when the terminal narrows", async () => {
    const s = setupApp();
    fill(s);
    s.store.dispatch({ type: "notice", level: "info", text: `long ${"word ".repeat(30)}end` });
    await open(s);
    s.stdin.write("g");
    await waitFor(() => viewFrame(s).includes("count to forty"), "the top");
    s.stdin.write("\u001b[<65;10;5M");
    await waitFor(() => !viewFrame(s).includes("count to forty"), "a wheel scroll down");
    s.stdin.write("\u001b[<64;10;5M");
    await waitFor(() => viewFrame(s).includes("count to forty"), "a wheel scroll up");
    s.stdin.write("G");
    s.store.dispatch({ type: "resize", columns: 40, rows: 30 });
    await waitFor(
      () => viewFrame(s).includes("end") && !viewFrame(s).includes("q back · j/k f/b g/G · [ ] prompts"),
      "the narrow layout",
    );
    const rows = viewFrame(s)
      .split("\n")
      .filter((r) => r.includes("word"));
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) expect(r.trimEnd().length).toBeLessThanOrEqual(39);
  });

  it("copies the block under the cursor as plain text with y and says what was done", async () => {
    const copied: string[] = [];
    const copy = async (text: string): Promise<CopyResult> => {
      copied.push(text);
      return { osc52: true, bytes: text.length, program: undefined, file: undefined, error: undefined };
    };
    const s = setupApp({ copy });
    fill(s);
    await open(s);
    s.stdin.write("{");
    await waitFor(() => /^▌ .*✓ bash/.test(viewFrame(s)), "the tool call under the cursor");
    s.stdin.write("y");
    await waitFor(() => screen(s).includes("Block: sent to the terminal clipboard (OSC 52)."), "the copy report");
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain("$ seq 40");
    expect(copied[0]).toContain("row-1\nrow-2");
    expect(copied[0]).toContain("row-40");
    expect(copied[0]).not.toMatch(/\u001b/);
  });
});
