// Live workers outlive their terminals on purpose, so an end-to-end test that started some ends
// them itself: each is killed and the test waits until none of them runs any more.
import { join } from "node:path";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import type { Sandbox } from "./sandbox.js";
import { waitUntil } from "./tui-session.js";

/** SIGKILL to each worker of `pids`, then wait until every one is gone. */
export async function endLiveWorkers(pids: readonly number[]): Promise<void> {
  for (const pid of pids) process.kill(pid, "SIGKILL");
  await waitUntil(() => pids.every((p) => !isProcessAlive(p)), "live workers to die");
}

/** The live registry of a test sandbox: its $AGENT_TUI_HOME is `<root>/agent`. */
export const sandboxLiveDir = (box: Sandbox): string => join(box.root, "agent", "live");

/** Ends every live worker the sandbox's registry lists. */
export async function endSandboxWorkers(box: Sandbox): Promise<void> {
  await endLiveWorkers(listLiveEntries(sandboxLiveDir(box)).map((e) => e.pid));
}
