// One connection per host: runs `<reach…> sessions --json --watch` (reach = the local agent-rpc
// command, or a host's transport command plus `agent-rpc`), decodes its lines into rows and
// says where the connection stands. The watcher writes a line at least every 5 s, so a host
// silent for `silentMs` is treated as lost (a hung ssh keeps its pipes open). A lost connection
// is started again after a backoff; a host whose agent-rpc has no --watch (a usage error before
// any fleet line, or an answer that is not one: an older `sessions --json` that ignored the flag
// and printed its list once) is "too old" and retried at the longest delay only, in case it is
// upgraded.
import { spawn, type ChildProcess } from "node:child_process";
import { decodeFleetLine, type FleetLine } from "./decode-fleet.js";
import { readJsonLines } from "./json-lines.js";
import type { FleetHostState } from "./fleet-types.js";

export type HostWatchOptions = {
  /** The host's name ("" for this machine). */
  name: string;
  /** The command up to and including agent-rpc. */
  reach: string[];
  /** Called with each fleet line, decoded. */
  onLine(line: FleetLine): void;
  /** Called when the connection's state changes (detail: why it is not live). */
  onState(state: FleetHostState, detail: string | undefined): void;
  /** No line for this long: the host is silent (default 15 s; the watcher's heartbeat is 5 s). */
  silentMs?: number;
  /** Delays before each reconnect attempt; the last repeats (default 1, 2, 5, 10, 30 s). */
  backoffMs?: readonly number[];
};

export type HostWatch = { stop(): void };

export const DEFAULT_SILENT_MS = 15_000;
export const DEFAULT_BACKOFF_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];
const STDERR_KEEP = 4096;

/** The last non-blank line of a transport's stderr: what a person needs to see (ssh's reason). */
function lastLine(text: string): string | undefined {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  return lines[lines.length - 1]?.trim();
}

const USAGE = /usage:|unknown option|unexpected/i;

type Ending = { state: "silent" | "too_old" | "unreachable"; detail: string | undefined };

/** One run of the watcher command: its fleet lines, then how it ended. */
function runWatcher(
  o: HostWatchOptions,
  silentMs: number,
  on: { line(line: FleetLine): void; end(ending: Ending): void },
): ChildProcess {
  const [file, ...args] = [...o.reach, "sessions", "--json", "--watch"];
  let stderr = "";
  let sawLine = false;
  /** JSON that is not a fleet line: an agent-rpc that answered in another format. */
  let sawOther = false;
  let silent = false;
  let silence: NodeJS.Timeout | undefined;
  const proc = spawn(file as string, args, { stdio: ["pipe", "pipe", "pipe"] });
  const armSilence = (): void => {
    if (silence) clearTimeout(silence);
    silence = setTimeout(() => {
      silent = true;
      proc.kill("SIGTERM");
    }, silentMs);
  };
  armSilence();
  // Only a fleet line counts: the heartbeat decides liveness, not a transport's banner.
  if (proc.stdout)
    readJsonLines(proc.stdout, (raw) => {
      const line = decodeFleetLine(o.name, raw);
      if (!line) {
        sawOther = true;
        return;
      }
      sawLine = true;
      armSilence();
      on.line(line);
    });
  proc.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_KEEP);
  });
  // Our end of stdin stays open: the watcher exits when it closes.
  proc.stdin?.on("error", (error: Error) => void error);
  let ended = false;
  const end = (code: number | null, spawnError?: Error): void => {
    if (ended) return;
    ended = true;
    if (silence) clearTimeout(silence);
    const reason = lastLine(stderr);
    // The watch never ends by itself: ending at once with JSON of another kind, or with a clean
    // exit and no fleet line, is an agent-rpc that does not know --watch.
    const usage = code !== null && code !== 0 && code !== 255 && USAGE.test(stderr);
    const tooOld = !sawLine && !silent && (usage || sawOther || code === 0);
    if (silent)
      on.end({ state: "silent", detail: `no word from the host for ${Math.max(1, Math.round(silentMs / 1000))} s` });
    else if (tooOld) on.end({ state: "too_old", detail: reason ?? "it answered, but not with fleet lines" });
    else on.end({ state: "unreachable", detail: spawnError ? spawnError.message : (reason ?? exitText(code)) });
  };
  proc.on("error", (error) => end(null, error));
  proc.on("close", (code) => end(code));
  return proc;
}

export function startHostWatch(o: HostWatchOptions): HostWatch {
  const silentMs = o.silentMs ?? DEFAULT_SILENT_MS;
  const backoff = o.backoffMs ?? DEFAULT_BACKOFF_MS;
  const longest = backoff[backoff.length - 1] ?? 30_000;
  let child: ChildProcess | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  let state: FleetHostState | undefined;
  const setState = (next: FleetHostState, detail?: string): void => {
    // A problem is reported again (its detail may have changed); "live" and "connecting" once.
    if (next === state && (next === "live" || next === "connecting")) return;
    state = next;
    o.onState(next, detail);
  };
  const connect = (): void => {
    retry = undefined;
    if (stopped) return;
    if (state === undefined) setState("connecting");
    const proc = runWatcher(o, silentMs, {
      line(line) {
        if (proc !== child) return;
        attempt = 0;
        setState("live");
        o.onLine(line);
      },
      end(ending) {
        if (proc !== child || stopped) return;
        child = undefined;
        setState(ending.state, ending.detail);
        // Too old is retried at the longest delay only, in case it is upgraded.
        const delay =
          ending.state === "too_old" ? longest : (backoff[Math.min(attempt++, backoff.length - 1)] ?? longest);
        retry = setTimeout(connect, delay);
      },
    });
    child = proc;
  };
  connect();
  return {
    stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const c = child;
      child = undefined;
      if (c) {
        c.stdin?.end();
        c.kill("SIGTERM");
      }
    },
  };
}

function exitText(code: number | null): string {
  return code === null ? "the connection ended" : `the connection ended (exit ${code})`;
}
