// Pure units: keymap resolution, editor operations, frame-batched store, live budget.
import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import { EDITOR_BINDINGS, keyHelp, resolveDialogKey, resolveViewKey, viewKeypresses, resolveEditorKey } from "../../../src/tui/keymap.js";
import { initialEditor, reduceEditor, type EditorOp } from "../../../src/tui/state/editor.js";
import { createStore } from "../../../src/tui/state/store.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import { allocateBudget } from "../../../src/tui/render/live-lines.js";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";

function key(over: Partial<Key> = {}): Key {
  return {
    upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
    return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
    super: false, hyper: false, capsLock: false, numLock: false, ...over,
  };
}

describe("keymap", () => {
  it("maps every named action from one table", () => {
    expect(resolveEditorKey("\r", key({ return: true }))).toEqual({ action: "submit" });
    expect(resolveEditorKey("\r", key({ return: true, meta: true }))).toEqual({ action: "follow_up" });
    expect(resolveEditorKey("f", key({ ctrl: true }))).toEqual({ action: "follow_up" });
    expect(resolveEditorKey("\r", key({ return: true, shift: true }))).toEqual({ action: "newline" });
    expect(resolveEditorKey("\n", key())).toEqual({ action: "newline" });
    expect(resolveEditorKey("", key({ escape: true, meta: true }))).toEqual({ action: "abort" });
    expect(resolveEditorKey("", key({ upArrow: true, meta: true }))).toEqual({ action: "pull_queue" });
    expect(resolveEditorKey("", key({ upArrow: true, shift: true }))).toEqual({ action: "pull_queue" });
    expect(resolveEditorKey("", key({ tab: true, shift: true }))).toEqual({ action: "cycle_thinking" });
    for (const [ch, action] of [["c", "clear_or_exit"], ["d", "exit_or_delete"], ["p", "cycle_model"], ["o", "open_transcript"], ["t", "toggle_thinking"], ["g", "external_editor"]] as const) {
      expect(resolveEditorKey(ch, key({ ctrl: true }))).toEqual({ action });
    }
    expect(resolveEditorKey("o", key({ meta: true }))).toEqual({ action: "toggle_tool_output" });
    expect(resolveEditorKey("[200~", key())).toEqual({ action: "paste_start" });
    // A mouse report that arrives after the transcript view closed is never typed in.
    expect(resolveEditorKey("[<64;10;5M", key())).toBeUndefined();
    expect(resolveEditorKey("hello", key())).toEqual({ text: "hello" });
  });
  it("transcript view keys: less/vim letters, named keys and the mouse wheel", () => {
    expect(resolveViewKey("j", key())).toBe("line_down");
    expect(resolveViewKey("", key({ downArrow: true }))).toBe("line_down");
    expect(resolveViewKey("G", key({ shift: true }))).toBe("bottom");
    expect(resolveViewKey("", key({ pageUp: true }))).toBe("page_up");
    expect(resolveViewKey(" ", key())).toBe("toggle_block");
    expect(resolveViewKey("\r", key({ return: true }))).toBe("toggle_block");
    expect(resolveViewKey("/", key())).toBe("search");
    expect(resolveViewKey("N", key({ shift: true }))).toBe("search_prev");
    expect(resolveViewKey("", key({ escape: true, meta: true }))).toBe("close");
    expect(resolveViewKey("o", key({ ctrl: true }))).toBe("close");
    expect(resolveViewKey("[<64;10;5M", key())).toBe("wheel_up");
    expect(resolveViewKey("[<65;10;5M", key())).toBe("wheel_down");
    expect(resolveViewKey("[<0;10;5M", key())).toBeUndefined();
    expect(resolveViewKey("x", key())).toBeUndefined();
    // Keys typed faster than one read arrive together: each character is a key of its own.
    expect(viewKeypresses("/qG", key()).map((k) => [k.input, k.key.shift])).toEqual([["/", false], ["q", false], ["G", true]]);
    expect(viewKeypresses("[<64;10;5M", key())).toHaveLength(1);
    expect(viewKeypresses("[?1;2c", key())).toEqual([]);
  });
  it("y/n are actions only in confirm dialogs", () => {
    expect(resolveDialogKey("y", key(), true)).toEqual({ action: "yes" });
    expect(resolveDialogKey("y", key(), false)).toEqual({ text: "y" });
  });
  it("no key is bound twice, and help lists every action with keys", () => {
    const all = EDITOR_BINDINGS.flatMap((b) => b.keys);
    expect(new Set(all).size).toBe(all.length);
    expect(keyHelp().join("\n")).toContain("alt+enter, ctrl+f");
  });
});

describe("editor operations", () => {
  const run = (ops: EditorOp[]) => ops.reduce(reduceEditor, initialEditor);
  it("edits multi-line text and walks history only at the edges", () => {
    let s = run([{ op: "insert", text: "one" }, { op: "newline" }, { op: "insert", text: "two" }]);
    expect(s.text).toBe("one\ntwo");
    s = reduceEditor(s, { op: "up" });
    expect(s.cursor).toBe(3); // moved to line one, same column
    s = reduceEditor({ ...s, history: ["old"] }, { op: "up" });
    expect(s.text).toBe("old");
    s = reduceEditor(s, { op: "down" });
    expect(s.text).toBe("one\ntwo");
  });
  it("deletes by grapheme-safe steps, words and lines", () => {
    let s = run([{ op: "insert", text: "a 👍" }, { op: "backspace" }]);
    expect(s.text).toBe("a ");
    s = run([{ op: "insert", text: "foo bar baz" }, { op: "delete_word" }]);
    expect(s.text).toBe("foo bar ");
    s = run([{ op: "insert", text: "abc" }, { op: "home" }, { op: "kill_line" }]);
    expect(s.text).toBe("");
  });
  it("set_editor_text keeps the replaced text for one undo", () => {
    let s = run([{ op: "insert", text: "mine" }, { op: "set", text: "theirs", keepUndo: true }]);
    expect(s.text).toBe("theirs");
    s = reduceEditor(s, { op: "undo" });
    expect(s.text).toBe("mine");
  });
  it("renders with a visible cursor inside the width and row cap", () => {
    const rows = editorLines("x".repeat(300), 150, 40, 3);
    expect(rows.length).toBe(3);
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(40);
    expect(rows.some((r) => r.includes("\u001b[7m"))).toBe(true);
    expect(stripSgr(editorLines("", 0, 40, 3, { placeholder: "type" })[0] ?? "")).toContain("type");
  });
});

describe("store", () => {
  it("applies actions at once but notifies at most once per frame", () => {
    const timers: Array<() => void> = [];
    const store = createStore(createInitialState(), { setTimer: (fn) => timers.push(fn), now: () => 0 });
    let notes = 0;
    store.subscribe(() => { notes += 1; });
    for (let i = 0; i < 200; i += 1) store.dispatch({ type: "agent_event", event: { type: "queue_update", steering: [`m${i}`], followUp: [] }, now: 0 });
    expect(store.getState().queue.steering).toEqual(["m199"]);
    expect(notes).toBe(0);
    expect(timers.length).toBe(1);
    for (const t of timers.splice(0)) t();
    expect(notes).toBe(1);
  });
  it("input gets the fast frame even while a slow event frame is pending", () => {
    const timers: Array<{ fn: () => void; ms: number }> = [];
    const store = createStore(createInitialState(), { setTimer: (fn, ms) => timers.push({ fn, ms }), now: () => 1000, frameMs: 16, eventFrameMs: 100 });
    let notes = 0;
    store.subscribe(() => { notes += 1; });
    store.dispatch({ type: "toggle_tools" });
    for (const t of timers.splice(0)) t.fn(); // first notification: now the frame clock runs
    expect(notes).toBe(1);
    store.dispatch({ type: "agent_event", event: { type: "agent_start" }, now: 0 });
    store.dispatch({ type: "editor", op: { op: "insert", text: "k" } });
    expect(timers.map((t) => t.ms)).toEqual([100, 16]);
    timers[1]?.fn();
    timers[0]?.fn(); // superseded: no second notification
    expect(notes).toBe(2);
  });
});

describe("live budget", () => {
  it("never hands out more rows than rows - 2", () => {
    for (let rows = 3; rows <= 80; rows += 1) {
      const b = allocateBudget(rows, { input: 50, status: 1, toasts: 3, todos: 20, queue: 2, widgetsAbove: 10, widgetsBelow: 10, bash: 8, tools: 30, stream: 100 });
      const used = b.footer + b.input + b.status + b.toasts + b.todos + b.queue + b.widgetsAbove + b.widgetsBelow + b.bash + b.tools + b.stream;
      expect(used).toBeLessThanOrEqual(Math.max(3, rows - 2));
      expect(b.footer).toBe(1);
      expect(b.input).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("todo pane", () => {
  it("shows the task in progress first when rows are short, and is hidden without todos", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const phases = [{ id: "p", name: "P", tasks: [
      { id: "1", content: "done one", status: "completed" },
      { id: "2", content: "doing two", status: "in_progress" },
      { id: "3", content: "three", status: "pending" },
      { id: "4", content: "four", status: "weird-status" },
    ] }];
    expect(todoLines([], 40, 5)).toEqual([]);
    expect(todoLines(phases, 40, 2).map(stripSgr)).toEqual(["Plan 1/4", "  ◐ doing two"]);
    expect(todoLines(phases, 40, 3).map(stripSgr)).toEqual(["Plan 1/4", "  ◐ doing two", "  … 3 more"]);
    expect(todoLines(phases, 40, 9).map(stripSgr)).toEqual(["Plan 1/4", "  ✓ done one", "  ◐ doing two", "  ○ three", "  ○ four"]);
  });

  it("gives every status its own mark: pending ○, in progress ◐ (bold), completed ✓, abandoned ✗ (struck)", async () => {
    const { todoLines } = await import("../../../src/tui/render/live-lines.js");
    const tasks = ["pending", "in_progress", "completed", "abandoned"].map((status, i) => ({ id: String(i), content: status, status }));
    const rows = todoLines([{ id: "p", name: "P", tasks }], 40, 9);
    expect(rows.map(stripSgr)).toEqual(["Plan 1/4", "  ○ pending", "  ◐ in_progress", "  ✓ completed", "  ✗ abandoned"]);
    expect(rows[2]).toContain("\u001b[1m");
    expect(rows[4]).toContain("\u001b[9m");
  });
});

describe("streaming tail", () => {
  it("shows the last rows of a long open code block as code", async () => {
    const { streamLines } = await import("../../../src/tui/render/live-lines.js");
    const text = "Intro\n\n```py\n" + Array.from({ length: 200 }, (_, i) => `x_${i} = ${i}  # *not emphasis*`).join("\n");
    const rows = streamLines({ blocks: [{ type: "text", text }], commitBlock: 0, commitOffset: 0, lastStarted: 0 }, 60, 5, true).map(stripSgr);
    expect(rows).toHaveLength(5);
    expect(rows[4]).toBe("  x_199 = 199  # *not emphasis*");
  });
});

describe("set_editor_text", () => {
  it("replaces the editor, keeps the old text for Ctrl+Z and says so", async () => {
    const { reduce } = await import("../../../src/tui/state/reducer.js");
    const { decodeUiRequest } = await import("../../../src/tui/state/ui-requests.js");
    let s = createInitialState();
    s = reduce(s, { type: "editor", op: { op: "insert", text: "my draft" } });
    s = reduce(s, { type: "ui_request", request: decodeUiRequest({ id: "1", method: "set_editor_text", text: "from ext" }, 0), now: 0 });
    expect(s.editor.text).toBe("from ext");
    expect(s.toasts.at(-1)?.text).toContain("ctrl+z");
    s = reduce(s, { type: "editor", op: { op: "undo" } });
    expect(s.editor.text).toBe("my draft");
  });
});

describe("editor rendering", () => {
  it("never writes control characters from pasted text: they are drawn as placeholders", () => {
    const rows = editorLines("a\u001b[2Jb\u0007c\u202ed", 0, 40, 3);
    expect(rows.join("")).not.toMatch(/\u001b\[2J|\u0007|\u202e/);
    expect(stripSgr(rows[0] ?? "")).toContain("a␛[2Jb␇c<U+202E>d");
  });
});

describe("resize guard", () => {
  it("counts re-wrapped rows and knows which terminals reflow", async () => {
    const { reflowedRows, terminalReflows } = await import("../../../src/tui/resize-guard.js");
    expect(reflowedRows(["x".repeat(99), "", "\u001b[31mabc\u001b[39m"], 50)).toBe(2 + 1 + 1);
    expect(terminalReflows({ TERM_PROGRAM: "iTerm.app" })).toBe(true);
    expect(terminalReflows({ TERM: "xterm" })).toBe(false);
    expect(terminalReflows({ TERM: "xterm", AGENT_TUI_REFLOW: "1" })).toBe(true);
    expect(terminalReflows({ TMUX: "/tmp/x", AGENT_TUI_REFLOW: "0" })).toBe(false);
  });
});
