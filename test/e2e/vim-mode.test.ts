// The vim mode end to end under a pty on the bundled agent: on at start from the settings file,
// its keys in /hotkeys, /vim off and on again, /settings turning it off; typing in INSERT, Esc to
// NORMAL, edits with motions, operators, undo and redo on a two-line prompt, the mode in the
// footer, Enter sending exactly the edited text to the scripted model; then Esc's rule while a
// run streams (docs/keybindings.md "Vim mode"): in NORMAL it aborts, in INSERT it only goes to
// NORMAL and the answer runs on to its end.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS } from "./pty-harness.js";
import { BUILT as built, sharedTuiSession, submitLine, waitForEditor } from "./tui-session.js";

const CTRL_J = "\n";
const CTRL_R = "\u0012";
const EDITED = "fix that bug in parser\nrun tests!";
const HELD = { kind: "text", delayMs: 5, holdAfter: 2 } as const;

/** The footer (the screen's last row that is not blank) starts with the vim mode. */
async function footerMode(tui: { screen(): string[]; screenText(): string }, mode: string): Promise<void> {
  const start = Date.now();
  for (;;) {
    const footer =
      tui
        .screen()
        .filter((r) => r.trim() !== "")
        .at(-1) ?? "";
    if (footer.startsWith(`${mode} ·`)) return;
    if (Date.now() - start > 15_000) throw new Error(`footer never showed ${mode}; screen:\n${tui.screenText()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!built)("vim mode under a pty", () => {
  const s = sharedTuiSession(
    [
      { kind: "text", matchLastUser: EDITED, chunks: ["Got ", "the edit."], delayMs: 5 },
      { ...HELD, matchLastUser: "KEEP GOING", chunks: ["one ", "two ", "three ", "done."] },
      { ...HELD, matchLastUser: "STOP ME", chunks: ["uno ", "dos ", "tres ", "never shown."] },
    ],
    // agent-tui's settings file turns vim mode on at start.
    { cols: 100, rows: 30, sandbox: { settings: { vim: true } } },
  );

  it("edits a two-line prompt in NORMAL mode and sends exactly the edited text", async () => {
    const { tui } = s;
    await footerMode(tui, "INSERT");
    await submitLine(tui, "/hotkeys");
    await tui.waitForText("Vim mode (/vim; the footer shows the mode):", 10_000, "all");
    await tui.waitForText(/objects\s+iw aw iW aW/, 10_000, "all");
    await submitLine(tui, "/vim");
    await tui.waitForText("Vim mode off.");
    await tui.waitForNoText(/^INSERT ·/m);
    await submitLine(tui, "/vim");
    await tui.waitForText("Vim mode on");
    await footerMode(tui, "INSERT");
    await tui.type("fix the bug in parser");
    tui.write(CTRL_J);
    await tui.type("and run tests");
    await tui.waitForText(/^ {2}and run tests\s*$/m);
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    // gg w: "the"; cw that Esc; j 0 dw: drop "and "; A ! Esc; u takes the "!" back, Ctrl+R redoes it.
    // (Each step waits for what it draws: a key written is not a key read yet.)
    await tui.type("ggwcwthat");
    await waitForEditor(tui, "fix that bug in parser");
    await footerMode(tui, "INSERT");
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    await tui.type("j0dwA!");
    await tui.waitForText(/^ {2}run tests!\s*$/m);
    await footerMode(tui, "INSERT");
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    await tui.type("u");
    await tui.waitForText(/^ {2}run tests\s*$/m);
    tui.write(CTRL_R);
    await tui.waitForText(/^ {2}run tests!\s*$/m);
    expect(tui.screen().map((r) => r.trimEnd())).toContain("› fix that bug in parser");
    // A pending command shows in the footer until it completes or Esc drops it.
    await tui.type("d2");
    await footerMode(tui, "NORMAL d2");
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    tui.write(KEYS.enter);
    await tui.waitForText("Got the edit.");
    expect(s.sandbox.llm.requests.at(-1)?.lastUser).toBe(EDITED);
    await tui.waitForNoText("Working…");
    await footerMode(tui, "NORMAL");
  });

  it("Esc in NORMAL aborts a streaming run; Esc in INSERT only goes to NORMAL and the run goes on", async () => {
    const { tui, sandbox } = s;
    await waitForEditor(tui, "");
    // From NORMAL: i and the prompt, Esc back to NORMAL, Enter sends it.
    await tui.type("iSTOP ME");
    await waitForEditor(tui, "STOP ME");
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    tui.write(KEYS.enter);
    await tui.waitForText("uno dos");
    await tui.waitForText("Working…");
    tui.write(KEYS.esc);
    await tui.waitForNoText("Working…");
    await tui.waitForText(/^! Aborted/m);
    await footerMode(tui, "NORMAL");

    // Sent from INSERT (Enter there sends too): Esc goes to NORMAL and nothing stops the answer.
    await tui.type("iKEEP GOING");
    await waitForEditor(tui, "KEEP GOING");
    tui.write(KEYS.enter);
    await tui.waitForText("one two");
    await footerMode(tui, "INSERT");
    tui.write(KEYS.esc);
    await footerMode(tui, "NORMAL");
    // (The fake model holds every stream from now on until released: held once, for both.)
    sandbox.llm.release();
    await tui.waitForText("one two three done.");
    await tui.waitForNoText("Working…");
    expect(tui.allText()).not.toContain("never shown.");
    expect(sandbox.llm.requests.map((r) => r.lastUser)).toEqual([EDITED, "STOP ME", "KEEP GOING"]);
  });

  it("/settings turns vim mode off and saves it in agent-tui's settings file", async () => {
    const { tui, sandbox } = s;
    await waitForEditor(tui, "");
    await tui.type("i");
    await footerMode(tui, "INSERT");
    await submitLine(tui, "/settings");
    await tui.waitForText(/^Settings(?: {2}|\s*$)/m);
    await tui.type("vim");
    await tui.waitForText(/› +Vim mode +on/);
    tui.write(KEYS.enter);
    await tui.waitForText(/Vim mode: vim keys/);
    await tui.type("off");
    tui.write(KEYS.enter);
    await tui.waitForText("Vim mode: off (saved)");
    await tui.waitForText(/› +Vim mode +off/);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Settings(?: {2}|\s*$)/m);
    await tui.waitForNoText(/^INSERT ·/m);
    const saved = JSON.parse(readFileSync(join(sandbox.root, "agent", "settings.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(saved["vim"]).toBe(false);
  });
});
