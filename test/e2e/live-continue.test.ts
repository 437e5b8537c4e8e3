// Which conversation `agent-tui -c` brings back when live workers run, under a pty: the one used
// last in this folder, live or finished (a finished session used after a detached worker wins
// over it), a live worker it attaches to is said so in one line, and `agent-tui sessions` and
// the /resume picker show every live session's title.
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { KEYS, spawnTui, TUI_BIN, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

const LIVE = { liveSessions: { enabled: true } };
const OLD = "what is in the attic";
const BANANA = "remember the word banana";

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];

const liveEntries = () => (sandbox ? listLiveEntries(join(sandbox.root, "agent", "live")) : []);

async function start(args: string[]): Promise<TuiProcess> {
  if (!sandbox) throw new Error("no sandbox");
  const tui = spawnTui({
    args,
    cwd: sandbox.cwd,
    env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: "1" },
    cols: 110,
    rows: 30,
  });
  tuis.push(tui);
  await tui.waitForText("Fake Model", 20_000);
  return tui;
}

/** Close the terminal: the TUI gets SIGHUP and detaches; its worker runs on. */
async function hangUp(tui: TuiProcess): Promise<void> {
  const before = liveEntries().filter((e) => e.attached).length;
  process.kill(tui.pid, "SIGHUP");
  await tui.waitForExit();
  await waitUntil(
    () => liveEntries().filter((e) => e.attached).length < before,
    "the worker to say nobody is attached",
  );
}

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  const pids = liveEntries().map((e) => e.pid);
  await endLiveWorkers(pids);
  await sandbox?.dispose();
  sandbox = undefined;
});

describe.skipIf(!BUILT)("agent-tui -c with live workers", () => {
  it("continues the conversation used last, live or finished, and says when it attached a live worker", async () => {
    sandbox = await createSandbox(
      [
        { kind: "text", matchLastUser: OLD, chunks: ["ATTIC-ANSWER"] },
        { kind: "text", matchLastUser: BANANA, chunks: ["BANANA-ANSWER"] },
      ],
      { settings: LIVE },
    );
    // A conversation whose terminal closed: its worker lives on, detached.
    const first = await start(FAKE_MODEL);
    await submitLine(first, OLD);
    await first.waitForText("ATTIC-ANSWER");
    await hangUp(first);
    const [old] = liveEntries();

    // Later, another conversation in the same folder, ended with Ctrl+D.
    const second = await start(FAKE_MODEL);
    await submitLine(second, BANANA);
    await second.waitForText("BANANA-ANSWER");
    second.write(KEYS.ctrlD);
    await second.waitForExit();
    await waitUntil(() => liveEntries().length === 1, "the banana worker to end");

    // -c: the banana conversation (used last), not the older live worker, and no attach line.
    const third = await start([...FAKE_MODEL, "-c"]);
    await third.waitForText("BANANA-ANSWER", 10_000, "all");
    expect(third.allText()).toContain(BANANA);
    expect(third.allText()).not.toContain("ATTIC-ANSWER");
    expect(third.allText()).not.toContain("Attached to live session");
    expect(isProcessAlive(old?.pid ?? 0)).toBe(true);

    // Its terminal closes too: now two live workers, and `agent-tui sessions` titles both.
    await hangUp(third);
    const listed = spawnSync(process.execPath, [TUI_BIN, "sessions"], {
      cwd: sandbox.cwd,
      env: sandbox.env,
      encoding: "utf8",
    });
    expect(listed.stdout).toContain("TITLE");
    expect(listed.stdout).toContain(OLD);
    expect(listed.stdout).toContain(BANANA);

    // -c again: the banana worker is the conversation used last, and attaching to it is said.
    const fourth = await start([...FAKE_MODEL, "-c"]);
    await fourth.waitForText(
      /Attached to live session “remember the word banana” \(idle \d+s\) · \/resume for others/,
      10_000,
      "all",
    );
    expect(fourth.allText()).toContain("BANANA-ANSWER");
    expect(fourth.allText()).not.toContain("ATTIC-ANSWER");

    // /resume offers the other live worker, by its title, marked live.
    await submitLine(fourth, "/resume");
    await fourth.waitForText(new RegExp(`${OLD}.*● idle since`));
  }, 90_000);
});
