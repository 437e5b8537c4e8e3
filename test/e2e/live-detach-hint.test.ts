// The command printed on detach runs as printed: agent-tui started as `node bin/agent-tui.js` from
// a shell (as the README says) prints that way to come back, and pasting it into the same shell
// reattaches to the session it left.
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { listLiveEntries } from "../../src/agent/live/live-registry.js";
import { ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

let sandbox: Sandbox | undefined;
let shell: TuiProcess | undefined;

const liveEntries = () => (sandbox ? listLiveEntries(join(sandbox.root, "agent", "live")) : []);

afterEach(async () => {
  shell?.kill();
  shell = undefined;
  const pids = liveEntries().map((e) => e.pid);
  await endLiveWorkers(pids);
  await sandbox?.dispose();
  sandbox = undefined;
});

describe.skipIf(!BUILT)("the detach hint", () => {
  it("is the command as it was started, and pasting it into the shell reattaches", async () => {
    sandbox = await createSandbox([{ kind: "text", matchLastUser: "HINT-PROMPT", chunks: ["HINT-ANSWER"] }], {
      settings: { liveSessions: { enabled: true } },
    });
    // From the repository's folder, as the README starts it (sessions stay in the sandbox's home).
    shell = spawnTui({
      args: FAKE_MODEL,
      cwd: ROOT,
      env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: "1" },
      shell: true,
      cols: 160,
      rows: 30,
    });
    await shell.waitForText("Fake Model", 20_000);
    await submitLine(shell, "HINT-PROMPT go");
    await shell.waitForText("HINT-ANSWER");
    const [entry] = liveEntries();
    await submitLine(shell, "/detach");
    await shell.waitForText(/Come back with: .*\n?\$ $/m, 15_000, "all");
    const hint = /Come back with: (.+)$/m.exec(shell.allText())?.[1]?.trim() ?? "";
    expect(hint).toBe(`node bin/agent-tui.js attach ${entry?.id.slice(0, 13)}`);

    shell.write(`${hint}\r`);
    await shell.waitForText("Attached to live session “HINT-PROMPT go”", 20_000, "all");
    expect(liveEntries().map((e) => e.pid)).toEqual([entry?.pid]);
  }, 60_000);
});
