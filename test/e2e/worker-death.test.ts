// A worker killed mid-answer, in both ways agent-tui runs one: a live worker (reached over its
// socket, reconnected after the link drops) and a child worker (--no-detach, restarted by the
// supervisor). Either way the replacement is a different worker: the screen must say the
// unfinished answer was lost, mark the partial text already shown as not saved, and never
// claim that nothing was lost.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine } from "./tui-session.js";

const TOKENS = Array.from({ length: 60 }, (_, i) => `tok${String(i).padStart(2, "0")} `);
const SLOW = { kind: "text" as const, matchLastUser: "DEATH-PROMPT", chunks: TOKENS, delayMs: 100 };
const QUICK = { kind: "text" as const, matchLastUser: "QUICK-PROMPT", chunks: ["Quick ", "answer."] };
const LIVE = { liveSessions: { enabled: true, reconnectDelaysMs: [300, 600] } };
const NOT_SAVED = "Not saved: the worker died before this answer ended; it is in no session file.";
const LOST = "The worker died; a new one reopened the saved session. The unfinished answer was lost; restarted from the saved session.";

let running: { sandbox: Sandbox; tui: TuiProcess } | undefined;

afterEach(async () => {
  if (!running) return;
  const { sandbox, tui } = running;
  running = undefined;
  tui.kill();
  const pids = listLiveEntries(join(sandbox.root, "agent", "live")).map((e) => e.pid);
  for (const pid of pids) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
  await sandbox.dispose();
});

async function start(args: string[], env: NodeJS.ProcessEnv, settings?: Record<string, unknown>): Promise<{ sandbox: Sandbox; tui: TuiProcess }> {
  const sandbox = await createSandbox([SLOW, QUICK], settings ? { settings } : {});
  const tui = spawnTui({ args, cwd: sandbox.cwd, env: { ...sandbox.env, ...env }, cols: 140, rows: 30 });
  running = { sandbox, tui };
  await tui.waitForText("Fake Model", 20_000);
  return running;
}

/** The last token of the partial answer on screen when the worker was killed. */
function lastTokenShown(tui: TuiProcess): number {
  const seen = TOKENS.map((t) => t.trim()).filter((t) => tui.allText().includes(t));
  return seen.length - 1;
}

/** The partial answer, then the not-saved mark right after it. */
async function expectMarkedPartial(tui: TuiProcess, cutAt: number): Promise<void> {
  await tui.waitForText(NOT_SAVED, 15_000, "all");
  const text = tui.allText();
  const mark = text.indexOf(NOT_SAVED);
  const partial = text.lastIndexOf(`tok${String(cutAt).padStart(2, "0")}`, mark);
  expect(partial, text).toBeGreaterThan(-1);
  expect(text.slice(partial, mark).trim().split("\n").length, text).toBeLessThan(4);
  expect(text).not.toContain("nothing was lost");
}

describe.skipIf(!BUILT)("a worker killed mid-answer", () => {
  it("live mode: a replaced worker is told apart from a link that came back", async () => {
    const { sandbox, tui } = await start(FAKE_MODEL, { AGENT_TUI_LIVE_SESSIONS: "1" }, LIVE);
    await submitLine(tui, "DEATH-PROMPT go");
    await tui.waitForText("tok03");
    const [worker] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(worker).toBeDefined();
    process.kill(worker?.pid ?? 0, "SIGKILL");
    const cutAt = lastTokenShown(tui);
    await tui.waitForText("Lost the link to the worker", 10_000, "all");
    await tui.waitForText(LOST, 20_000, "all");
    await expectMarkedPartial(tui, cutAt);
    const text = tui.allText();
    expect(text).not.toContain("it keeps running");
    expect(text).not.toContain("could not be replayed");
    // A new worker, not the old one back.
    const [now] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(now?.pid).not.toBe(worker?.pid);
  }, 60_000);

  it("live mode: a worker killed while idle is said to be replaced, with no answer lost", async () => {
    const { sandbox, tui } = await start(FAKE_MODEL, { AGENT_TUI_LIVE_SESSIONS: "1" }, LIVE);
    // One whole answer first: the link is attached and followed.
    await submitLine(tui, "QUICK-PROMPT go");
    await tui.waitForText("Quick answer.");
    const [worker] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(worker).toBeDefined();
    process.kill(worker?.pid ?? 0, "SIGKILL");
    await tui.waitForText("The worker died; a new one reopened the saved session.", 20_000, "all");
    const text = tui.allText();
    expect(text).not.toContain("The unfinished answer was lost");
    expect(text).not.toContain("Not saved");
    expect(text).not.toContain("nothing was lost");
  }, 60_000);

  it("--no-detach: the restarted worker's notice and the partial answer say it was not saved", async () => {
    const { tui } = await start([...FAKE_MODEL, "--no-detach"], { AGENT_TUI_LIVE_SESSIONS: "0" });
    await submitLine(tui, "DEATH-PROMPT go");
    await tui.waitForText("tok03");
    const pid = execFileSync("pgrep", ["-P", String(tui.pid)], { encoding: "utf8" }).trim();
    process.kill(Number(pid), "SIGKILL");
    const cutAt = lastTokenShown(tui);
    await tui.waitForText("Worker restarted; the session was reopened", 20_000, "all");
    await expectMarkedPartial(tui, cutAt);
  }, 60_000);
});
