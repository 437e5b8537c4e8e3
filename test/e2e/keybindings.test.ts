// keybindings.json end to end: agent-tui on agent-rpc under a pty, with a file in
// $AGENT_TUI_HOME that moves the transcript view to Ctrl+Y and gives Ctrl+T (toggle_thinking's)
// to cycle_model. The rebinding takes effect, the conflict is reported with its line, /hotkeys
// shows both; then the file is changed while agent-tui runs, and a broken edit keeps the keys.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox } from "./sandbox.js";
import { BUILT as built, FAKE_MODEL, noticesAfter, submitLine, waitForEditor } from "./tui-session.js";

const CTRL_Y = "\u0019";
const CTRL_G = "\u0007";

const FILE = ["{", '  "open_transcript": ["ctrl+y"],', '  "cycle_model": ["ctrl+t"]', "}", ""].join("\n");

/** The view opened by a key: the alternate screen with its hint line; `q` goes back. */
async function opensView(tui: TuiProcess, key: string): Promise<void> {
  tui.write(key);
  await tui.waitForText(/q back · /);
  expect(tui.bufferKind()).toBe("alternate");
  tui.write("q");
  await waitForEditor(tui, "");
  expect(tui.bufferKind()).toBe("normal");
}

/** `key` does nothing in the editor: the text typed after it lands in the editor, no view opened. */
async function isUnbound(tui: TuiProcess, key: string, marker: string): Promise<void> {
  tui.write(key);
  await tui.type(marker);
  await waitForEditor(tui, marker);
  expect(tui.bufferKind()).toBe("normal");
  tui.write(KEYS.ctrlC);
  await waitForEditor(tui, "");
}

describe.skipIf(!built)("keybindings.json under a pty", () => {
  it("rebinds, reports a conflict with its line, shows both in /hotkeys, and follows edits of the file", async () => {
    const sandbox = await createSandbox([
      { kind: "text", matchLastUser: "HELLO", chunks: ["Hello ", "back."], delayMs: 5 },
    ]);
    const home = sandbox.env["AGENT_TUI_HOME"] ?? "";
    const path = join(home, "keybindings.json");
    writeFileSync(path, FILE);
    const tui = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: sandbox.env, cols: 120, rows: 40 });
    try {
      await tui.waitForText("Fake Model", 20_000);
      await tui.waitForText(`${path}:3: "ctrl+t" is already toggle_thinking's key`, 10_000, "all");
      await submitLine(tui, "HELLO");
      await tui.waitForText("Hello back.");
      await tui.waitForNoText("Working…");
      await waitForEditor(tui, "");

      await opensView(tui, CTRL_Y);
      await isUnbound(tui, KEYS.ctrlO, "after-ctrl-o");

      await submitLine(tui, "/hotkeys");
      await tui.waitForText("[open_transcript]", 10_000, "all");
      // The page's last sentence (wrapped, so read from logical lines): the whole page is drawn.
      await expect
        .poll(() => tui.logicalLines().join("\n"), { timeout: 10_000 })
        .toContain("Keys marked * come from that file.");
      const rows = tui.logicalLines();
      const row = (name: string): string => rows.find((r) => r.includes(`[${name}]`))?.trim() ?? "";
      expect(row("open_transcript")).toMatch(/^ctrl\+y \*\s+open the transcript view/);
      // The conflicting entry gave way: cycle_model keeps ctrl+p, unmarked; ctrl+t stays toggle_thinking's.
      expect(row("cycle_model")).toMatch(/^ctrl\+p\s+cycle models/);
      expect(row("toggle_thinking")).toMatch(/^ctrl\+t\s+show\/hide thinking/);
      expect(rows.join("\n")).toContain("Keys marked * come from that file.");
      expect(rows.join("\n")).toContain("In the transcript view (ctrl+y):");

      // Changed while running: Ctrl+G opens the view now (external_editor gives it up).
      const before = tui.allText().split("\n").length;
      writeFileSync(path, '{\n  "open_transcript": ["ctrl+g"],\n  "external_editor": []\n}\n');
      await tui.waitForText(`${path} read again`, 10_000, "all");
      expect(
        tui
          .allText()
          .split("\n")
          .slice(before - 1)
          .join("\n"),
      ).not.toMatch(/keybindings\.json:\d+:/);
      await opensView(tui, CTRL_G);
      await isUnbound(tui, CTRL_Y, "after-ctrl-y");

      // A broken edit: one notice with the line, and the keys in force stay.
      writeFileSync(path, '{\n  "open_transcript": ["ctrl+y"],\n  oops\n}\n');
      await tui.waitForText(`${path}:3: not valid JSON`, 10_000, "all");
      await tui.waitForText("the key bindings in force stay as they were.", 10_000, "all");
      await opensView(tui, CTRL_G);
      expect(noticesAfter(tui, "› HELLO").length).toBeGreaterThan(0);
    } finally {
      tui.kill();
      await sandbox.dispose();
    }
  }, 90_000);
});
