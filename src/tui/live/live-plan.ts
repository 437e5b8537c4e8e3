// How agent-tui starts its worker with live sessions on: through `agent-rpc attach --or-start`
// (or `attach ID`), so the worker outlives this process, with a reconnect command for a dropped
// link. Off (--no-detach, liveSessions.enabled false, or a worker that is not agent-rpc): as before.
import { spawn } from "node:child_process";
import type { WorkerConnectionOptions } from "../../bridge/index.js";
import type { SessionsCli, TuiCliOptions } from "../cli.js";
import { liveWorkerCommand, reconnectCommand, sessionsCommand } from "./live-command.js";
import type { LiveSettings } from "./live-settings.js";
import { TAIL_MESSAGES } from "../session-pages.js";

export type WorkerPlan = { command: string[]; live: WorkerConnectionOptions["live"] | undefined } | { error: string };

export function planWorker(options: Pick<TuiCliOptions, "workerCommand" | "noDetach" | "attachId">, settings: LiveSettings): WorkerPlan {
  const base = options.workerCommand;
  const liveOn = options.attachId !== undefined || (!options.noDetach && settings.enabled);
  const command = liveOn ? liveWorkerCommand(base, options.attachId) : undefined;
  if (!command) {
    if (options.attachId !== undefined) return { error: 'agent-tui attach needs agent-rpc as the worker (the bundled agent, or --agent "… agent-rpc …")' };
    return { command: [...base], live: undefined };
  }
  // The attach answer carries the session's tail only; open-session.ts reads the rest in pages.
  const live: NonNullable<WorkerConnectionOptions["live"]> = { reconnectCommand: (id) => reconnectCommand(base, id), snapshotTail: TAIL_MESSAGES };
  if (settings.reconnectDelaysMs) live.reconnectDelaysMs = settings.reconnectDelaysMs;
  return { command, live };
}

/** `agent-tui sessions …`: runs `agent-rpc sessions …` in this terminal; resolves with its exit code. */
export function runSessionsCli(cli: SessionsCli): Promise<number> {
  const command = sessionsCommand(cli.workerCommand, cli.args);
  const [file, ...args] = command ?? [];
  if (file === undefined) {
    process.stderr.write("agent-tui sessions: the worker is not agent-rpc, so it has no live sessions\n");
    return Promise.resolve(2);
  }
  return new Promise((resolve) => {
    const child = spawn(file, args, { stdio: "inherit" });
    child.on("error", (error) => {
      process.stderr.write(`agent-tui sessions: ${error.message}\n`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}
