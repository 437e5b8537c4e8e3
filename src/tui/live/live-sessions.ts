// The live workers as agent-rpc reports them (`agent-rpc sessions --json`, run through the same
// command line as the worker, so a remote `ssh host agent-rpc` lists that host's; the bridge
// decodes the list), described for people; and stopping one.
import { execFile } from "node:child_process";
import { parseLiveSessions, type LiveSession } from "../../bridge/index.js";
import { sessionsCommand } from "./live-command.js";

export type { LiveSession };

export function age(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** "working", "waiting for a dialog", "idle since 5m" (the picker's marks). */
export function describeLiveState(s: Pick<LiveSession, "state" | "since">, now: number): string {
  if (s.state === "working") return "working";
  if (s.state === "waiting") return "waiting for a dialog";
  return `idle since ${age(now - s.since)}`;
}

export function describeLiveSession(s: LiveSession, now: number): { label: string; detail: string } {
  return {
    label: `${s.title ?? s.id.slice(0, 13)} — ${describeLiveState(s, now)}`,
    detail: `${s.cwd} · up ${age(now - s.startedAt)} · pid ${s.pid}${s.attached ? " · attached" : ""}`,
  };
}

function run(command: readonly string[]): Promise<string> {
  const [file, ...args] = command;
  if (file === undefined) return Promise.reject(new Error("empty command"));
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: 15_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || error.message));
      else resolve(stdout);
    });
  });
}

/** The live workers reachable through `workerCommand` (empty when it is not agent-rpc). */
export async function listLiveSessions(workerCommand: readonly string[]): Promise<LiveSession[]> {
  const command = sessionsCommand(workerCommand, ["--json"]);
  if (!command) return [];
  return parseLiveSessions(await run(command));
}

export async function stopLiveSession(workerCommand: readonly string[], id: string): Promise<string> {
  const command = sessionsCommand(workerCommand, ["--stop", id]);
  if (!command) throw new Error("this worker is not agent-rpc: it has no live sessions");
  return (await run(command)).trim();
}
