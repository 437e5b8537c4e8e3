// The real agent-tui driving the real agent-rpc (built dist/) on the scripted fake LLM, under a
// pseudo-terminal, reading the screen: streamed code block, bash with live output, steer during
// a tool, follow-up during streaming, abort, a select dialog answered with keys, a confirm
// dialog timing out, dialog text typed fast arriving whole, and a clean exit that restores the
// terminal.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, ROOT } from "./pty-harness.js";
import { BUILT as built, FAKE_MODEL, sharedTuiSession, withTuiSession } from "./tui-session.js";

const UI_EXTENSION = resolve(ROOT, "test", "fixtures", "pi-ui-extension.ts");
const ANSWER_EXTENSION = resolve(ROOT, "test", "e2e", "fixtures", "answer-extension.ts");
/** A bash command that runs until the test creates `file` in the session's cwd (no fixed sleep to race). */
const untilReleased = (file: string): string => `until [ -e ${file} ]; do sleep 0.02; done`;

describe.skipIf(!built)("agent-tui × agent-rpc under a pty", () => {
  const s = sharedTuiSession(
    [
      {
        kind: "text",
        matchLastUser: "CODE-TEST",
        chunks: ["Here is code:\n\n", "```ts\n", "const answer", " = 42;\n", "```\n\n", "Done with code."],
        delayMs: 20,
      },
      {
        kind: "tool_call",
        matchLastUser: "BASH-TEST",
        calls: [
          {
            id: "call_b",
            name: "bash",
            arguments: { command: `echo first-line; ${untilReleased("bash-release")}; echo second-line` },
          },
        ],
      },
      { kind: "text", matchLastUser: "BASH-TEST", chunks: ["Bash finished."], delayMs: 5 },
      {
        kind: "tool_call",
        matchLastUser: "STEER-TEST",
        calls: [
          { id: "call_s", name: "bash", arguments: { command: `${untilReleased("steer-release")}; echo slow-done` } },
        ],
      },
      { kind: "text", matchLastUser: "steer now", chunks: ["Steered", " ok."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "SLOW-TEST",
        chunks: Array.from({ length: 25 }, (_, i) => `word${i} `),
        delayMs: 80,
      },
      { kind: "text", matchLastUser: "follow later", chunks: ["Followed", " ok."], delayMs: 5 },
      {
        kind: "text",
        matchLastUser: "ABORT-TEST",
        chunks: Array.from({ length: 60 }, (_, i) => `chunk${i} `),
        delayMs: 80,
      },
    ],
    { args: [...FAKE_MODEL, "--no-session", "-e", UI_EXTENSION, "-e", ANSWER_EXTENSION], cols: 100, rows: 30 },
  );

  it("streams an answer with a highlighted code block", async () => {
    await s.tui.type("CODE-TEST please");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("Done with code.");
    await s.tui.waitForNoText("Working…");
    await s.tui.waitForText("const answer = 42;");
    await s.tui.waitForText("› CODE-TEST please");
    // Highlighted: the keyword carries an SGR colour in the raw output.
    expect(s.tui.output()).toMatch(/\u001b\[\d+(;\d+)*mconst\u001b\[/);
  });

  it("shows bash output live, while the tool runs", async () => {
    await s.tui.type("BASH-TEST now");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText(/⋯ bash echo first-line/);
    await s.tui.waitForText("first-line");
    expect(s.tui.screen()).not.toContain("  second-line");
    writeFileSync(join(s.sandbox.cwd, "bash-release"), "");
    await s.tui.waitForText("Bash finished.");
    expect(s.tui.screenText()).toMatch(/✓ bash echo first-line/);
    expect(s.tui.screen()).toContain("  second-line");
  });

  it("Enter during a tool sends a steer that reaches the model after it", async () => {
    await s.tui.type("STEER-TEST go");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText(/⋯ bash until \[ -e steer-release \]/);
    await s.tui.type("steer now");
    s.tui.write(KEYS.enter);
    // Queued while the tool still runs; the tool ends only then.
    await s.tui.waitForText(/Steering \(1\) steer now/);
    writeFileSync(join(s.sandbox.cwd, "steer-release"), "");
    await s.tui.waitForText("Steered ok.");
    const steered = s.sandbox.llm.requests.find((r) => r.lastUser === "steer now");
    expect(steered).toBeDefined();
  });

  it("Alt+Enter during streaming queues a follow-up shown in the queue pane", async () => {
    await s.tui.type("SLOW-TEST go");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("word1");
    await s.tui.type("follow later");
    s.tui.write(KEYS.altEnter);
    await s.tui.waitForText(/Follow-up \(1\) follow later/);
    await s.tui.waitForText("Followed ok.", 15_000);
    await s.tui.waitForNoText(/Follow-up \(1\)/);
    const i = s.sandbox.llm.requests.findIndex((r) => r.lastUser === "follow later");
    const j = s.sandbox.llm.requests.findIndex((r) => r.lastUser.includes("SLOW-TEST"));
    expect(i).toBeGreaterThan(j);
  });

  it("Esc aborts a streaming answer", async () => {
    await s.tui.type("ABORT-TEST go");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("chunk2");
    s.tui.write(KEYS.esc);
    await s.tui.waitForText(/Aborted/);
    await s.tui.waitForNoText("Working…");
    expect(s.tui.screenText()).not.toContain("chunk59");
  });

  it("answers a select dialog with the keyboard; a confirm with a timeout closes by itself", async () => {
    await s.tui.type("/ui-demo x");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("ui-demo: pick one");
    // The window title says a dialog waits for an answer (a glance at the tab tells).
    await s.tui.waitForText(/\u001b\]0;agent-tui · [^\u0007]* · needs you\u0007/, 10_000, "raw");
    s.tui.write(KEYS.down);
    await s.tui.waitForText("❯ Beta");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("ui-demo: confirm?");
    s.tui.write("y");
    await s.tui.waitForText("ui-demo: type something");
    s.tui.write(KEYS.esc);
    await s.tui.waitForText("ui-demo: edit this");
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("ui-demo: select with timeout");
    await s.tui.waitForText(/closes in \ds/);
    await s.tui.waitForText("ui-demo: confirm with timeout", 5000);
    // Nobody answers: the countdown runs out and the dialog goes away on its own.
    await s.tui.waitForText("ui-demo: input with timeout", 5000);
    // Typed at full speed: the input dialog keeps every key (no human-speed pause needed).
    await s.tui.type("typed");
    await s.tui.waitForText("› typed");
    s.tui.write(KEYS.enter);
    // The notification is printed whole in the transcript, wrapped: its JSON starts on the next row.
    await s.tui.waitForText(/ui-demo results:[\s\S]*"select":"Beta","confirm":true,"inputCancelled":"<unde/);
  });

  it("a dialog's text field receives every character: one long write, then many rapid writes", async () => {
    const answerFile = join(s.sandbox.cwd, "e2e-answer.json");
    const oneWrite = "One write: the quick brown fox jumps over the lazy dog 0123456789. ";
    const rapid = "Rapid writes: ünïcödé ✓ and more text typed faster than React renders.";
    s.tui.write(KEYS.ctrlC); // the ui-demo extension left text in the editor
    await s.tui.waitForText(/^› {1,2}message the agent/m);
    s.tui.write("/ask input\r"); // text and Enter in one chunk: the command is submitted
    await s.tui.waitForText("e2e: type here");
    s.tui.write(oneWrite);
    for (const ch of rapid) s.tui.write(ch);
    s.tui.write(KEYS.enter);
    await s.tui.waitForText("e2e: answer recorded");
    expect(existsSync(answerFile)).toBe(true);
    expect(JSON.parse(readFileSync(answerFile, "utf8"))).toEqual({ value: oneWrite + rapid });
  });

  it("Ctrl+D on an empty editor exits and restores the terminal", async () => {
    // The extension put text in the editor: clear it first. Typed text and Ctrl+C in one
    // chunk: Ctrl+C is still recognised.
    s.tui.write(`more text${KEYS.ctrlC}`);
    await s.tui.waitForText(/^› {1,2}message the agent/m);
    s.tui.write(KEYS.ctrlD);
    const code = await s.tui.waitForExit(10_000);
    expect(code).toBe(0);
    const out = s.tui.output();
    expect(out).toContain("\u001b[?2004h");
    expect(out.lastIndexOf("\u001b[?2004l")).toBeGreaterThan(out.lastIndexOf("\u001b[?2004h"));
    expect(out.lastIndexOf("\u001b[?25h")).toBeGreaterThan(out.lastIndexOf("\u001b[?25l"));
    expect(out).not.toContain("\u001b[2J");
  });
});

describe.skipIf(!built)("agent-tui terminal restore on signals", () => {
  it("SIGTERM stops the worker and restores the terminal (raw mode off, cursor shown, paste mode off)", async () => {
    await withTuiSession([], { args: [...FAKE_MODEL, "--no-session"], cols: 60, rows: 20 }, async ({ tui: p }) => {
      process.kill(p.pid, "SIGTERM");
      const code = await p.waitForExit(10_000);
      expect(code).toBe(143);
      const out = p.output();
      expect(out.lastIndexOf("\u001b[?2004l")).toBeGreaterThan(out.lastIndexOf("\u001b[?2004h"));
      expect(out.lastIndexOf("\u001b[?25h")).toBeGreaterThan(out.lastIndexOf("\u001b[?25l"));
    });
  }, 30_000);
});

describe.skipIf(!built)("agent-tui with a pi 0.73.1 stand-in (cumulative message_update, no agent_settled)", () => {
  it("renders a recorded tool run and settles back to idle", async () => {
    const worker = resolve(ROOT, "test", "e2e", "fixtures", "replay-worker.mjs");
    const trace = resolve(ROOT, "test", "fixtures", "traces", "pi-0.73.1", "c_tool_bash.jsonl");
    await withTuiSession(
      [],
      { args: ["--agent", `"${process.execPath}" "${worker}" "${trace}"`], cols: 80, rows: 24 },
      async ({ tui: p }) => {
        await p.type("Run echo hello; sleep 1; echo world");
        p.write(KEYS.enter);
        await p.waitForText("› Run echo hello; sleep 1; echo world");
        await p.waitForText("I'll run it.");
        await p.waitForText(/✓ bash echo hello; sleep 1; echo world/);
        await p.waitForText(/^ {2}world$/m);
        await p.waitForText("The command printed hello and world.");
        // No agent_settled from pi 0.73: the bridge synthesises settledness and the UI goes idle.
        await p.waitForNoText("Working…", 5000);
        expect(p.screenText()).not.toContain("partialArgs");
      },
    );
  }, 40_000);
});

describe.skipIf(!built)("agent-tui external editor", () => {
  it("Ctrl+G edits the prompt in $EDITOR and puts the result back in the editor", async () => {
    const env = { EDITOR: `sh -c 'printf "from the editor" > "$1"' --` };
    await withTuiSession([], { args: [...FAKE_MODEL, "--no-session"], env, cols: 80, rows: 24 }, async ({ tui: p }) => {
      await p.type("draft");
      await p.waitForText("› draft");
      p.write("\u0007");
      await p.waitForText("› from the editor");
    });
  }, 30_000);
});

describe.skipIf(!built)("agent-tui resize", () => {
  it("narrowing and widening re-lay out the live region once, with no stale copy", async () => {
    const script = [
      {
        kind: "text" as const,
        matchLastUser: "GO",
        chunks: ["A short answer with some words in it. ".repeat(5)],
        delayMs: 5,
      },
    ];
    // xterm.js re-wraps lines on resize like most terminals; tell agent-tui it does.
    await withTuiSession(
      script,
      { args: [...FAKE_MODEL, "--no-session"], env: { AGENT_TUI_REFLOW: "1" }, cols: 100, rows: 20 },
      async ({ tui: p }) => {
        const count = (s: string): number => p.screenText().split(s).length - 1;
        await p.type("GO now");
        p.write(KEYS.enter);
        await p.waitForText("A short answer");
        await p.waitForNoText("Working…");
        await p.type("some draft text in the editor that is fairly long, longer than fifty columns");
        await p.waitForText("longer than fifty columns");
        // A frame at the new width arrived: the footer shortens its cwd, then drops parts, when narrow.
        const footerAt: Record<number, RegExp> = {
          50: /^cwd · Fake Model .*ctx 0%$/m,
          30: /^Fake Model • medium · ctx 0%$/m,
          100: /^\/tmp\S* · .*ctx 0%$/m,
        };
        for (const cols of [50, 30, 100]) {
          p.resize(cols, 20);
          await p.waitForText(footerAt[cols] ?? /ctx 0%$/m);
          // A key typed now is drawn in a frame after every frame of the resize: a stale copy of
          // the editor left by the re-layout would still be on screen then.
          p.write("\u0001Z");
          await p.waitForText("› Zsome draft");
          expect(count("some draft"), `${cols} cols:\n${p.screenText()}`).toBe(1);
          expect(count("Fake Model"), `${cols} cols:\n${p.screenText()}`).toBeLessThanOrEqual(1);
          p.write("\u007f\u0005");
          await p.waitForText("› some draft");
        }
      },
    );
  }, 40_000);
});
