// `agent-tui --demo` start to finish under a pty: the offline demo provider streams thinking
// and markdown, runs tools (bash with live output, steered meanwhile), writes a todo plan; then the demo
// extension's dialogs are answered with keys, and the tour ends with a closing notice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { BUILT as built, waitForEditor } from "./tui-session.js";

const home = mkdtempSync(join(tmpdir(), "tui-demo-"));
let tui: TuiProcess | undefined;

afterAll(() => {
  tui?.kill();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!built)("agent-tui --demo", () => {
  it("runs the tour: stream, thinking, tool, plan, steering invitation, dialogs, the end", async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env["PATH"],
      HOME: home,
      TMPDIR: home,
      LANG: "C.UTF-8",
      TERM: "xterm-256color",
      AGENT_TUI_HOME: join(home, "agent"),
    };
    tui = spawnTui({ args: ["--demo"], cwd: ROOT, env, cols: 110, rows: 34 });
    const t = tui;
    await t.waitForText("Demo tour", 20_000, "all");
    await t.waitForText("Enter steers it, Alt+Enter (or Ctrl+F) queues a follow-up", 5_000, "all");
    await t.waitForText("Demo mode", 15_000, "all");
    await t.waitForText("const greet", 10_000, "all");
    await t.waitForText(/✓ ls \./, 10_000, "all");
    // The bash command's output streams live (a line every 0.3 s): steer while it runs.
    await t.waitForText(/demo step \d+\/10/, 10_000, "all");
    await t.type("steer-from-e2e");
    t.write(KEYS.enter);
    await t.waitForText("You said: “steer-from-e2e”", 15_000, "all");
    await t.waitForText(/✓ todo_write/, 10_000, "all");
    await t.waitForText(/Plan \d+\/3/, 10_000);
    // The thinking block was streamed (dimmed italic in the raw output).
    expect(t.output()).toContain("offline demo model");
    await t.waitForText("demo-ui: pick a colour", 15_000);
    // A dialog receives keys from the commit that draws it (the key router registers its
    // handler there): one write per step, never re-sent, so a lost key fails the test.
    const press = async (keys: string, next: string | RegExp): Promise<void> => {
      t.write(keys);
      await t.waitForText(next, 5_000, "all");
    };
    await press(KEYS.down, /❯ Green/);
    await press(KEYS.enter, "demo-ui: continue?");
    await press("y", "demo-ui: your name");
    await press("A", /A\s*$/m);
    await t.type("da");
    await t.waitForText("Ada");
    await press(KEYS.enter, "demo-ui: edit a note");
    await press(KEYS.enter, "demo-ui: this one times out");
    await press("n", "The tour is over.");
    // The command's last notifications arrive a batch after its prompt response.
    await t.waitForText(/demo-ui results: colour "Green", continue true, name "Ada"/, 5_000);
    // No provider hint in demo mode: the user asked for the demo.
    expect(t.allText()).not.toContain("No model provider is configured");
    // The tour leaves the editor as it found it: empty, so Ctrl+D leaves at once.
    await waitForEditor(t, "");
    t.write(KEYS.ctrlD);
    expect(await t.waitForExit()).toBe(0);
  }, 60_000);
});

describe.skipIf(!built)("agent-tui without an API key and without --demo", () => {
  it("starts, says how to configure a provider, and runs !commands", async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env["PATH"],
      HOME: home,
      TMPDIR: home,
      LANG: "C.UTF-8",
      TERM: "xterm-256color",
      AGENT_TUI_HOME: join(home, "nokey"),
    };
    const t = spawnTui({ args: [], cwd: home, env, cols: 120, rows: 30 });
    try {
      await t.waitForText("No model provider is configured", 20_000);
      await t.waitForText("ANTHROPIC_API_KEY");
      await t.waitForText("models.json");
      await t.waitForText("local OpenAI-compatible server");
      await t.type("!echo shell-works");
      t.write(KEYS.enter);
      await t.waitForText("  shell-works");
      expect(t.allText()).not.toContain("Demo tour");
      t.write(KEYS.ctrlD);
      expect(await t.waitForExit()).toBe(0);
    } finally {
      t.kill();
    }
  }, 30_000);
});
