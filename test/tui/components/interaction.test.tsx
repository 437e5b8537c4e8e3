// ink-testing-library: the keymap + controller choose prompt / steer / follow-up / abort from
// state, and each dialog answers with the right shape.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup } from "ink-testing-library";
import {
  openUiRequest,
  setupApp as setup,
  typeText as type,
  type AppHarness as Setup,
} from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

const ENTER = "\r";
const ALT_ENTER = "\u001b\r";
const ESC = "\u001b";

afterEach(() => cleanup());

describe("submitting", () => {
  it("Enter when idle sends a prompt and clears the editor", async () => {
    const s = setup();
    await type(s, "hello");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.calls.some((c) => c.method === "prompt"), "prompt");
    expect(s.conn.calls.find((c) => c.method === "prompt")?.args).toEqual(["hello"]);
    expect(s.store.getState().editor.text).toBe("");
  });

  it("Enter while busy steers; Alt+Enter and Ctrl+F queue follow-ups", async () => {
    const s = setup();
    s.store.dispatch({ type: "run_state", busy: true, now: Date.now() });
    await type(s, "steer me");
    s.stdin.write(ENTER);
    await type(s, "later 1");
    s.stdin.write(ALT_ENTER);
    await type(s, "later 2");
    s.stdin.write("\u0006");
    await waitFor(() => s.conn.calls.filter((c) => c.method === "prompt").length === 3, "three prompts");
    expect(s.conn.calls.filter((c) => c.method === "prompt").map((c) => c.args)).toEqual([
      ["steer me", { streamingBehavior: "steer" }],
      ["later 1", { streamingBehavior: "followUp" }],
      ["later 2", { streamingBehavior: "followUp" }],
    ]);
  });

  it("Esc aborts only while the agent works", async () => {
    const s = setup();
    s.stdin.write(ESC);
    // Ink holds a lone Esc until the next turn of the event loop (it could start a sequence),
    // then handles it; the key typed after it showing proves the Esc was handled, alone.
    await new Promise((r) => setImmediate(r));
    await type(s, "x");
    expect(s.conn.calls.some((c) => c.method === "abort")).toBe(false);
    s.store.dispatch({ type: "run_state", busy: true, now: Date.now() });
    s.stdin.write(ESC);
    await waitFor(() => s.conn.calls.some((c) => c.method === "abort"), "abort");
  });

  it("Shift+Enter (kitty), Ctrl+J and bracketed paste insert newlines and never submit", async () => {
    const s = setup();
    await type(s, "a");
    s.stdin.write("\u001b[13;2u");
    s.stdin.write("\n");
    s.stdin.write("\u001b[200~");
    s.stdin.write("line1\rline2\r");
    s.stdin.write(ENTER);
    s.stdin.write("\u001b[201~");
    await waitFor(
      () => s.store.getState().editor.text.includes("line2"),
      `paste: ${JSON.stringify(s.store.getState().editor)}`,
    );
    expect(s.conn.calls.some((c) => c.method === "prompt")).toBe(false);
    expect(s.store.getState().editor.text.split("\n").length).toBeGreaterThanOrEqual(4);
  });

  it("Up walks history; Ctrl+C clears, then exits when pressed twice on the empty editor", async () => {
    const s = setup();
    await type(s, "first");
    s.stdin.write(ENTER);
    await waitFor(() => s.store.getState().editor.text === "", "clear");
    s.stdin.write("\u001b[A");
    await waitFor(() => s.store.getState().editor.text === "first", "history");
    s.stdin.write("\u0003");
    await waitFor(() => s.store.getState().editor.text === "", "ctrl+c clear");
    s.stdin.write("\u0003");
    await waitFor(() => s.frame().includes("Press Ctrl+C again to exit"), "exit armed");
    expect(s.exited()).toBe(false);
    s.stdin.write("\u0003");
    await waitFor(() => s.exited(), "exit");
  });

  it("Alt+Up pulls queued messages back into the editor", async () => {
    const s = setup();
    s.store.dispatch({
      type: "agent_event",
      event: { type: "queue_update", steering: ["fix x"], followUp: ["then y"] },
      now: 0,
    });
    await waitFor(() => s.frame().includes("↳ Alt+Up to edit all queued messages"), "queue pane with its hint");
    const cleared: string[] = [];
    // The worker's answer (what it really removed) is what goes back into the editor.
    (s.conn.rpc as unknown as Record<string, unknown>)["clearQueue"] = async () => {
      cleared.push("all");
      return { steering: ["fix x"], followUp: ["then y"] };
    };
    s.stdin.write("\u001b[1;3A");
    await waitFor(() => s.store.getState().editor.text.includes("then y"), "pulled");
    expect(cleared).toEqual(["all"]);
    expect(s.store.getState().editor.text).toBe("fix x\n\nthen y");
  });

  it("/hotkeys is handled locally, !cmd runs bash", async () => {
    const s = setup();
    await type(s, "/hotkeys");
    s.stdin.write(ENTER);
    await waitFor(
      () =>
        s.store
          .getState()
          .transcript.committed.some((e) => e.kind === "notice" && e.text.includes("Keyboard shortcuts")),
      "help",
    );
    await type(s, "!echo hi");
    s.stdin.write(ENTER);
    await waitFor(() => s.store.getState().transcript.committed.some((e) => e.kind === "bash"), "bash entry");
    expect(s.conn.calls.find((c) => c.method === "bash")?.args[0]).toBe("echo hi");
    expect(s.conn.calls.some((c) => c.method === "prompt")).toBe(false);
  });
});

describe("dialogs", () => {
  const open = (s: Setup, req: Record<string, unknown>): void => openUiRequest(s, req);

  it("select: arrows + Enter answer with the value; typing filters", async () => {
    const s = setup();
    open(s, { id: "d1", method: "select", title: "Pick one", options: ["Alpha", "Beta", "Gamma"] });
    await waitFor(() => s.frame().includes("Pick one"), "dialog shown");
    s.stdin.write("\u001b[B");
    await waitFor(() => s.frame().includes("❯ Beta"), "moved");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 1, "answer");
    expect(s.conn.responses[0], JSON.stringify(s.conn.responses)).toEqual({ id: "d1", response: { value: "Beta" } });
    open(s, { id: "d2", method: "select", title: "Filter", options: ["Alpha", "Beta", "Gamma"] });
    await waitFor(() => s.frame().includes("Filter"), "second dialog");
    s.stdin.write("gam");
    await waitFor(() => s.frame().includes("filter: gam"), "filtered");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 2, "answer 2");
    expect(s.conn.responses[1]).toEqual({ id: "d2", response: { value: "Gamma" } });
    // Fuzzy, as in the pickers: "dpl" finds "deploy to production" (not a substring).
    open(s, { id: "d3", method: "select", title: "Fuzzy", options: ["run tests", "deploy to production", "lint"] });
    await waitFor(() => s.frame().includes("Fuzzy"), "third dialog");
    s.stdin.write("dpl");
    await waitFor(() => s.frame().includes("filter: dpl"), "fuzzy filtered");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 3, "answer 3");
    expect(s.conn.responses[2]).toEqual({ id: "d3", response: { value: "deploy to production" } });
  });

  it("a question taller than the dialog scrolls with PgDn/PgUp, and the options still answer", async () => {
    const s = setup();
    const command = Array.from({ length: 60 }, (_, i) => `echo step${i}`).join("\n");
    open(s, {
      id: "q1",
      method: "select",
      title: `Allow a destructive command (rm -rf)?\n${command}`,
      options: ["Allow once", "Block"],
    });
    await waitFor(() => s.frame().includes("pgup/pgdn to read"), "scroll marker");
    expect(s.frame()).toContain("echo step0");
    expect(s.frame()).not.toContain("echo step59");
    for (let i = 0; i < 10 && !s.frame().includes("echo step59"); i += 1) {
      const before = s.frame();
      s.stdin.write("\u001b[6~");
      await waitFor(() => s.frame() !== before && /↑ \d+ rows? above/.test(s.frame()), "scrolled");
    }
    expect(s.frame()).toContain("echo step59");
    s.stdin.write("\u001b[5~");
    await waitFor(() => !s.frame().includes("echo step59"), "scrolled back up");
    s.stdin.write("\u001b[B");
    await waitFor(() => s.frame().includes("❯ Block"), "moved");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 1, "answer");
    expect(s.conn.responses[0]).toEqual({ id: "q1", response: { value: "Block" } });
  });

  it("confirm: y, n and Esc; queued dialogs wait their turn", async () => {
    const s = setup();
    open(s, { id: "c1", method: "confirm", title: "Sure?", message: "Really" });
    open(s, { id: "c2", method: "confirm", title: "Second?", message: "" });
    open(s, { id: "c3", method: "confirm", title: "Third?", message: "" });
    await waitFor(() => s.frame().includes("Sure?") && s.frame().includes("2 more dialogs waiting"), "first + waiting");
    s.stdin.write("y");
    await waitFor(() => s.frame().includes("Second?"), "second");
    s.stdin.write("n");
    await waitFor(() => s.frame().includes("Third?"), "third");
    s.stdin.write(ESC);
    await waitFor(() => s.conn.responses.length === 3, "answers");
    expect(s.conn.responses.map((r) => r.response)).toEqual([
      { confirmed: true },
      { confirmed: false },
      { cancelled: true },
    ]);
  });

  it("input and editor dialogs submit text; Esc cancels", async () => {
    const s = setup();
    open(s, { id: "i1", method: "input", title: "Name?", placeholder: "type" });
    await waitFor(() => s.frame().includes("Name?"), "input");
    s.stdin.write("bob");
    await waitFor(() => s.frame().includes("bob"), "typed");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 1, "input answer");
    expect(s.conn.responses[0]).toEqual({ id: "i1", response: { value: "bob" } });
    open(s, { id: "e1", method: "editor", title: "Edit it", prefill: "line 1" });
    await waitFor(() => s.frame().includes("Edit it"), "editor dialog");
    s.stdin.write("\n");
    s.stdin.write("line 2");
    await waitFor(() => s.frame().includes("line 2"), "typed 2");
    s.stdin.write(ENTER);
    await waitFor(() => s.conn.responses.length === 2, "editor answer");
    expect(s.conn.responses[1]).toEqual({ id: "e1", response: { value: "line 1\nline 2" } });
  });

  it("a dialog with a timeout shows a countdown and closes itself without answering", async () => {
    const s = setup();
    open(s, { id: "t1", method: "confirm", title: "Quick?", message: "", timeout: 1200 });
    await waitFor(() => /closes in \ds/.test(s.frame()), "countdown");
    await waitFor(() => s.store.getState().dialogs.length === 0, "auto close", 4000);
    expect(s.conn.responses).toEqual([]);
  });

  it("a dialog the worker cancels closes, and the transcript streams behind a dialog", async () => {
    const s = setup();
    open(s, { id: "x1", method: "select", title: "Behind", options: ["a"] });
    s.store.dispatch({
      type: "agent_event",
      event: { type: "message_start", message: { role: "assistant", blocks: [] } },
      now: 0,
    });
    s.store.dispatch({
      type: "agent_event",
      event: {
        type: "message_update",
        delta: { kind: "text_delta", index: 0, delta: "streaming words" },
        usage: undefined,
        snapshot: undefined,
      },
      now: 0,
    });
    await waitFor(() => s.frame().includes("streaming words") && s.frame().includes("Behind"), "both visible");
    open(s, { id: "c", method: "cancel", targetId: "x1" });
    await waitFor(() => !s.frame().includes("Behind"), "closed");
    expect(s.conn.responses).toEqual([]);
  });
});
