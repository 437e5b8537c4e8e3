// Worker command lines for live sessions: agent-tui reaches agent-rpc (bundled, or named in
// --agent, e.g. `ssh host agent-rpc --mode rpc`) through `agent-rpc attach`, so the worker
// outlives this terminal and a dropped link can be reconnected to the same worker. A local first
// start serves in place (`--or-serve`: the process we spawn, in a process group of its own, is
// the worker: one Node start-up instead of two); through a transport (ssh …) and after a lost
// link, a worker is started the relay way (`--or-start`: spawned in a session of its own).
import { basename } from "node:path";

/** Position of the agent-rpc word (`agent-rpc`, or the bundled `…/bin/agent-rpc.js`), or -1. */
export function agentRpcIndex(argv: readonly string[]): number {
  return argv.findIndex((word) => {
    const name = basename(word);
    return name === "agent-rpc" || name === "agent-rpc.js";
  });
}

/**
 * What `attach` does when no live worker matches: fail, start one (`--or-start`, `--or-serve`),
 * or run a plain one (`--or-run`).
 */
type WhenNone = [] | ["--or-start"] | ["--or-serve"] | ["--or-run"];

/** `argv` with `attach [id] <whenNone>` after agent-rpc (an `attach` the user wrote is kept). */
function withAttach(argv: readonly string[], id: string | undefined, whenNone: WhenNone): string[] | undefined {
  const at = agentRpcIndex(argv);
  if (at < 0) return undefined;
  let rest = argv.slice(at + 1);
  if (rest[0] === "attach") {
    rest = rest.slice(1).filter((w) => w !== "--or-start" && w !== "--or-serve" && w !== "--or-run");
    if (rest[0] !== undefined && !rest[0].startsWith("-")) rest = rest.slice(1); // the id given before
  }
  return [...argv.slice(0, at + 1), "attach", ...(id !== undefined ? [id] : []), ...whenNone, ...rest];
}

/**
 * agent-rpc runs on this machine as our child (`agent-rpc …` or `node …/agent-rpc.js …`), not
 * behind a transport.
 */
function isLocal(argv: readonly string[]): boolean {
  const at = agentRpcIndex(argv);
  return at === 0 || (at === 1 && /^node(\.exe)?$/.test(basename(argv[0] ?? "")));
}

/**
 * The first command: attach to `id` when given (agent-tui attach), else to a live worker the flags
 * name or a new one.
 */
export function liveWorkerCommand(argv: readonly string[], attachId?: string): string[] | undefined {
  if (attachId !== undefined) return withAttach(argv, attachId === "" ? undefined : attachId, []);
  return withAttach(argv, undefined, isLocal(argv) ? ["--or-serve"] : ["--or-start"]);
}

/**
 * Print and plain mode: `--continue` or `--session` may name a conversation a live worker holds
 * (its session file is locked to it), so they attach to that worker as the full-screen UI does;
 * with none, `--or-run` makes the worker an ordinary one that ends with this process. Any other
 * command is unchanged: these modes start no live worker of their own.
 */
export function oneShotWorkerCommand(argv: readonly string[]): string[] {
  const at = agentRpcIndex(argv);
  const naming = (w: string): boolean => ["--continue", "-c", "--session"].includes(w) || w.startsWith("--session=");
  const names = argv.slice(at + 1).some(naming);
  return (at >= 0 && names ? withAttach(argv, undefined, ["--or-run"]) : undefined) ?? [...argv];
}

/** After a lost link: the same worker again, or (when it is gone) a new one reopening the session. */
export function reconnectCommand(argv: readonly string[], id: string): string[] {
  return withAttach(argv, id, ["--or-start"]) ?? [...argv];
}

/** `… agent-rpc sessions <args>` for this worker (`agent-tui sessions`), or undefined when it is not agent-rpc. */
export function sessionsCommand(argv: readonly string[], args: readonly string[]): string[] | undefined {
  const at = agentRpcIndex(argv);
  return at < 0 ? undefined : [...argv.slice(0, at + 1), "sessions", ...args];
}
