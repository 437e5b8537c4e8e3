// The keyboard as pi and Claude Code users expect it, end to end under a pty on the bundled
// agent: new lines in every encoding a terminal sends (never escape text in the prompt),
// thinking-level and model changes written in the transcript, and Ctrl+C that clears a draft
// without arming the exit (exit = two presses within 1 s on an empty editor).
import { describe, expect, it } from "vitest";
import { FAKE_MODEL as FAKE_MODEL_CONFIG, FAKE_MODEL_2 } from "../fixtures/fake-agent-home.js";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, FAKE_MODEL, sharedTuiSession, waitForEditor } from "./tui-session.js";

const SHIFT_TAB = "\u001b[Z";
const CTRL_P = "\u0010";

describe.skipIf(!built)("keyboard under a pty", () => {
  const s = sharedTuiSession([{ kind: "text", matchLastUser: "four", chunks: ["Got ", "four lines."], delayMs: 5 }], {
    args: [...FAKE_MODEL, "--no-session"],
    cols: 100,
    rows: 30,
    sandbox: { models: [FAKE_MODEL_CONFIG, FAKE_MODEL_2] },
  });

  it("a new line with \\ Enter, xterm modifyOtherKeys and kitty Shift+Enter; Enter sends all lines", async () => {
    const { tui } = s;
    await tui.type("one\\");
    // The backslash is on screen before Enter, as when a person types it.
    await tui.waitForText(/^› one\\\s*$/m);
    tui.write(KEYS.enter);
    await tui.type("two");
    tui.write("\u001b[27;2;13~"); // xterm modifyOtherKeys Shift+Enter
    await tui.type("three");
    tui.write("\u001b[13;2u"); // kitty CSI-u Shift+Enter
    await tui.type("four");
    await tui.waitForText(/^ {2}four\s*$/m);
    expect(tui.screen().map((r) => r.trimEnd()).filter((r) => /^(›| ) (one|two|three|four)$/.test(r))).toEqual(["› one", "  two", "  three", "  four"]);
    tui.write(KEYS.enter);
    await tui.waitForText("Got four lines.");
    expect(s.sandbox.llm.requests.at(-1)?.lastUser).toBe("one\ntwo\nthree\nfour");
    expect(tui.allText()).not.toMatch(/\[27;2;13~|\[13;2u/);
  });

  it("Shift+Tab and Ctrl+P say the new thinking level and model in the transcript", async () => {
    const { tui } = s;
    await tui.waitForNoText("Working…");
    tui.write(SHIFT_TAB);
    await tui.waitForText(/^· Thinking level: \w+$/m);
    tui.write(CTRL_P);
    await tui.waitForText(/^· Model: Fake Model Two \(fake\)$/m);
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
  });
});
