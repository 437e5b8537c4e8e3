// Every line builder fed every class of hostile sequence: the rows carry no escape but our SGR
// and no control or bidi character, and they show the payload as visible text. Plus the
// approval surfaces: a command is shown whole, exactly, however it tries to hide.
import { describe, expect, it } from "vitest";
import { confirmLines } from "../../../src/tui/components/dialogs/confirm-dialog.js";
import { questionRows } from "../../../src/tui/components/dialogs/dialog-frame.js";
import { selectLines } from "../../../src/tui/components/dialogs/select-dialog.js";
import { menuLines } from "../../../src/tui/completion/menu-lines.js";
import { createPickerState } from "../../../src/tui/state/picker-state.js";
import { pickerLines } from "../../../src/tui/pickers/picker-lines.js";
import { editorLines } from "../../../src/tui/render/editor-lines.js";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { footerLine } from "../../../src/tui/render/footer-lines.js";
import {
  bashLines,
  queueLines,
  runningToolLines,
  statusLine,
  streamLines,
  toastLines,
  todoLines,
  widgetLines,
} from "../../../src/tui/render/live-lines.js";
import { stripSgr, textWidth } from "../../../src/tui/render/text-width.js";
import { toolLines } from "../../../src/tui/blocks/tools/index.js";
import { createInitialState } from "../../../src/tui/state/reducer.js";
import type { Entry, ToolRun, TuiState } from "../../../src/tui/state/types.js";
import { terminalTitleText } from "../../../src/tui/terminal/terminal.js";
import { ALL_HOSTILE as EVIL, HOSTILE } from "../../fixtures/hostile-text.mjs";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

/** An escape other than an SGR of ours, or any C0 / C1 / bidi control character. */
const UNSAFE =
  /\u001b(?!\[[0-9;]*m)|[\u0000-\u001a\u001c-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

function expectSafe(rows: readonly string[], surface: string): void {
  expect(rows.length, surface).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row, surface).not.toMatch(UNSAFE);
    expect(row, surface).not.toContain("\n");
  }
  // Shown, not dropped: the clipboard payload reads as text.
  expect(rows.map(stripSgr).join(""), surface).toContain("␛]52;c;cm0gLXJmIH4=␇");
}

const W = 400; // wide enough that one row holds the whole payload

function hostileState(): TuiState {
  const s = createInitialState(W, 60);
  const run: ToolRun = {
    id: "t1",
    name: `bash${EVIL}`,
    args: { command: EVIL },
    startedAt: 0,
    endedAt: undefined,
    status: "running",
    output: { text: EVIL, details: undefined, images: 0 },
  };
  return {
    ...s,
    transcript: {
      ...s.transcript,
      live: {
        blocks: [
          { type: "text", text: EVIL },
          { type: "thinking", thinking: EVIL, redacted: false },
          { type: "toolCall", id: "c", name: EVIL, args: {}, argsText: "" },
        ],
        commitBlock: 0,
        commitOffset: 0,
        lastStarted: 0,
      },
      tools: { t1: run },
      toolOrder: ["t1"],
      bash: { command: EVIL, output: EVIL, startedAt: 0 },
    },
    run: { ...s.run, busy: true, retry: { attempt: 1, maxAttempts: 3, until: 5000, error: EVIL } },
    queue: { steering: [EVIL], followUp: [EVIL] },
    todos: [
      { id: "p", name: EVIL, tasks: [{ id: "1", content: EVIL, status: "in_progress" }] },
      { id: "q", name: "two", tasks: [] },
    ],
    toasts: [{ id: 1, level: "error", text: EVIL, until: 10, count: 1 }],
    widgets: { w: { lines: [EVIL], placement: "aboveEditor" } },
    footer: {
      ...s.footer,
      cwd: `/tmp/${EVIL}`,
      branch: EVIL,
      sessionName: EVIL,
      model: EVIL,
      thinkingLevel: EVIL,
      statuses: { x: EVIL },
      worker: "crashed",
      workerDetail: `exit 1 \n${EVIL}\nmore stderr`,
    },
  };
}

describe("line builders with hostile text", () => {
  it("committed entries of every kind", () => {
    const run: ToolRun = {
      id: "t",
      name: EVIL,
      args: { command: EVIL, path: EVIL },
      startedAt: 0,
      endedAt: 1,
      status: "error",
      output: { text: EVIL, details: { diff: `+${EVIL}` }, images: 0 },
    };
    const entries: Entry[] = [
      { kind: "user", id: 1, text: EVIL, images: 0 },
      {
        kind: "markdown",
        id: 2,
        text: `# ${EVIL}\n\n${EVIL}\n\n\`${EVIL}\`\n\n\`\`\`\n${EVIL}\n\`\`\`\n\n| a |\n|---|\n| ${EVIL} |`,
        continues: false,
      },
      { kind: "thinking", id: 3, text: EVIL, continues: false },
      { kind: "tool", id: 4, run },
      { kind: "tool", id: 5, run: { ...run, name: "bash", status: "done" } },
      { kind: "tool", id: 6, run: { ...run, name: "read", status: "done" } },
      {
        kind: "tool",
        id: 7,
        run: { ...run, name: "edit", status: "done", args: { path: EVIL, oldText: EVIL, newText: EVIL } },
      },
      { kind: "notice", id: 8, level: "error", text: EVIL },
      { kind: "bash", id: 9, command: EVIL, output: EVIL, exitCode: 1, cancelled: false },
      { kind: "custom", id: 10, label: EVIL, text: EVIL },
    ];
    for (const e of entries)
      expectSafe(
        entryLines(e, { width: W, showThinking: true, toolsExpanded: true, palette: PALETTE }),
        `entry ${e.kind} ${e.id}`,
      );
  });

  it("every part of the live region and the footer", () => {
    const s = hostileState();
    expectSafe(streamLines(s.transcript.live, W, 50, true, PALETTE), "streaming text, thinking, tool-call name");
    expectSafe(runningToolLines(s, 5, W, 20), "running tool");
    expectSafe(bashLines(s, 5, W, 8), "!cmd");
    expectSafe(statusLine(s, 0, W), "retry error");
    expectSafe(
      statusLine({ ...s, run: { ...s.run, retry: undefined, compaction: { reason: EVIL, startedAt: 0 } } }, 0, W),
      "compaction reason",
    );
    expectSafe(queueLines(s, W, 3, "Alt+Up"), "queue");
    expectSafe(todoLines(s.todos, W, 10, PALETTE), "todos");
    expectSafe(toastLines(s, 0, W, 3), "notify");
    expectSafe(widgetLines(s, "aboveEditor", W, 5), "widget");
    const footer = footerLine(s.footer, 2000, PALETTE);
    expectSafe([footer], "footer");
    for (const part of ["cwd", "branch"])
      expect(stripSgr(footer).match(/␛\]52/g)?.length, part).toBeGreaterThanOrEqual(7);
  });

  it("dialogs, pickers, editor, completion and the terminal title", () => {
    expectSafe(
      selectLines(EVIL, [EVIL, "B"], { index: 0, filter: "" }, W, 30, undefined, PALETTE),
      "select title and options",
    );
    expectSafe(confirmLines(EVIL, EVIL, W, 30, undefined, PALETTE), "confirm title and message");
    expectSafe(editorLines(EVIL, 0, W, 5, { palette: PALETTE }), "editor prefill");
    const picker = { ...createPickerState(EVIL, [{ id: "1", label: EVIL, detail: EVIL }]), query: "" };
    expectSafe(pickerLines(picker, W, 5, PALETTE), "picker");
    const files = createPickerState("files", [
      { id: EVIL, label: EVIL },
      { id: "b", label: "b" },
    ]);
    expectSafe(
      menuLines({ kind: "at", start: 0, end: 0, query: "", list: files, note: EVIL }, W, 5, PALETTE),
      "@ completion",
    );
    const commands = createPickerState("commands", [{ id: "x", label: `/${EVIL}`, detail: EVIL }]);
    expectSafe(
      menuLines({ kind: "slash", start: 0, end: 0, query: "", list: commands, note: undefined }, W, 5, PALETTE),
      "/ completion",
    );
    expectSafe([terminalTitleText(EVIL)], "terminal title");
  });
});

describe("a command shown for approval is what runs", () => {
  const gate = (command: string): string => `Allow a destructive command (rm -rf)?\n${command}`;

  it("the permission-gate dialog shows the part before a CR", () => {
    const rows = selectLines(
      gate("rm -rf ./important #\recho hello"),
      ["Allow once", "Allow for this session", "Block"],
      { index: 0, filter: "" },
      60,
      12,
      undefined,
      PALETTE,
    ).map(stripSgr);
    expect(rows[0]).toBe("◆ Allow a destructive command (rm -rf)?");
    expect(rows[1]).toBe("  rm -rf ./important #␍echo hello");
    expect(rows.slice(2, 5)).toEqual(["❯ Allow once", "  Allow for this session", "  Block"]);
  });

  it("a command padded past the edge is wrapped and its spaces counted, never cut", () => {
    const rows = selectLines(
      gate(`echo ok${" ".repeat(150)}&& rm -rf ./important`),
      ["Allow once", "Block"],
      { index: 0, filter: "" },
      30,
      12,
      undefined,
      PALETTE,
    ).map(stripSgr);
    const question = rows
      .slice(0, rows.indexOf("❯ Allow once"))
      .map((r) => r.trim())
      .join(" ");
    expect(question).toContain("echo ok ⟨150 spaces⟩");
    expect(question).toContain("rm -rf ./important");
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(30);
  });

  it("a question taller than the dialog scrolls; options and the rest stay reachable", () => {
    const command = Array.from({ length: 30 }, (_, i) => `echo line${i}`).join("; ");
    const title = gate(command);
    const all = questionRows(title, "", 40, PALETTE).map(stripSgr).join(" ");
    expect(all).toContain("echo line29");
    const first = selectLines(title, ["Allow once", "Block"], { index: 0, filter: "" }, 40, 8, undefined, PALETTE).map(
      stripSgr,
    );
    expect(first).toHaveLength(8);
    expect(first.join("\n")).toMatch(/↓ \d+ more rows · pgup\/pgdn to read/);
    expect(first).toContain("❯ Allow once");
    let maxScroll = 0;
    selectLines(title, ["Allow once", "Block"], { index: 0, filter: "" }, 40, 8, undefined, PALETTE, (w) => {
      maxScroll = w.maxScroll;
    });
    const end = selectLines(
      title,
      ["Allow once", "Block"],
      { index: 0, filter: "", scroll: maxScroll },
      40,
      8,
      undefined,
      PALETTE,
    ).map(stripSgr);
    expect(end.join("\n")).toContain("echo line29");
    expect(end.join("\n")).toMatch(/↑ \d+ rows above/);
  });

  it("the bash tool header shows the whole command with controls visible", () => {
    const run: ToolRun = {
      id: "t",
      name: "bash",
      args: { command: "rm -rf ./important #\recho hello" },
      startedAt: 0,
      endedAt: 100,
      status: "done",
      output: undefined,
    };
    expect(toolLines(run, 100, 80, 5, false, PALETTE).map(stripSgr)[0]).toBe(
      "✓ bash rm -rf ./important #␍echo hello · 0.1s",
    );
    const padded = {
      ...run,
      args: { command: `echo ok${" ".repeat(150)}&& rm -rf ./important\n\u001b[8mhidden\u001b[0m` },
    };
    const rows = toolLines(padded, 100, 30, 5, false, PALETTE).map(stripSgr);
    // Rows split without loss: joined (minus the hanging indent) they give the command back.
    const shown = rows.map((r, i) => (i === 0 ? r : r.slice(2))).join("");
    expect(shown).toContain("⟨150 spaces⟩");
    expect(shown).toContain("rm -rf ./important");
    expect(shown).toContain("␛[8mhidden␛[0m");
    for (const r of rows) expect(textWidth(r)).toBeLessThanOrEqual(30);
  });

  it("a running command in the live region gets a few rows and says how many more there are", () => {
    const s = createInitialState(40, 30);
    const run: ToolRun = {
      id: "t",
      name: "bash",
      args: { command: Array.from({ length: 20 }, (_, i) => `echo ${i}`).join("\n") },
      startedAt: 0,
      endedAt: undefined,
      status: "running",
      output: undefined,
    };
    const rows = runningToolLines(
      { ...s, transcript: { ...s.transcript, tools: { t: run }, toolOrder: ["t"] } },
      0,
      40,
      10,
    ).map(stripSgr);
    expect(rows[0]).toContain("bash echo 0");
    expect(rows.join("\n")).toMatch(/… \d+ more rows( and \d+ more characters)? of this command/);
  });

  it("the footer stays one row whatever the worker's stderr holds", () => {
    const s = hostileState();
    const footer = footerLine(s.footer, 100, PALETTE);
    expect(footer).not.toContain("\n");
    expect(textWidth(footer)).toBeLessThanOrEqual(100);
  });

  it("each sample reads the same in every one-row surface", () => {
    for (const h of HOSTILE)
      expect(
        stripSgr(footerLine({ ...createInitialState().footer, worker: "ready", sessionName: h.raw }, 200, PALETTE)),
        h.name,
      ).toContain(h.shown);
  });
});
