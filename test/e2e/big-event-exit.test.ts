// Nothing big wedges the TUI (under a pty): a worker sends one 20 MB tool result while it
// floods 100 MB of stderr; agent-tui draws a bounded preview, keeps echoing keys, and every way
// out (Ctrl+D, SIGTERM, SIGHUP) restores the terminal (cursor shown, bracketed paste off) and
// exits. The only timing is a generous deadline for the exit itself.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, waitForEditor } from "./tui-session.js";

const WORKER = join(ROOT, "test", "fixtures", "hostile-worker.mjs");
const CURSOR_SHOWN = "\u001b[?25h";
const PASTE_OFF = "\u001b[?2004l";
/** Generous: the exit itself must come within 2 s on a quiet machine; this one is shared. */
const EXIT_DEADLINE_MS = 10_000;

describe.skipIf(!BUILT)("one huge event and a stderr flood do not wedge agent-tui", () => {
  let sandbox: Sandbox | undefined;
  let tui: TuiProcess | undefined;

  async function start(): Promise<TuiProcess> {
    sandbox = await createSandbox([]);
    tui = spawnTui({
      args: ["--agent", `${process.execPath} ${WORKER}`],
      cwd: sandbox.cwd,
      env: sandbox.env,
      cols: 100,
      rows: 30,
    });
    await tui.waitForText("Hostile Model", 20_000);
    return tui;
  }

  /** Submit a `load:` prompt, leave by `how` as its huge frame arrives; returns the exit code. */
  async function leaveUnderLoad(t: TuiProcess, prompt: string, how: () => void): Promise<number> {
    await t.type(prompt);
    await waitForEditor(t, prompt);
    t.write(KEYS.enter);
    await t.waitForText("big-coming", 20_000);
    const mark = t.output().length;
    how();
    const code = await t.waitForExit(EXIT_DEADLINE_MS);
    const after = t.output().slice(mark);
    expect(after).toContain(CURSOR_SHOWN);
    expect(after).toContain(PASTE_OFF);
    return code;
  }

  afterEach(async () => {
    tui?.kill();
    await sandbox?.dispose();
    tui = undefined;
    sandbox = undefined;
  });

  it("shows bounded previews of a 20 MB result and a 20 MB answer, keeps echoing keys, and Ctrl+D under load restores and exits", async () => {
    const t = await start();
    await t.type("big-result:20");
    await waitForEditor(t, "big-result:20");
    t.write(KEYS.enter);
    await t.waitForText("big-done", 60_000);
    // The committed entry is a preview that says the rest of the line is not shown.
    await t.waitForText(/the rest of a long line/, 10_000, "all");
    // A 20 MB answer of short lines is committed as its first lines and a row counting the rest.
    await t.type("big-text:20");
    await waitForEditor(t, "big-text:20");
    t.write(KEYS.enter);
    await t.waitForText(/[\d,]+ more lines not shown here/, 60_000, "all");
    await t.type("still typing");
    await waitForEditor(t, "still typing");
    t.write(KEYS.ctrlC);
    await waitForEditor(t, "");
    expect(await leaveUnderLoad(t, "load:20:100", () => t.write(KEYS.ctrlD))).toBe(0);
  }, 120_000);

  it("SIGTERM under load restores the terminal and exits", async () => {
    const t = await start();
    expect(await leaveUnderLoad(t, "load:20:100", () => process.kill(t.pid, "SIGTERM"))).toBe(143);
  }, 60_000);

  it("SIGHUP under load restores the terminal and exits", async () => {
    const t = await start();
    expect(await leaveUnderLoad(t, "load:20:100", () => process.kill(t.pid, "SIGHUP"))).toBe(129);
  }, 60_000);
});
