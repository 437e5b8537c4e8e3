// agent-rpc's sessions watch as a module for agent-tui on the same machine (an entry of its own in
// dist/agent-bundle, scripts/bundle-agent.mjs): the fleet of every live TUI follows this
// machine's registry in the TUI's process with the very code `agent-rpc sessions --json --watch`
// runs, instead of a second Node process per TUI (~50 MB and ~50 ms of start-up each). The
// bridge loads it at run time only for the agent-rpc of its own package (bridge/fleet/
// local-watch.ts); any other agent-rpc is followed through the command.
// Nothing here writes to stdout or stderr: in a TUI's process those are the terminal.
import { agentHome } from "../config.js";
import { readPackageVersion } from "../package-version.js";
import { ensureLiveDir, liveDir } from "./live-paths.js";
import { watchRegistry } from "./registry-watch.js";

export interface LocalRegistryWatchOptions {
  /** The live workers (LiveEntry, as in a fleet line's `sessions`) whenever the list changes. */
  onList(sessions: unknown[], version: string): void;
  /** Why the registry cannot be followed or read now. */
  onProblem(text: string): void;
  /** Reads after a change at most this often (the reader shows at most that many lists anyway). */
  minIntervalMs?: number;
}

/** Follows this user's registry ($AGENT_TUI_HOME/live) until the returned stop is called. */
export function watchLocalRegistry(o: LocalRegistryWatchOptions): () => void {
  const dir = liveDir(agentHome());
  try {
    ensureLiveDir(dir);
  } catch (error) {
    o.onProblem((error as Error).message);
    return () => undefined;
  }
  const read = readPackageVersion();
  const version = "version" in read ? read.version : "0.0.0";
  return watchRegistry({
    dir,
    onList: (entries) => o.onList(entries, version),
    // A folder that cannot be watched is read at every poll instead: the list still follows.
    onProblem: (text, kind) => {
      if (kind === "read") o.onProblem(text);
    },
    heartbeatMs: 0,
    ...(o.minIntervalMs !== undefined ? { minIntervalMs: o.minIntervalMs } : {}),
  });
}
