// A worker killed mid-answer, in both ways agent-tui runs one: a live worker (run in place by
// `attach --or-serve`, so its exit is seen at once) and a child worker (--no-detach, restarted by
// the supervisor). Either way the death is said once, truthfully, below the partial answer,
// which is marked as not saved; the run timer stops; nothing claims the dead worker keeps
// running or is being reconnected; and the restart is one line that offers the prompt back.
// The exact notices are counted: none repeats another, none contradicts another.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, noticesAfter, submitLine } from "./tui-session.js";

const TOKENS = Array.from({ length: 60 }, (_, i) => `tok${String(i).padStart(2, "0")} `);
const SLOW = { kind: "text" as const, matchLastUser: "DEATH-PROMPT", chunks: TOKENS, delayMs: 100 };
const QUICK = { kind: "text" as const, matchLastUser: "QUICK-PROMPT", chunks: ["Quick ", "answer."] };
const LIVE = { liveSessions: { enabled: true, reconnectDelaysMs: [300, 600] } };
const NOT_SAVED = "! Not saved: this partial answer is in no session file.";
const DIED_MID_ANSWER = "! The worker died (killed by SIGKILL); the unfinished answer was lost.";
/** Behind a relay only the relay saw the worker go: how it died reached nobody here. */
const DIED_WITH_NO_DETAIL = "! The worker died; the unfinished answer was lost.";
// The session file holds the prompt only: the answer never ended, so it was never written.
/** A reopened session that ends with the prompt: Enter asks our agent to `continue`. */
const OFFERED_BACK =
  "the interrupted prompt is back in the editor: Enter asks for its answer where the session left it, Ctrl+C clears the editor.";
const RESTARTED = `· Restarted from the saved session (1 message); ${OFFERED_BACK}`;
/** What must never be said of a worker the code knows is dead. */
const FALSE_CLAIMS = /keeps running|Reconnecting|Lost the link|nothing was lost|could not be replayed/;

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

async function start(
  args: string[],
  env: NodeJS.ProcessEnv,
  settings?: Record<string, unknown>,
): Promise<{ sandbox: Sandbox; tui: TuiProcess }> {
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

/** Every screen shown until `done` holds (the moments a false line could flash by). */
async function screensUntil(tui: TuiProcess, done: string | (() => boolean), timeoutMs = 20_000): Promise<string[]> {
  const finished = typeof done === "string" ? () => tui.allText().includes(done) : done;
  const screens: string[] = [];
  const start = Date.now();
  while (!finished()) {
    const now = tui.screenText();
    if (screens.at(-1) !== now) screens.push(now);
    if (Date.now() - start > timeoutMs) throw new Error(`never showed "${String(done)}"; screen:\n${now}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  screens.push(tui.screenText());
  return screens;
}

/** The partial answer, then the not-saved mark right after it. */
function expectMarkedPartial(tui: TuiProcess, cutAt: number): void {
  const text = tui.allText();
  const mark = text.indexOf(NOT_SAVED);
  const partial = text.lastIndexOf(`tok${String(cutAt).padStart(2, "0")}`, mark);
  expect(partial, text).toBeGreaterThan(-1);
  expect(text.slice(partial, mark).trim().split("\n").length, text).toBeLessThan(4);
}

/** From the death on, no screen claims the worker lives or shows the run timer going on. */
function expectNoFalseScreens(screens: readonly string[], deathLine = DIED_MID_ANSWER): void {
  for (const screen of screens) expect(screen).not.toMatch(FALSE_CLAIMS);
  const died = screens.findIndex((screen) => screen.includes(deathLine.slice(2)));
  expect(died).toBeGreaterThan(-1);
  for (const screen of screens.slice(died)) expect(screen).not.toContain("Working…");
}

describe.skipIf(!BUILT)("a worker killed mid-answer", () => {
  it("live mode: a killed worker is said dead once, below its marked partial answer, then restarted", async () => {
    const { sandbox, tui } = await start(FAKE_MODEL, { AGENT_TUI_LIVE_SESSIONS: "1" }, LIVE);
    await submitLine(tui, "DEATH-PROMPT go");
    await tui.waitForText("tok03");
    const [worker] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(worker).toBeDefined();
    process.kill(worker?.pid ?? 0, "SIGKILL");
    const cutAt = lastTokenShown(tui);
    const screens = await screensUntil(tui, "· Restarted from the saved session");
    expect(noticesAfter(tui, "› DEATH-PROMPT go")).toEqual([NOT_SAVED, DIED_MID_ANSWER, RESTARTED]);
    expectMarkedPartial(tui, cutAt);
    expectNoFalseScreens(screens);
    expect(tui.allText()).not.toMatch(FALSE_CLAIMS);
    await tui.waitForText("› DEATH-PROMPT go\n", 5000);
    // A new worker, not the old one back.
    const [now] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(now?.pid).not.toBe(worker?.pid);
  }, 60_000);

  it("live mode: a worker killed while idle is said dead, with no answer lost, then restarted", async () => {
    const { sandbox, tui } = await start(FAKE_MODEL, { AGENT_TUI_LIVE_SESSIONS: "1" }, LIVE);
    // One whole answer first: the link is attached and followed.
    await submitLine(tui, "QUICK-PROMPT go");
    await tui.waitForText("Quick answer.");
    const [worker] = listLiveEntries(join(sandbox.root, "agent", "live"));
    expect(worker).toBeDefined();
    process.kill(worker?.pid ?? 0, "SIGKILL");
    const screens = await screensUntil(tui, "· Restarted from the saved session");
    const notices = noticesAfter(tui, "› QUICK-PROMPT go");
    expect(notices).toEqual([
      "✗ The worker died (killed by SIGKILL).",
      "· Restarted from the saved session (2 messages).",
    ]);
    for (const screen of screens) expect(screen).not.toMatch(FALSE_CLAIMS);
  }, 60_000);

  it("live mode: a worker behind a relay (the one a restart started) is said dead the same way", async () => {
    const { sandbox, tui } = await start(FAKE_MODEL, { AGENT_TUI_LIVE_SESSIONS: "1" }, LIVE);
    await submitLine(tui, "QUICK-PROMPT go");
    await tui.waitForText("Quick answer.");
    const live = join(sandbox.root, "agent", "live");
    process.kill(listLiveEntries(live)[0]?.pid ?? 0, "SIGKILL");
    await tui.waitForText("· Restarted from the saved session (2 messages).", 20_000, "all");
    // The new worker runs in a session of its own; agent-tui's child is a relay to it.
    const [worker] = listLiveEntries(live);
    const child = execFileSync("pgrep", ["-P", String(tui.pid)], { encoding: "utf8" }).trim();
    expect(Number(child)).not.toBe(worker?.pid);
    await submitLine(tui, "DEATH-PROMPT go");
    await tui.waitForText("tok03");
    process.kill(worker?.pid ?? 0, "SIGKILL");
    const cutAt = lastTokenShown(tui);
    const screens = await screensUntil(tui, () => noticesAfter(tui, "› DEATH-PROMPT go").length >= 3);
    const restarted = "· Restarted from the saved session (3 messages); " + OFFERED_BACK;
    expect(noticesAfter(tui, "› DEATH-PROMPT go")).toEqual([NOT_SAVED, DIED_WITH_NO_DETAIL, restarted]);
    expectMarkedPartial(tui, cutAt);
    expectNoFalseScreens(screens, DIED_WITH_NO_DETAIL);
  }, 60_000);

  it("--no-detach: the same notices, in the same order, for a child worker the supervisor restarts", async () => {
    const { tui } = await start([...FAKE_MODEL, "--no-detach"], { AGENT_TUI_LIVE_SESSIONS: "0" });
    await submitLine(tui, "DEATH-PROMPT go");
    await tui.waitForText("tok03");
    const pid = execFileSync("pgrep", ["-P", String(tui.pid)], { encoding: "utf8" }).trim();
    process.kill(Number(pid), "SIGKILL");
    const cutAt = lastTokenShown(tui);
    const screens = await screensUntil(tui, "· Restarted from the saved session");
    expect(noticesAfter(tui, "› DEATH-PROMPT go")).toEqual([NOT_SAVED, DIED_MID_ANSWER, RESTARTED]);
    expectMarkedPartial(tui, cutAt);
    expectNoFalseScreens(screens);
  }, 60_000);
});
