// This machine's sessions without a second process: when the local agent-rpc is the one of this
// package, its sessions watch (dist/agent-bundle/local-registry-watch.js, the code `agent-rpc
// sessions --json --watch` runs) is loaded into this process and followed in place; its lists
// are decoded into rows exactly as the command's lines are (decodeFleetLine). Any other local
// agent-rpc (--agent's, another install), or a module that cannot be loaded, is followed through
// the command as a remote host is (host-watch.ts); a module that does not load is a broken or
// mixed install, so the fallback says why (onWarning). Measured in bench/fleet.mjs: the child was
// ~50 MB and 0.3-2% of a core per TUI; in place the same lists cost the TUI less than that.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { resolveBundledWorkerCommand } from "../command-line.js";
import { isRecord } from "../client-values.js";
import { decodeFleetLine } from "./decode-fleet.js";
import { startHostWatch, type HostWatch, type HostWatchOptions } from "./host-watch.js";

/** What the module offers (src/agent/live/local-registry-watch.ts), as this side relies on it. */
type WatchLocalRegistry = (o: {
  onList(sessions: unknown[], version: string): void;
  onProblem(text: string): void;
  minIntervalMs?: number;
}) => () => void;

/** The sessions watch module of `reach` when it is this package's own agent-rpc, else undefined. */
export function localWatchModule(reach: readonly string[]): string | undefined {
  const own = resolveBundledWorkerCommand();
  if (reach.length !== own.length || reach.some((word, i) => word !== own[i])) return undefined;
  const script = own[own.length - 1] as string;
  const module = join(dirname(script), "..", "dist", "agent-bundle", "local-registry-watch.js");
  return existsSync(module) ? module : undefined;
}

async function loadWatch(module: string): Promise<WatchLocalRegistry | undefined> {
  const loaded: unknown = await import(pathToFileURL(module).href);
  const fn = isRecord(loaded) ? loaded["watchLocalRegistry"] : undefined;
  return typeof fn === "function" ? (fn as WatchLocalRegistry) : undefined;
}

export type LocalWatchOptions = {
  /** Read the registry after changes at most this often. */
  minIntervalMs?: number;
  /** Told why the module was not used: the sessions are still listed, through the command. */
  onWarning?(text: string): void;
};

/** What the fallback's warning says: the cost of the second process, and why it runs. */
const fallbackWarning = (module: string, why: string): string =>
  `this machine's sessions are listed through a second process (agent-rpc sessions --watch): ` +
  `the in-process watch ${module} ${why}`;

/**
 * Follows this machine's registry in this process through `module` (localWatchModule); falls
 * back to the command, with a warning, when the module does not load.
 */
export function startLocalWatch(o: HostWatchOptions, module: string, more: LocalWatchOptions = {}): HostWatch {
  const { minIntervalMs } = more;
  let stopWatch: (() => void) | undefined;
  let stopped = false;
  let live = false;
  let problem: string | undefined;
  o.onState("connecting", undefined);
  const follow = (watchLocalRegistry: WatchLocalRegistry): void => {
    stopWatch = watchLocalRegistry({
      onList(sessions, version) {
        const line = decodeFleetLine(o.name, { type: "fleet", version, at: Date.now(), sessions });
        if (stopped || !line) return;
        if (!live) o.onState("live", undefined);
        live = true;
        problem = undefined;
        o.onLine(line);
      },
      onProblem(text) {
        if (stopped || text === problem) return;
        live = false;
        problem = text;
        o.onState("unreachable", text);
      },
      ...(minIntervalMs !== undefined ? { minIntervalMs } : {}),
    });
  };
  // A module of another build, or a broken one: the command still lists the sessions.
  const fallBack = (why: string): void => {
    if (stopped) return;
    more.onWarning?.(fallbackWarning(module, why));
    stopWatch = startHostWatch(o).stop;
  };
  loadWatch(module).then(
    (fn) => {
      if (stopped) return;
      if (fn) follow(fn);
      else fallBack("offers no watchLocalRegistry (a module of another build)");
    },
    (error: unknown) => fallBack(`did not load: ${error instanceof Error ? error.message : String(error)}`),
  );
  return {
    stop() {
      stopped = true;
      stopWatch?.();
    },
  };
}
