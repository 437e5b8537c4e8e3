// Print mode's pure parts: which front end a command line picks, how a run's notices fold into
// its outcome, how the prompt is put together, dialog defaults, and where output goes (the
// answer exact to a pipe, sanitised to a terminal; progress only on a terminal).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { BridgeNotice, ClientMessage } from "../../../src/bridge/index.js";
import { readFrontEnd } from "../../../src/tui/app/front-end.js";
import { answerDialog } from "../../../src/tui/print/print-dialogs.js";
import { initialPrintRun, notePrintNotice, printOutcome } from "../../../src/tui/print/print-outcome.js";
import { createPrintOutput } from "../../../src/tui/print/print-output.js";
import { buildPrompt } from "../../../src/tui/print/prompt-input.js";
import { uiRequestOf } from "../helpers/ui-request.js";
import { ALL_HOSTILE, HOSTILE } from "../../fixtures/hostile-text.mjs";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const assistant = (text: string, extra: Partial<ClientMessage> = {}): BridgeNotice => ({
  kind: "event",
  event: { type: "message_end", message: { role: "assistant", blocks: [{ type: "text", text }], ...extra } },
});
const fold = (notices: BridgeNotice[]) => notices.reduce(notePrintNotice, initialPrintRun());

describe("front end choice", () => {
  it("-p and --mode pick print mode, --plain and TERM=dumb plain mode, else the TUI", () => {
    expect(readFrontEnd({}, {})).toEqual({ kind: "tui" });
    expect(readFrontEnd({ plain: true }, {})).toEqual({ kind: "plain" });
    expect(readFrontEnd({}, { TERM: "dumb" })).toEqual({ kind: "plain" });
    expect(readFrontEnd({ print: true }, { TERM: "dumb" })).toEqual({
      kind: "print",
      print: { output: "text", render: false, confirms: undefined },
    });
    expect(readFrontEnd({ mode: "json", yes: true }, {})).toEqual({
      kind: "print",
      print: { output: "json", render: false, confirms: "yes" },
    });
  });

  it("refuses contradictions and print flags outside print mode", () => {
    expect(() => readFrontEnd({ print: true, yes: true, no: true }, {})).toThrow(/--yes and --no/);
    expect(() => readFrontEnd({ mode: "xml" }, {})).toThrow(/--mode takes text or json/);
    expect(() => readFrontEnd({ render: true }, {})).toThrow(/--render belongs to print mode/);
  });
});

describe("print run outcome", () => {
  it("ends when the activity settles after being busy; the answer is the last assistant message", () => {
    const busy = fold([
      { kind: "run_state", state: "settled" },
      { kind: "run_state", state: "streaming" },
      assistant("first"),
      assistant("last"),
    ]);
    expect(busy.over).toBe(false);
    const done = notePrintNotice(busy, { kind: "run_state", state: "settled" });
    expect(done.over).toBe(true);
    expect(printOutcome(done)).toEqual({ ok: true, answer: "last" });
  });

  it("a provider error or an abort in the last message fails the run", () => {
    expect(printOutcome(fold([assistant("", { stopReason: "error", errorMessage: "429 slow down" })]))).toEqual({
      ok: false,
      aborted: false,
      error: "429 slow down",
    });
    expect(printOutcome(fold([assistant("part", { stopReason: "aborted" })]))).toMatchObject({
      ok: false,
      aborted: true,
    });
  });

  it("a worker exit during the run fails it with the reason and stderr tail", () => {
    const run = fold([
      { kind: "run_state", state: "streaming" },
      assistant("before the tool"),
      {
        kind: "supervisor",
        state: "exited",
        info: { generation: 1, code: 1, signal: null, intentional: false, stderrTail: "boom", reason: undefined },
      },
    ]);
    expect(run.over).toBe(true);
    expect(printOutcome(run)).toEqual({ ok: false, aborted: false, error: "the worker exited (exit code 1):\nboom" });
  });
});

describe("print prompt", () => {
  it("puts piped stdin first, then @file contents, then the words; images are attached", async () => {
    const dir = mkdtempSync(join(tmpdir(), "print-prompt-"));
    try {
      writeFileSync(join(dir, "a.txt"), "alpha\n");
      writeFileSync(join(dir, "p.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const p = await buildPrompt(["explain", "@a.txt", "@p.png", "briefly"], "piped text\n", dir);
      expect(p.text).toBe(
        `piped text\n\n<file name="${join(dir, "a.txt")}">\nalpha\n\n</file>\n<file name="${join(dir, "p.png")}"></file>\n\nexplain briefly`,
      );
      expect(p.images).toEqual([
        { type: "image", mimeType: "image/png", data: Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString("base64") },
      ]);
      await expect(buildPrompt(["@missing.txt"], undefined, dir)).rejects.toThrow(/cannot read .*missing\.txt/);
      await expect(buildPrompt([], "  \n", dir)).rejects.toThrow(/no prompt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("print dialogs", () => {
  const confirm = uiRequestOf(
    { type: "extension_ui_request", id: "c1", method: "confirm", title: "Run it?", message: "rm x" },
    0,
  );
  const select = uiRequestOf(
    { type: "extension_ui_request", id: "s1", method: "select", title: "Pick", options: ["a", "b"] },
    0,
  );

  it("a confirm is answered no by default, or as --yes / --no say; other dialogs are cancelled", () => {
    expect(answerDialog(confirm, undefined)).toEqual({
      id: "c1",
      response: { confirmed: false },
      say: 'dialog "Run it?": answered no (the default in print mode; --yes answers yes)',
    });
    expect(answerDialog(confirm, "yes")?.response).toEqual({ confirmed: true });
    expect(answerDialog(confirm, "no")?.say).toContain("answered no (--no)");
    expect(answerDialog(select, "yes")?.response).toEqual({ cancelled: true });
    expect(
      answerDialog(uiRequestOf({ type: "extension_ui_request", id: "n", method: "notify", message: "hi" }, 0), "yes"),
    ).toBeUndefined();
  });
});

describe("print output", () => {
  const sink = (isTTY: boolean) => {
    let text = "";
    return { isTTY, columns: 60, write: (s: string) => (text += s), text: () => text };
  };
  const text = { output: "text", render: false, confirms: undefined } as const;

  it("a pipe gets the answer's exact bytes; progress is dropped when stderr is not a terminal", () => {
    const out = sink(false);
    const err = sink(false);
    const o = createPrintOutput(text, out, err, PALETTE);
    o.notice({
      kind: "event",
      event: { type: "tool_execution_start", toolCallId: "t", toolName: "bash", args: { command: "ls" } },
    });
    o.answer(`raw ${ALL_HOSTILE}`);
    expect(out.text()).toBe(`raw ${ALL_HOSTILE}\n`);
    expect(err.text()).toBe("");
  });

  it("a terminal gets the answer sanitised, rendered or not; progress lines are labelled", () => {
    for (const render of [false, true]) {
      const out = sink(true);
      const err = sink(true);
      const o = createPrintOutput({ ...text, render }, out, err, PALETTE);
      o.notice({
        kind: "event",
        event: { type: "tool_execution_start", toolCallId: "t", toolName: "bash", args: { command: "ls" } },
      });
      o.answer(HOSTILE.map((h) => h.raw).join("\n"));
      const shown = out.text().replace(/\u001b\[[0-9;]*m/g, "");
      expect(shown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(shown).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      expect(shown).toContain("␛]52;c;");
      expect(err.text()).toBe("tool started: bash ls\n");
    }
  });

  it("--mode json escapes C1 and bidi controls, so the events reach a terminal safely and parse the same", () => {
    const out = sink(true);
    const o = createPrintOutput({ ...text, output: "json" }, out, sink(true), PALETTE);
    const event = {
      type: "tool_execution_start",
      toolCallId: "t",
      toolName: "bash",
      args: { command: ALL_HOSTILE },
    } as const;
    o.notice({ kind: "event", event });
    expect(out.text()).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(JSON.parse(out.text())).toMatchObject({ args: { command: ALL_HOSTILE } });
  });
});
