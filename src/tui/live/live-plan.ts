// How agent-tui starts its worker with live sessions on: through `agent-rpc attach --or-start`
// (or `attach ID`), so the worker outlives this process, with a reconnect command for a dropped
// link. Off (--no-detach, liveSessions.enabled false, or a worker that is not agent-rpc): as before.
import { spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { visibleLine, visibleText, type WorkerConnectionOptions } from "../../bridge/index.js";
import type { SessionsCli, TuiCliOptions } from "../app/cli.js";
import { onOutputClosed } from "../terminal/closed-output.js";
import { NO_LIVE_SESSION_EXIT } from "./attach-failure.js";
import { liveWorkerCommand, reconnectCommand, sessionsCommand } from "./live-command.js";
import type { LiveSettings } from "./live-settings.js";
import { TAIL_MESSAGES } from "../session/session-pages.js";

export type WorkerPlan = { command: string[]; live: WorkerConnectionOptions["live"] | undefined } | { error: string };

export function planWorker(
  options: Pick<TuiCliOptions, "workerCommand" | "noDetach" | "attachId">,
  settings: LiveSettings,
): WorkerPlan {
  const base = options.workerCommand;
  const liveOn = options.attachId !== undefined || (!options.noDetach && settings.enabled);
  const command = liveOn ? liveWorkerCommand(base, options.attachId) : undefined;
  if (!command) {
    if (options.attachId !== undefined)
      return {
        error: 'agent-tui attach needs agent-rpc as the worker (the bundled agent, or --agent "… agent-rpc …")',
      };
    return { command: [...base], live: undefined };
  }
  // The attach answer carries the session's tail only; open-session.ts reads the rest in pages.
  // A reconnect follows the command of the worker shown now: after a switch to a session of
  // another host (the fleet view), that host's transport, not the one this TUI started with.
  const live: NonNullable<WorkerConnectionOptions["live"]> = {
    reconnectCommand: (id, current) => reconnectCommand(current, id),
    snapshotTail: TAIL_MESSAGES,
  };
  if (settings.reconnectDelaysMs) live.reconnectDelaysMs = settings.reconnectDelaysMs;
  return { command, live };
}

/**
 * Copies what `agent-rpc sessions` prints to our terminal a line at a time, through the plain
 * sanitiser: the listing holds folder and session names anyone can choose, and the agent-rpc we
 * run may be another version (`--agent "ssh host agent-rpc"`) that prints them raw.
 */
function relayVisible(from: Readable, to: Writable): void {
  let partial = "";
  from.setEncoding("utf8");
  from.on("data", (chunk: string) => {
    const text = partial + chunk;
    const end = text.lastIndexOf("\n") + 1;
    partial = text.slice(end);
    if (end > 0) to.write(visibleText(text.slice(0, end)));
  });
  from.on("end", () => {
    if (partial !== "") to.write(visibleText(partial));
  });
}

/** The ID of `sessions --stop ID`, or undefined for a listing. */
const stopQuery = (args: readonly string[]): string | undefined => {
  const at = args.indexOf("--stop");
  return at < 0 ? undefined : args[at + 1];
};

/** `agent-tui sessions …`: runs `agent-rpc sessions …` in this terminal; resolves with its exit code. */
export function runSessionsCli(cli: SessionsCli): Promise<number> {
  const command = sessionsCommand(cli.workerCommand, cli.args);
  const [file, ...args] = command ?? [];
  if (file === undefined) {
    process.stderr.write("agent-tui sessions: the worker is not agent-rpc, so it has no live sessions\n");
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: ["inherit", "pipe", "pipe"] });
    // A reader that leaves (`agent-tui sessions | head -1`) ends the listing quietly, as for `yes | head`.
    onOutputClosed((code) => {
      child.kill();
      resolve(code);
    });
    relayVisible(child.stdout, process.stdout);
    // `stop ID` that matches nothing is agent-tui's own line (agent-rpc's names agent-rpc):
    // its stderr waits for the exit code. A listing's stderr passes as it comes.
    const stopping = stopQuery(cli.args);
    let held = "";
    if (stopping === undefined) relayVisible(child.stderr, process.stderr);
    else child.stderr.setEncoding("utf8").on("data", (chunk: string) => (held += chunk));
    child.on("error", (error) => {
      process.stderr.write(`agent-tui sessions: ${visibleText(error.message)}\n`);
      resolve(1);
    });
    // "close": after the child's output has ended, so everything it printed was relayed.
    child.on("close", (code) => {
      if (stopping !== undefined && code === NO_LIVE_SESSION_EXIT) {
        const none = `no live session matches ${visibleLine(stopping)}`;
        process.stderr.write(`agent-tui sessions: ${none} (agent-tui sessions lists them)\n`);
      } else process.stderr.write(visibleText(held));
      // Relayed is not yet written: a pipe takes it as its reader reads. The code is the child's
      // once all of it is out; a reader that leaves first makes it 141 (onOutputClosed above).
      process.stdout.write("", (error) => {
        if (!error) resolve(code ?? 1);
      });
    });
  });
}
