// Live workers outlive their terminals on purpose, so an end-to-end test that started some ends
// them itself: each is killed and the test waits until none of them runs any more.
import { isProcessAlive } from "../../src/agent/live/live-registry.js";
import { waitUntil } from "./tui-session.js";

/** SIGKILL to each worker of `pids`, then wait until every one is gone. */
export async function endLiveWorkers(pids: readonly number[]): Promise<void> {
  for (const pid of pids) process.kill(pid, "SIGKILL");
  await waitUntil(() => pids.every((p) => !isProcessAlive(p)), "live workers to die");
}
