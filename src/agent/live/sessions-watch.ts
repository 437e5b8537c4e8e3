// `agent-rpc sessions --json --watch`: the live registry as a stream of JSON lines, one
// `{"type":"fleet","version","at","sessions":[…]}` at start, on every change (fs.watch on the
// registry folder) and as a heartbeat, until stdin closes or SIGTERM (docs/protocol-notes.md,
// "Live sessions"). A worker that died without touching its entry is noticed by a poll that
// only asks whether the listed pids still run (no file is read while nothing changes: every
// live TUI runs one of these for its attention signals, so its idle cost is paid many times);
// it is listed dead from then on, after the live ones, until dismissed (live-tombstones.ts).
// A client on another host reads it through its transport (`ssh host agent-rpc sessions …`).
import { watch, type FSWatcher } from "node:fs";
import { terminalSafeJson } from "../../protocol/terminal-text.js";
import { ensureLiveDir } from "./live-paths.js";
import { isProcessAlive, readRegistry } from "./live-registry.js";

export const WATCH_POLL_MS = 1000;
export const WATCH_HEARTBEAT_MS = 5000;
/** Several files change for one update (temp file, rename): they are read together. */
const SETTLE_MS = 30;

export interface WatchOptions {
  dir: string;
  version: string;
  out: NodeJS.WritableStream;
  input: NodeJS.ReadableStream;
  pollMs?: number;
  heartbeatMs?: number;
}

/** Resolves with the exit code once the watch ends (stdin closed, SIGTERM, stdout gone). */
export function watchSessions(options: WatchOptions): Promise<number> {
  const { dir, version, out, input } = options;
  ensureLiveDir(dir);
  let last = "";
  /** The workers of the last list: the poll checks only that they still run. */
  let pids: number[] = [];
  let settle: ReturnType<typeof setTimeout> | undefined;
  let watcher: FSWatcher | undefined;
  const timers: ReturnType<typeof setInterval>[] = [];
  return new Promise<number>((resolve) => {
    let done = false;
    const finish = (code: number): void => {
      if (done) return;
      done = true;
      watcher?.close();
      for (const t of timers) clearInterval(t);
      if (settle !== undefined) clearTimeout(settle);
      process.off("SIGTERM", onTerm);
      resolve(code);
    };
    const onTerm = (): void => finish(0);
    /** Write the list when it changed, or always for a heartbeat. */
    const emit = (heartbeat: boolean): void => {
      if (done) return;
      let sessions: unknown[];
      try {
        const { live, dead } = readRegistry(dir);
        pids = live.map((e) => e.pid);
        sessions = [...live, ...dead];
      } catch (error) {
        process.stderr.write(`agent-rpc sessions: cannot read the registry: ${(error as Error).message}\n`);
        return;
      }
      const body = terminalSafeJson(sessions);
      const now = Date.now();
      if (body === last && !heartbeat) return;
      last = body;
      out.write(`{"type":"fleet","version":${JSON.stringify(version)},"at":${now},"sessions":${body}}\n`);
    };
    const soon = (): void => {
      settle ??= setTimeout(() => {
        settle = undefined;
        emit(false);
      }, SETTLE_MS);
    };
    try {
      watcher = watch(dir, soon);
      watcher.on("error", (error: Error) => {
        process.stderr.write(`agent-rpc sessions: watch: ${error.message}; reading the folder every poll\n`);
        watcher = undefined;
      });
    } catch (error) {
      // Some file systems cannot be watched: the poll below still notices every change.
      process.stderr.write(`agent-rpc sessions: watching by polling only (${(error as Error).message})\n`);
    }
    // A folder that cannot be watched is read at every poll; else only a listed worker's death.
    timers.push(
      setInterval(() => {
        if (watcher === undefined || pids.some((pid) => !isProcessAlive(pid))) emit(false);
      }, options.pollMs ?? WATCH_POLL_MS),
    );
    timers.push(setInterval(() => emit(true), options.heartbeatMs ?? WATCH_HEARTBEAT_MS));
    input.on("end", () => finish(0));
    input.on("close", () => finish(0));
    input.on("error", () => finish(0));
    input.resume(); // what the client sends is not read; only its end matters
    out.on("error", () => finish(0));
    process.on("SIGTERM", onTerm);
    emit(true);
  });
}
