// Plain mode (`--plain`) under a pty, the twin of the live TUI's tests: the same bundled agent on
// the scripted fake LLM, driven line by line. What it writes is read as a line log, and the log
// must hold no cursor movement, erase sequence, carriage-return redraw or colour.
import { describe, expect, it } from "vitest";
import { KEYS, ROOT } from "./pty-harness.js";
import { resolve } from "node:path";
import { BUILT, FAKE_MODEL, sharedTuiSession } from "./tui-session.js";
import type { TuiProcess } from "./pty-harness.js";

const UI_EXTENSION = resolve(ROOT, "test", "fixtures", "pi-ui-extension.ts");

/** CSI cursor movement / erase / scroll (CUU…CHA, CUP, ED, EL, SU/SD, HVP, save/restore) and private modes (cursor hide, alt screen). */
const CURSOR_OR_ERASE = /\u001b\[[0-9;]*[ABCDEFGHJKSTfsu]|\u001b\[\?[0-9;]*[hl]|\u001b[78]/;

/** Everything written so far, as lines (the pty turns \n into \r\n). */
const lineLog = (tui: TuiProcess): string[] => tui.output().split("\r\n");

async function waitForLine(tui: TuiProcess, match: string | RegExp, timeoutMs = 20_000): Promise<void> {
  const test = (l: string): boolean => (typeof match === "string" ? l === match : match.test(l));
  const start = Date.now();
  while (!lineLog(tui).some(test)) {
    if (Date.now() - start > timeoutMs)
      throw new Error(`no line ${String(match)} in the log:\n${lineLog(tui).join("\n")}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function send(tui: TuiProcess, line: string): Promise<void> {
  await tui.type(line);
  tui.write(KEYS.enter);
}

describe.skipIf(!BUILT)("agent-tui --plain under a pty", () => {
  const s = sharedTuiSession(
    [
      { kind: "text", matchLastUser: "HELLO-TEST", chunks: ["Hello ", "there.\nSecond ", "line."], delayMs: 10 },
      {
        kind: "tool_call",
        matchLastUser: "STEER-TEST",
        calls: [{ id: "call_s", name: "bash", arguments: { command: "sleep 1.5; echo slow-done" } }],
      },
      { kind: "text", matchLastUser: "steer now", chunks: ["Steered", " ok."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "SLOW-TEST",
        chunks: Array.from({ length: 25 }, (_, i) => `word${i}\n`),
        delayMs: 80,
      },
      { kind: "text", matchLastUser: "follow later", chunks: ["Followed", " ok."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "ABORT-TEST",
        chunks: Array.from({ length: 60 }, (_, i) => `chunk${i}\n`),
        delayMs: 80,
      },
      {
        kind: "tool_call",
        matchLastUser: "TAKEBACK-TEST",
        calls: [{ id: "call_q", name: "bash", arguments: { command: "sleep 30" } }],
      },
      { kind: "text", matchLastUser: "QUEUED-ONE", chunks: ["Resent", " ok."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "CTRLC-TEST",
        chunks: Array.from({ length: 60 }, (_, i) => `piece${i}\n`),
        delayMs: 80,
      },
    ],
    {
      args: [...FAKE_MODEL, "--plain", "--no-session", "-e", UI_EXTENSION],
      readyText: "ready: model Fake Model",
      cols: 100,
      rows: 30,
    },
  );

  it("streams an answer as whole lines, labelled, with working and done lines", async () => {
    await send(s.tui, "HELLO-TEST please");
    await waitForLine(s.tui, "agent: Hello there.");
    await waitForLine(s.tui, "Second line.");
    const log = lineLog(s.tui);
    const i = log.indexOf("agent: Hello there.");
    expect(log.slice(i - 1, i + 3)).toEqual(["working", "agent: Hello there.", "Second line.", "done"]);
  });

  it("a line sent during a tool steers; tools and the queue are reported in words", async () => {
    await send(s.tui, "STEER-TEST go");
    await waitForLine(s.tui, "tool started: bash sleep 1.5; echo slow-done");
    await send(s.tui, "steer now");
    await waitForLine(s.tui, "queue: 1 steering");
    await waitForLine(s.tui, "tool finished: bash: slow-done");
    await waitForLine(s.tui, "agent: Steered ok.");
    expect(s.sandbox.llm.requests.some((r) => r.lastUser === "steer now")).toBe(true);
  });

  it("/followup queues a follow-up during streaming; /abort aborts", async () => {
    await send(s.tui, "SLOW-TEST go");
    await waitForLine(s.tui, "agent: word0");
    await send(s.tui, "/followup follow later");
    await waitForLine(s.tui, "queue: 1 follow-up");
    await waitForLine(s.tui, "agent: Followed ok.", 15_000);
    await send(s.tui, "ABORT-TEST go");
    await waitForLine(s.tui, "chunk2");
    await send(s.tui, "/abort");
    await waitForLine(s.tui, "aborted");
    expect(lineLog(s.tui)).not.toContain("chunk59");
  });

  it("an abort takes queued messages back, says so, and /resend sends them", async () => {
    await send(s.tui, "TAKEBACK-TEST go");
    await waitForLine(s.tui, "tool started: bash sleep 30");
    await send(s.tui, "QUEUED-ONE steer");
    await waitForLine(s.tui, "queue: 1 steering");
    await send(s.tui, "/followup QUEUED-TWO later");
    await waitForLine(s.tui, "queue: 1 steering, 1 follow-up");
    await send(s.tui, "/abort");
    await waitForLine(s.tui, "note: 2 queued messages were not sent:");
    const log = lineLog(s.tui);
    const i = log.indexOf("note: 2 queued messages were not sent:");
    expect(log.slice(i + 1, i + 4)).toEqual([
      "taken back: QUEUED-ONE steer",
      "taken back: QUEUED-TWO later",
      "/resend sends them as one message",
    ]);
    await send(s.tui, "/resend");
    await waitForLine(s.tui, "agent: Resent ok.");
    const resent = s.sandbox.llm.requests.filter((r) => r.lastUser.includes("QUEUED-ONE"));
    // Sent once, as one message, only when asked.
    expect(resent.map((r) => r.lastUser)).toEqual(["QUEUED-ONE steer\n\nQUEUED-TWO later"]);
  });

  it("dialogs are numbered questions answered by number, y/n and text; a timeout is said in words", async () => {
    await send(s.tui, "/ui-demo x");
    await waitForLine(s.tui, /^question \d+: ui-demo: pick one$/);
    expect(lineLog(s.tui)).toContain("  2. Beta");
    await send(s.tui, "2");
    await waitForLine(s.tui, /^question \d+: ui-demo: confirm\?$/);
    await send(s.tui, "y");
    await waitForLine(s.tui, /^question \d+: ui-demo: type something$/);
    await send(s.tui, "/cancel");
    await waitForLine(s.tui, /^question \d+: ui-demo: edit this$/);
    await send(s.tui, "");
    await waitForLine(s.tui, /^answer with a number from 1 to 2; \/cancel cancels; closes in 2 seconds$/);
    // The worker ends a timed-out dialog too (its cancel): whichever of the two comes first
    // closes the question, and either way it is said in words.
    await waitForLine(s.tui, /^question \d+ closed: (timed out|withdrawn)$/, 5000);
    await waitForLine(s.tui, /^question \d+: ui-demo: input with timeout$/, 5000);
    await send(s.tui, "typed");
    await waitForLine(
      s.tui,
      /^note: ui-demo results: .*"select":"Beta","confirm":true,"inputCancelled":"<undefined>","editor":"line 1\\nline 2".*"inputWithTimeoutAnswered":"typed"/,
    );
  });

  it("ctrl+c stops a run without leaving; ctrl+c when idle leaves with 130", async () => {
    await send(s.tui, "CTRLC-TEST go");
    await waitForLine(s.tui, "piece3");
    const before = lineLog(s.tui).filter((l) => l === "aborted").length;
    s.tui.write(KEYS.ctrlC);
    // The terminal echoes the key as "^C" before the line.
    await waitForLine(s.tui, /^(\^C)?aborting \(ctrl\+c again leaves\)$/);
    const aborted = (): number => lineLog(s.tui).filter((l) => l === "aborted").length;
    const start = Date.now();
    while (aborted() === before) {
      if (Date.now() - start > 15_000) throw new Error(`no second "aborted" line:\n${lineLog(s.tui).join("\n")}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(lineLog(s.tui)).not.toContain("piece59");
    // Still there: a line is still answered.
    await send(s.tui, "/help");
    await waitForLine(s.tui, /^help: \/abort \(or ctrl\+c\) stops the run/);
    s.tui.write(KEYS.ctrlC);
    expect(await s.tui.waitForExit(15_000)).toBe(130);
  });

  it("wrote no cursor movement, erase sequence, redraw or colour", () => {
    const raw = s.tui.output();
    expect(raw).not.toMatch(CURSOR_OR_ERASE);
    expect(raw).not.toMatch(/\r(?!\n)/);
    expect(raw).not.toContain("\u001b");
  });
});
