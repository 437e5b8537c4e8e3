// `attach --or-serve` when no live worker matches: this process becomes the live worker, its
// stdin/stdout the first client's link (stdio-link.ts). One process where `--or-start` needs two
// (a relay and the worker it spawns), so the client's first screen does not wait for a second
// Node start-up. The client starts it in a process group of its own, so the terminal's signals
// stay with the client. Where no socket can be made, this process is a plain worker on stdio.
import { parseCli, type CliOptions } from "../cli.js";
import { packageVersion } from "../package-version.js";
import { exitOnStartFailure } from "../start-failure.js";

/** Run the agent in this process; -1 (running) once it serves. */
async function serve(cli: CliOptions, notices: readonly string[] = []): Promise<number> {
  const { startAgent } = await import("../agent-server.js");
  await startAgent({ cli, version: packageVersion(), cwd: process.cwd(), notices }).catch(exitOnStartFailure);
  return -1;
}

/** Start the agent as a live worker serving stdio; -1 (running) once it listens. */
export function serveHere(workerArgs: readonly string[]): Promise<number> {
  return serve({ ...parseCli(workerArgs), serve: true, stdioLink: true });
}

/** `attach --or-run` with no live worker to attach to: a plain worker on stdio, ending with it. */
export function runHere(workerArgs: readonly string[]): Promise<number> {
  return serve(parseCli(workerArgs));
}

/**
 * No live worker can listen here ($AGENT_TUI_HOME too long for a socket path): serve this client
 * on stdio as `agent-rpc` does, telling it (a notify after ready) that the session ends with it.
 */
export function serveWithoutLive(workerArgs: readonly string[], why: string): Promise<number> {
  return serve(parseCli(workerArgs), [
    `Live sessions are off: ${why}. This session ends when this terminal does; ` +
      "a shorter $AGENT_TUI_HOME turns them on.",
  ]);
}
