// The keyboard as pi and Claude Code users expect it, end to end under a pty on the bundled
// agent: new lines in every encoding a terminal sends (never escape text in the prompt), big
// pastes as one marker, thinking-level and model changes written in the transcript, repeated
// hints that count instead of stacking, the window title, Ctrl+R through a history kept across
// runs, Ctrl+U / Ctrl+K cuts with undo, Ctrl+C that clears a draft without arming the exit, and
// Ctrl+Z / fg from a real shell.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FAKE_MODEL as FAKE_MODEL_CONFIG, FAKE_MODEL_2 } from "../fixtures/fake-agent-home.js";
import { KEYS, ROOT, spawnTui } from "./pty-harness.js";
import { BUILT as built, FAKE_MODEL, sharedTuiSession, submitLine, waitForEditor } from "./tui-session.js";

const SHIFT_TAB = "\u001b[Z";
const CTRL_P = "\u0010";
const CTRL_R = "\u0012";
const CTRL_Z = "\u001a";
const CTRL_U = "\u0015";
const CTRL_K = "\u000b";
const CTRL_UNDO = "\u001f";
const ALT_UP = "\u001b[1;3A";
const PASTED = Array.from({ length: 2001 }, (_, i) => `pasted line ${i}`);

describe.skipIf(!built)("keyboard under a pty", () => {
  const s = sharedTuiSession(
    [
      { kind: "text", matchLastUser: "four", chunks: ["Got ", "four lines."], delayMs: 5 },
      { kind: "text", matchLastUser: "pasted line 2000", chunks: ["Got ", "the paste."], delayMs: 5 },
    ],
    {
      args: [...FAKE_MODEL, "--no-session"],
      cols: 100,
      rows: 30,
      sandbox: { models: [FAKE_MODEL_CONFIG, FAKE_MODEL_2] },
    },
  );

  it("a new line with \\ Enter, xterm modifyOtherKeys and kitty Shift+Enter; Enter sends all lines", async () => {
    const { tui } = s;
    await tui.waitForText(/\u001b\]0;agent-tui · cwd · idle\u0007/, 10_000, "raw");
    // `\`, Enter and the next line in one read (fast typing, a busy moment): still a new line.
    tui.write("one\\\rtwo");
    tui.write("\u001b[27;2;13~"); // xterm modifyOtherKeys Shift+Enter
    await tui.type("three");
    tui.write("\u001b[57441u\u001b[25;5~\u001b[27;5;9999~"); // keys the keymap does not know: dropped, never text
    tui.write("\u001b[13;2u"); // kitty CSI-u Shift+Enter
    await tui.type("four");
    await tui.waitForText(/^ {2}four\s*$/m);
    expect(
      tui
        .screen()
        .map((r) => r.trimEnd())
        .filter((r) => /^(›| ) (one|two|three|four)$/.test(r)),
    ).toEqual(["› one", "  two", "  three", "  four"]);
    tui.write(KEYS.enter);
    await tui.waitForText("Got four lines.");
    expect(s.sandbox.llm.requests.at(-1)?.lastUser).toBe("one\ntwo\nthree\nfour");
    expect(tui.allText()).not.toMatch(/\[27;2;13~|\[13;2u/);
    // The title said the agent was working while it was.
    expect(tui.output()).toContain("\u001b]0;agent-tui · cwd · working\u0007");
  });

  it("a bracketed paste of 2,001 lines is one marker in the editor, sent whole, previewed in the transcript", async () => {
    const { tui } = s;
    await tui.waitForNoText("Working…");
    await tui.type("look: ");
    tui.write(`\u001b[200~${PASTED.join("\r")}\u001b[201~`);
    await waitForEditor(tui, "look: [paste #1 +2001 lines]");
    tui.write(KEYS.enter);
    await tui.waitForText("Got the paste.");
    expect(s.sandbox.llm.requests.at(-1)?.lastUser).toBe(`look: ${PASTED.join("\n")}`);
    await tui.waitForText("… 1991 more lines");
    expect(tui.allText()).toContain("pasted line 8");
    expect(tui.allText()).not.toContain("pasted line 1500");
    // The transcript view (Ctrl+O) has all of it.
    await tui.waitForNoText("Working…");
    tui.write("\u000f");
    await tui.waitForText(/q back · /);
    tui.write("/");
    await tui.type("line 1500");
    tui.write(KEYS.enter);
    await tui.waitForText(/^▌ +pasted line 1500$/m);
    tui.write("q");
    await waitForEditor(tui, "");
  });

  it("Shift+Tab and Ctrl+P say the new thinking level and model in the transcript", async () => {
    const { tui } = s;
    await tui.waitForNoText("Working…");
    tui.write(SHIFT_TAB);
    await tui.waitForText(/^· Thinking level: \w+$/m);
    tui.write(CTRL_P);
    await tui.waitForText(/^· Model: Fake Model Two \(fake\)$/m);
  });

  it("the same hint three times is one row with a count", async () => {
    const { tui } = s;
    for (let i = 0; i < 3; i += 1) tui.write(ALT_UP); // nothing is queued
    await tui.waitForText("ℹ Nothing is queued (×3)");
    expect(tui.screen().filter((r) => r.includes("Nothing is queued"))).toHaveLength(1);
  });

  it("Ctrl+R finds an earlier prompt; Enter sends it", async () => {
    const { tui } = s;
    tui.write(CTRL_R);
    await tui.waitForText("history search");
    await tui.type("thre");
    await tui.waitForText(/^ {2}three\s*$/m);
    tui.write(KEYS.esc); // keep it to edit instead of sending
    await tui.waitForNoText("history search");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
  });

  it("Ctrl+U deletes to the start of the line, Ctrl+K to its end, and Ctrl+_ undoes the cut", async () => {
    const { tui } = s;
    await tui.type("some draft text");
    await waitForEditor(tui, "some draft text");
    tui.write(CTRL_U);
    await waitForEditor(tui, "");
    tui.write(CTRL_UNDO);
    await waitForEditor(tui, "some draft text");
    tui.write("\u0001"); // Ctrl+A: start of the line
    tui.write(CTRL_K);
    await waitForEditor(tui, "");
  });

  it("Ctrl+C clears a draft without arming the exit; two presses within 1 s on an empty editor exit", async () => {
    const { tui } = s;
    await tui.type("a draft");
    await waitForEditor(tui, "a draft");
    tui.write(KEYS.ctrlC);
    await waitForEditor(tui, "");
    expect(tui.screenText()).not.toContain("Press Ctrl+C again");
    tui.write(KEYS.ctrlC); // armed: the hint shows for the 1 s window, then goes
    await tui.waitForText("Press Ctrl+C again to exit");
    await tui.waitForNoText("Press Ctrl+C again to exit", 3000);
    tui.write(KEYS.ctrlC); // the window has passed: this arms again instead of exiting
    await tui.waitForText("Press Ctrl+C again to exit");
    tui.write(KEYS.ctrlC);
    expect(await tui.waitForExit()).toBe(0);
    // The shell's title was pushed at start and popped after our last title.
    const out = tui.output();
    expect(out.indexOf("\u001b[22;0t")).toBeGreaterThanOrEqual(0);
    expect(out.lastIndexOf("\u001b[23;0t")).toBeGreaterThan(out.lastIndexOf("\u001b]0;"));
  });

  it("the prompt history is kept for this project across runs (a 0600 file) and Ctrl+R searches it", async () => {
    const dir = join(s.sandbox.env["AGENT_TUI_HOME"] ?? "", "history");
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(statSync(join(dir, files[0] ?? "")).mode & 0o777).toBe(0o600);
    const next = spawnTui({
      args: [...FAKE_MODEL, "--no-session"],
      cwd: s.sandbox.cwd,
      env: s.sandbox.env,
      cols: 100,
      rows: 30,
    });
    try {
      await next.waitForText("Fake Model", 20_000);
      next.write(CTRL_R);
      await next.type("look");
      await next.waitForText("› look: pasted line 0"); // remembered as sent: the paste expanded
      next.write(KEYS.ctrlC); // cancel the search: back to the empty draft
      await waitForEditor(next, "");
    } finally {
      next.kill();
    }
  });
});

describe.skipIf(!built)("Ctrl+Z from a shell with job control", () => {
  const s = sharedTuiSession([], {
    args: [...FAKE_MODEL, "--no-session"],
    cols: 100,
    rows: 24,
    shell: true,
    // Inside "tmux" with extended-keys off: agent-tui says once how to turn it on.
    env: {
      TMUX: "/tmp/fake-tmux,1,0",
      PATH: `${join(ROOT, "test", "e2e", "fixtures", "fake-tmux")}:${process.env["PATH"] ?? ""}`,
    },
  });

  it("under tmux with extended-keys off, says once how to turn it on", async () => {
    await s.tui.waitForText("set -g extended-keys on");
    expect(s.tui.allText().split("set -g extended-keys on").length - 1).toBe(1);
  });

  it("suspends to the shell with the terminal restored, and fg brings it back intact", async () => {
    const { tui } = s;
    await submitLine(tui, "/hotkeys"); // something in the transcript above the live region
    await tui.type("draft kept");
    await waitForEditor(tui, "draft kept");
    tui.write(CTRL_Z);
    await tui.waitForText(/Stopped/);
    // What we wrote before the shell took over (bash then sets its own modes).
    const out = tui.output().slice(0, tui.output().indexOf("Stopped"));
    expect(out.lastIndexOf("\u001b[?2004l")).toBeGreaterThan(out.lastIndexOf("\u001b[?2004h"));
    expect(out.lastIndexOf("\u001b[>4;0m")).toBeGreaterThan(out.lastIndexOf("\u001b[>4;1m"));
    expect(out.lastIndexOf("\u001b[?25h")).toBeGreaterThan(out.lastIndexOf("\u001b[?25l"));
    expect(tui.screenText()).not.toContain("› draft kept");
    await tui.type("echo from-the-shell\r"); // the shell has the terminal, in its own mode
    await tui.waitForText(/^from-the-shell$/m);
    await tui.type("fg\r");
    await waitForEditor(tui, "draft kept");
    await tui.type(" and more"); // raw mode is back: keys reach the editor one by one
    await waitForEditor(tui, "draft kept and more");
    expect(tui.screen().filter((r) => r.startsWith("› draft kept"))).toHaveLength(1);
    // Our modes are back (modifyOtherKeys is only ever asked for by us).
    const resumed = tui.output().slice(tui.output().lastIndexOf("fg"));
    expect(resumed).toContain("\u001b[?2004h\u001b[>4;1m");
  });
});
