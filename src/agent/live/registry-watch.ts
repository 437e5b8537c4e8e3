// Following the live registry: the list of live workers, then the dead ones (readRegistry,
// live-tombstones.ts), again on every change
// of the registry folder (fs.watch), when a listed worker dies without touching its entry (a
// poll that only asks whether the listed pids still run: no file is read while nothing
// changes), and as a heartbeat when asked. Two users: `agent-rpc sessions --json --watch`
// (sessions-watch.ts, for a client on another host and for older clients), and agent-tui's fleet
// on this machine, which runs it in its own process through local-registry-watch.ts instead of
// a child process per TUI.
import { watch, type FSWatcher } from "node:fs";
import { terminalSafeJson } from "../../protocol/terminal-text.js";
import { isProcessAlive, readRegistry, type LiveEntry } from "./live-registry.js";
import type { DeadEntry } from "./live-tombstones.js";

export const WATCH_POLL_MS = 1000;
export const WATCH_HEARTBEAT_MS = 5000;
/** Several files change for one update (temp file, rename): they are read together. */
export const WATCH_SETTLE_MS = 30;

export interface RegistryWatchOptions {
  dir: string;
  /**
   * The list when it changed (or at a heartbeat), with its terminal-safe JSON: the same list
   * gives the same `body`.
   */
  onList(entries: (LiveEntry | DeadEntry)[], body: string, heartbeat: boolean): void;
  /**
   * "read": the registry could not be read (the watch goes on and tries again at the next
   * change); "watch": the folder cannot be watched, so it is read at every poll instead.
   */
  onProblem(text: string, kind: "read" | "watch"): void;
  pollMs?: number;
  /** 0: no heartbeat (a reader in this process needs none: it cannot lose the connection). */
  heartbeatMs?: number;
  /**
   * Reads after a change at most this often: a change after a quiet spell is read within the
   * settle time, and four streaming workers that rewrite their entries twice a second each are
   * read once per interval, not eight times a second (0: every change, after the settle).
   */
  minIntervalMs?: number;
}

/** Starts following the registry in `dir` (the first list is handed over at once); returns the stop. */
export function watchRegistry(o: RegistryWatchOptions): () => void {
  let last: string | undefined;
  /** The workers of the last list: the poll checks only that they still run. */
  let pids: number[] = [];
  /** When the registry was last read: that read asked every listed worker whether it runs. */
  let listedAt = Number.NEGATIVE_INFINITY;
  let settle: ReturnType<typeof setTimeout> | undefined;
  /** When the last read after a change was (for minIntervalMs). */
  let readAt = Number.NEGATIVE_INFINITY;
  let watcher: FSWatcher | undefined;
  let stopped = false;
  const timers: ReturnType<typeof setInterval>[] = [];
  const emit = (heartbeat: boolean): void => {
    if (stopped) return;
    let entries: (LiveEntry | DeadEntry)[];
    try {
      const { live, dead } = readRegistry(o.dir);
      pids = live.map((e) => e.pid);
      entries = [...live, ...dead];
    } catch (error) {
      o.onProblem(`cannot read the registry: ${(error as Error).message}`, "read");
      return;
    }
    listedAt = Date.now();
    const body = terminalSafeJson(entries);
    if (body === last && !heartbeat) return;
    last = body;
    o.onList(entries, body, heartbeat);
  };
  const soon = (): void => {
    const wait = Math.max(WATCH_SETTLE_MS, readAt + (o.minIntervalMs ?? 0) - Date.now());
    settle ??= setTimeout(() => {
      settle = undefined;
      readAt = Date.now();
      emit(false);
    }, wait);
  };
  try {
    watcher = watch(o.dir, soon);
    watcher.on("error", (error: Error) => {
      o.onProblem(`watch: ${error.message}; reading the folder every poll`, "watch");
      watcher = undefined;
    });
  } catch (error) {
    // Some file systems cannot be watched: the poll below still notices every change.
    o.onProblem(`watching by polling only (${(error as Error).message})`, "watch");
  }
  // A folder that cannot be watched is read at every poll; else only a listed worker's death,
  // unless a read within the last half poll asked already (while sessions stream, reads come
  // several times a second and each asks every worker: the poll would ask twenty pids again).
  const pollMs = o.pollMs ?? WATCH_POLL_MS;
  timers.push(
    setInterval(() => {
      if (watcher === undefined) emit(false);
      else if (Date.now() - listedAt >= pollMs / 2 && pids.some((pid) => !isProcessAlive(pid))) emit(false);
    }, pollMs),
  );
  const heartbeatMs = o.heartbeatMs ?? WATCH_HEARTBEAT_MS;
  if (heartbeatMs > 0) timers.push(setInterval(() => emit(true), heartbeatMs));
  emit(true);
  return () => {
    stopped = true;
    watcher?.close();
    for (const t of timers) clearInterval(t);
    if (settle !== undefined) clearTimeout(settle);
  };
}
