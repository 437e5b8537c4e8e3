// How agent-tui reaches (or says it cannot reach) a live session, on the built programs: an id
// no live session has is agent-tui's one line naming agent-tui's commands, in `attach` (under a
// pty) and in `sessions stop`.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, TUI_BIN, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT } from "./tui-session.js";

const LIVE = { liveSessions: { enabled: true } };

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];

async function waitUntil(cond: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const liveEntries = () => (sandbox ? listLiveEntries(join(sandbox.root, "agent", "live")) : []);
const liveEnv = (): NodeJS.ProcessEnv => ({ ...sandbox?.env, AGENT_TUI_LIVE_SESSIONS: "1" });

function runTui(args: string[], input = ""): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [TUI_BIN, ...args], { cwd: sandbox?.cwd, env: liveEnv(), input, encoding: "utf8", timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  const pids = liveEntries().map((e) => e.pid);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  await waitUntil(() => pids.every((p) => !isProcessAlive(p)), "live workers to die");
  await sandbox?.dispose();
  sandbox = undefined;
});

describe.skipIf(!BUILT)("reaching live sessions from agent-tui", () => {
  it("an id no live session has is one line naming agent-tui's commands, in attach and in sessions stop", async () => {
    sandbox = await createSandbox([], { settings: LIVE });
    const tui = spawnTui({ args: ["attach", "nosuchid"], cwd: sandbox.cwd, env: liveEnv(), cols: 120, rows: 20 });
    tuis.push(tui);
    expect(await tui.waitForExit(20_000)).not.toBe(0);
    const said = tui.allText();
    expect(said).toContain("agent-tui: no live session matches nosuchid (agent-tui sessions lists them)");
    expect(said).not.toContain("could not start the worker");
    expect(said).not.toContain("agent-rpc");

    const stop = runTui(["sessions", "stop", "nosuchid"]);
    expect(stop.code).toBe(4);
    expect(stop.stderr).toBe("agent-tui sessions: no live session matches nosuchid (agent-tui sessions lists them)\n");
  }, 60_000);
});
