// No keystroke is lost: several keys in one stdin chunk are taken one by one (Ctrl+C and
// Enter after typed text still act), and every text field of a dialog keeps all it was sent,
// however fast, whether in one write or in many writes before React re-renders.
import { afterEach, describe, expect, it } from "vitest";
import type { Key } from "ink";
import { cleanup } from "ink-testing-library";
import { splitKeypresses } from "../../../src/tui/input/key-chunks.js";
import { resolveEditorKey } from "../../../src/tui/input/keymap.js";
import { crashesInkInput } from "../../../src/tui/ink/ink-input-guard.js";
import { openUiRequest, setupApp } from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

afterEach(() => cleanup());

const LONG = "The quick brown fox jumps over the lazy dog, 0123456789 — ünïcödé ✓ done.";
const plain = { ctrl: false, meta: false, shift: false } as Key;

describe("splitting an input chunk into keys", () => {
  it("separates control bytes from the text around them; keeps plain text, pastes and single keys whole", () => {
    const keys = (s: string, pasting = false): unknown[] =>
      splitKeypresses(s, plain, pasting).map((k) => resolveEditorKey(k.input, k.key));
    expect(keys("abc\u0003")).toEqual([{ text: "abc" }, { action: "clear_or_exit" }]);
    expect(keys("hello\r")).toEqual([{ text: "hello" }, { action: "submit" }]);
    expect(keys("ab\u007fc\u0017")).toEqual([
      { text: "ab" },
      { action: "backspace" },
      { text: "c" },
      { action: "delete_word" },
    ]);
    expect(keys("x\u0006")).toEqual([{ text: "x" }, { action: "follow_up" }]);
    expect(keys("plain text")).toEqual([{ text: "plain text" }]);
    // Inside a bracketed paste a control byte is text, never a shortcut.
    expect(splitKeypresses("a\u0007b\r", plain, true)).toHaveLength(1);
    // Several lines in one unmarked chunk are a paste, not several submits.
    expect(splitKeypresses("line1\rline2\r", plain, false)).toHaveLength(1);
    // ...but `\` then Enter is the continuation key pair, whatever arrived with it.
    expect(keys("one\\\rtwo")).toEqual([{ text: "one\\" }, { action: "submit" }, { text: "two" }]);
    expect(keys("a\\\rb\\\rc")).toEqual([
      { text: "a\\" },
      { action: "submit" },
      { text: "b\\" },
      { action: "submit" },
      { text: "c" },
    ]);
  });
});

describe("the main editor", () => {
  it("Ctrl+C after typed text in the same chunk clears the editor without arming the exit", async () => {
    const s = setupApp();
    s.stdin.write("some text\u0003");
    await waitFor(
      () => s.store.getState().editor.text === "" && s.frame().includes("message the agent"),
      "Ctrl+C recognised",
    );
    expect(s.store.getState().ui.exitArmedAt).toBeUndefined();
    s.stdin.write("\u0003");
    await waitFor(() => s.store.getState().ui.exitArmedAt !== undefined, "armed on the empty editor");
    expect(s.exited()).toBe(false);
    s.stdin.write("\u0003");
    await waitFor(() => s.exited(), "second Ctrl+C on the empty editor exits");
  });

  it("text shaped like an escape sequence, typed in one burst, stays text", async () => {
    const s = setupApp();
    await waitFor(() => s.frame().includes("message the agent"), "editor shown");
    s.stdin.write("[x");
    s.stdin.write("[27;2;13~");
    await waitFor(
      () => s.store.getState().editor.text === "[x[27;2;13~",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
  });

  it("\\ then Enter and the next line in one chunk continue the prompt on a new line", async () => {
    const s = setupApp();
    s.stdin.write("one\\\rtwo");
    await waitFor(
      () => s.store.getState().editor.text === "one\ntwo",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
    expect(s.conn.calls.some((c) => c.method === "prompt")).toBe(false);
  });

  it("a Ctrl-modified function key Ink cannot name (Ctrl+F13) is dropped, and the app goes on", async () => {
    expect(["\u001b[25;5~", "\u001b[99;5~", "\u001b[1;5P"].every(crashesInkInput)).toBe(true);
    expect(["\u001b[1;5A", "\u001b[3;5~", "\u001b[25~", "\u001b[13;5u"].some(crashesInkInput)).toBe(false);
    const s = setupApp();
    await waitFor(() => s.frame().includes("message the agent"), "editor shown");
    s.stdin.write("\u001b[25;5~");
    s.stdin.write("ok");
    await waitFor(
      () => s.store.getState().editor.text === "ok",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
  });

  it("text then Enter in one chunk is the text, then a submit", async () => {
    const s = setupApp();
    s.stdin.write("draft\u0017hello\r");
    await waitFor(() => s.conn.calls.some((c) => c.method === "prompt"), "prompt");
    expect(s.conn.calls.find((c) => c.method === "prompt")?.args).toEqual(["hello"]);
  });
});

describe("dialog text fields lose nothing", () => {
  const answer = (s: ReturnType<typeof setupApp>, id: string): unknown =>
    s.conn.responses.find((r) => r.id === id)?.response;

  it("input: one write with Enter, and many writes faster than React renders", async () => {
    const s = setupApp();
    openUiRequest(s, { id: "i1", method: "input", title: "Name?" });
    await waitFor(() => s.frame().includes("Name?"), "input shown");
    s.stdin.write(`${LONG}\r`);
    await waitFor(() => answer(s, "i1") !== undefined, "answer 1");
    expect(answer(s, "i1")).toEqual({ value: LONG });

    openUiRequest(s, { id: "i2", method: "input", title: "Again?" });
    await waitFor(() => s.frame().includes("Again?"), "second input shown");
    for (const ch of LONG) s.stdin.write(ch); // no await: no render between the keys
    s.stdin.write("\r");
    await waitFor(() => answer(s, "i2") !== undefined, "answer 2");
    expect(answer(s, "i2")).toEqual({ value: LONG });
    // Answered once: keys after Enter in the same chunk do not answer again.
    expect(s.conn.responses.filter((r) => r.id === "i2")).toHaveLength(1);
  });

  it("input: Ctrl+C typed right after text cancels; editing keys move the cursor", async () => {
    const s = setupApp();
    openUiRequest(s, { id: "i3", method: "input", title: "Cancel me" });
    await waitFor(() => s.frame().includes("Cancel me"), "shown");
    s.stdin.write("abc\u0003");
    await waitFor(() => answer(s, "i3") !== undefined, "cancelled");
    expect(answer(s, "i3")).toEqual({ cancelled: true });
    openUiRequest(s, { id: "i4", method: "input", title: "Edit keys" });
    await waitFor(() => s.frame().includes("Edit keys"), "shown 2");
    s.stdin.write("world");
    s.stdin.write("\u0001"); // Ctrl+A: line start
    s.stdin.write("hello ");
    s.stdin.write("\r");
    await waitFor(() => answer(s, "i4") !== undefined, "answer");
    expect(answer(s, "i4")).toEqual({ value: "hello world" });
  });

  it("editor dialog: rapid writes and a newline arrive whole", async () => {
    const s = setupApp();
    openUiRequest(s, { id: "e1", method: "editor", title: "Edit", prefill: "first" });
    await waitFor(() => s.frame().includes("Edit"), "shown");
    s.stdin.write("\n");
    for (const ch of LONG) s.stdin.write(ch);
    s.stdin.write("\r");
    await waitFor(() => answer(s, "e1") !== undefined, "answer");
    expect(answer(s, "e1")).toEqual({ value: `first\n${LONG}` });
  });

  it("select filter: typed text and Enter in one chunk choose the match", async () => {
    const s = setupApp();
    openUiRequest(s, { id: "s1", method: "select", title: "Pick", options: ["Alpha", "Beta", "Gamma"] });
    await waitFor(() => s.frame().includes("Pick"), "shown");
    s.stdin.write("gam\r");
    await waitFor(() => answer(s, "s1") !== undefined, "answer");
    expect(answer(s, "s1")).toEqual({ value: "Gamma" });
  });
});

describe("keys between two views", () => {
  it("keys sent right after a dialog arrives, before it is drawn, reach the dialog", async () => {
    const s = setupApp();
    await waitFor(() => s.frame().includes("message the agent"), "editor shown");
    openUiRequest(s, { id: "q1", method: "input", title: "Fast?" });
    s.stdin.write("typed before the dialog was drawn\r"); // same tick: React has not rendered yet
    await waitFor(() => s.conn.responses.length === 1, "answer");
    expect(s.conn.responses[0]).toEqual({ id: "q1", response: { value: "typed before the dialog was drawn" } });
    expect(s.store.getState().editor.text).toBe("");
  });

  it("text typed after Enter answers a dialog goes to the editor, not into the void", async () => {
    const s = setupApp();
    openUiRequest(s, { id: "q2", method: "confirm", title: "Go on?" });
    await waitFor(() => s.frame().includes("Go on?"), "confirm shown");
    s.stdin.write("\rnext prompt"); // Enter = yes, then the next prompt, in one chunk
    await waitFor(
      () => s.store.getState().editor.text === "next prompt",
      `editor: ${JSON.stringify(s.store.getState().editor.text)}`,
    );
    expect(s.conn.responses).toEqual([{ id: "q2", response: { confirmed: true } }]);
  });
});
