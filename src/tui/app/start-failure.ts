// A worker that could not start (a command that does not exist, exits at once, or never
// answers) is one line on stderr and a non-zero exit, in the full-screen UI, -p and --plain
// alike: never a crash notice, a "did not start" notice and a third line about the same exit.
import { describeCommandLine, exitOf, type BridgeNotice, type WorkerExitInfo } from "../../bridge/index.js";
import { LIVE_SESSION_BUSY_EXIT } from "../live/attach-failure.js";
import { sanitizeLine } from "../render/sanitize.js";

const RPC_HINT = '--agent needs an RPC worker, such as "pi --mode rpc"';

/** What the worker printed first on stderr (its own message, before any stack). */
function firstStderrLine(tail: string): string | undefined {
  const line = tail
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l !== "");
  return line === undefined ? undefined : sanitizeLine(line);
}

function why(argv0: string, exit: WorkerExitInfo | undefined, error: unknown): string {
  const spawnCode = /^Could not start worker: spawn .* (E[A-Z]+)$/.exec(exit?.reason ?? "")?.[1];
  if (spawnCode === "ENOENT") return `${argv0}: command not found`;
  if (spawnCode === "EACCES") return `${argv0}: permission denied`;
  if (exit?.reason?.startsWith("Could not start worker: ")) return exit.reason.slice("Could not start worker: ".length);
  if (exit && (exit.code !== null || exit.signal !== null)) {
    const how = exit.signal !== null ? `was killed by ${exit.signal}` : `exited at once (code ${exit.code})`;
    const said = firstStderrLine(exit.stderrTail);
    return said !== undefined ? `it ${how}: ${said}` : `it ${how} without answering: ${RPC_HINT}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/not ready within/.test(message)) return `it did not answer (${message}); ${RPC_HINT}`;
  return message;
}

/**
 * The one line (no "agent-tui: " prefix, no newline) for a worker that did not start: `error` is
 * start()'s rejection.
 */
export function startFailureLine(workerCommand: readonly string[], error: unknown): string {
  const exit = exitOf(error);
  // Print and plain mode leave a live session in use alone: agent-rpc's reason is the whole line.
  const said = exit?.code === LIVE_SESSION_BUSY_EXIT ? firstStderrLine(exit.stderrTail) : undefined;
  const busy = /^agent-rpc attach: (.+)$/.exec(said ?? "")?.[1];
  if (busy !== undefined) return busy;
  const shown = describeCommandLine(workerCommand);
  const argv0 = sanitizeLine(shown.split(" ")[0] ?? "");
  return sanitizeLine(`could not start the worker (${shown}): ${why(argv0, exit, error)}`);
}

/** What a failing start leaves behind besides its exit: a write to the closed stdin, a request cut off. */
const FAILURE_ECHOES: ReadonlySet<BridgeNotice["kind"]> = new Set([
  "supervisor",
  "notification",
  "protocol_error",
  "indeterminate",
  "ui_request_closed",
]);

/**
 * The notices of a connection, with those a failing start would leave held back until the
 * worker runs: then they are delivered in order; if it fails to start they are dropped, since
 * whoever awaits start() reports that failure once (its rejection carries the exit). Everything
 * else (a dialog an extension opens while starting) passes at once, and after a worker ran
 * every notice does (a later exit is a crash, reported as such).
 */
export type StartFailureFilter = (batch: readonly BridgeNotice[]) => readonly BridgeNotice[];

export function createStartFailureFilter(): StartFailureFilter {
  let held: BridgeNotice[] | undefined = [];
  return (batch) => {
    if (held === undefined) return batch;
    const out: BridgeNotice[] = [];
    for (const n of batch) {
      if (held === undefined) out.push(n);
      else if (n.kind === "supervisor" && (n.state === "running" || n.state === "degraded")) {
        out.push(...held, n);
        held = undefined;
      } else if (n.kind === "supervisor" && (n.state === "exited" || n.state === "failed")) held = [];
      else if (FAILURE_ECHOES.has(n.kind)) held.push(n);
      else out.push(n);
    }
    return out;
  };
}
