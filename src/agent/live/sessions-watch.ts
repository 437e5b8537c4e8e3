// `agent-rpc sessions --json --watch`: the live registry as a stream of JSON lines, one
// `{"type":"fleet","version","at","sessions":[…]}` at start, on every change (fs.watch on the
// registry folder, and a poll that also notices a worker that died without touching its entry)
// and as a heartbeat, until stdin closes or SIGTERM (docs/protocol-notes.md, "Live sessions").
// A client on another host reads it through its transport (`ssh host agent-rpc sessions …`).
import { watch, type FSWatcher } from "node:fs";
import { terminalSafeJson } from "../../protocol/terminal-text.js";
import { ensureLiveDir } from "./live-paths.js";
import { listLiveEntries } from "./live-registry.js";

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
        sessions = listLiveEntries(dir);
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
      watcher.on("error", (error: Error) => process.stderr.write(`agent-rpc sessions: watch: ${error.message}\n`));
    } catch (error) {
      // Some file systems cannot be watched: the poll below still notices every change.
      process.stderr.write(`agent-rpc sessions: watching by polling only (${(error as Error).message})\n`);
    }
    timers.push(setInterval(() => emit(false), options.pollMs ?? WATCH_POLL_MS));
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
