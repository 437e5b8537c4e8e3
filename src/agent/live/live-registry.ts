// The registry of live workers: one JSON file per worker beside its socket, written
// atomically (temp file + rename, 0600) whenever its state changes, read by `agent-rpc
// sessions` and `attach`. An entry whose process or socket is gone becomes a tombstone when
// listed (live-tombstones.ts): the worker died, and whoever watches should say so.
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { visibleLine } from "../../protocol/terminal-text.js";
import { exitedUnreaped } from "../session/session-lock.js";
import { decodeLiveEntry, type LiveEntry } from "./live-entry.js";
import {
  DEAD_SUFFIX,
  listDeadEntries,
  REASON_DIED,
  REASON_NO_SOCKET,
  tombstoneLiveEntry,
  type DeadEntry,
} from "./live-tombstones.js";

export { decodeLiveEntry, type LiveEntry, type LiveState } from "./live-entry.js";

/**
 * Replace the entry at `path` atomically, readable by this user only. `mask`: the worker's
 * credential guard (its status quotes the model and tools: a command line, the last line).
 */
export function writeLiveEntry(path: string, entry: LiveEntry, mask: (json: string) => string = (j) => j): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${mask(JSON.stringify(entry))}\n`, { mode: 0o600 });
  renameSync(tmp, path);
}

/** The worker `pid` runs (an exited one its parent has not reaped yet does not). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !exitedUnreaped(pid);
  } catch (error) {
    // ESRCH: gone. EPERM: the pid was reused by another user's process: not our worker either.
    void error;
    return false;
  }
}

/** Remove a dead worker's entry and socket (its log stays for a post-mortem). */
export function removeLiveEntry(dir: string, entry: Pick<LiveEntry, "id" | "socket">): void {
  rmSync(join(dir, `${entry.id}.json`), { force: true });
  rmSync(entry.socket, { force: true });
}

/** Live workers in `dir`, most recently active first; the entries of dead ones become tombstones. */
export function listLiveEntries(dir: string): LiveEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json") && !n.endsWith(DEAD_SUFFIX));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: LiveEntry[] = [];
  for (const name of names) {
    const path = join(dir, name);
    let entry: LiveEntry | undefined;
    try {
      entry = decodeLiveEntry(JSON.parse(readFileSync(path, "utf8")));
    } catch (error) {
      // Removed while listing, or torn: not a live worker we can reach.
      void error;
      continue;
    }
    if (!entry) continue;
    const alive = isProcessAlive(entry.pid);
    if (!alive || !socketExists(entry.socket)) {
      retire(dir, entry, alive ? REASON_NO_SOCKET : REASON_DIED);
      continue;
    }
    out.push(entry);
  }
  return out.sort((a, b) => lastUsedAt(b) - lastUsedAt(a));
}

/** A dead worker's entry becomes its tombstone; one that cannot be written (a full disk) is only removed. */
function retire(dir: string, entry: LiveEntry, reason: string): void {
  try {
    tombstoneLiveEntry(dir, entry, reason);
  } catch (error) {
    const why = visibleLine(`cannot record that live session ${entry.id} died: ${(error as Error).message}`);
    process.stderr.write(`agent-rpc: ${why}\n`);
    removeLiveEntry(dir, entry);
  }
}

/** The live workers and the dead ones (tombstones, newest death first) of `dir`. */
export function readRegistry(dir: string, now = Date.now()): { live: LiveEntry[]; dead: DeadEntry[] } {
  const live = listLiveEntries(dir);
  return { live, dead: listDeadEntries(dir, new Set(live.map((e) => e.id)), now) };
}

/** When the worker was last used: its state last changed (a run began or ended) or a client came or went. */
export function lastUsedAt(entry: Pick<LiveEntry, "since" | "attachedChanged">): number {
  return Math.max(entry.since, entry.attachedChanged);
}

function socketExists(path: string): boolean {
  try {
    return statSync(path).isSocket();
  } catch (error) {
    void error; // a missing socket means the worker is not reachable: stale
    return false;
  }
}

/**
 * The live worker `query` names: its id or session id (or a unique prefix of either, at least
 * 4 characters), its session file, or its pid.
 */
export function findLiveEntry(entries: readonly LiveEntry[], query: string): LiveEntry | undefined {
  const exact = entries.find(
    (e) => e.id === query || e.sessionId === query || e.sessionFile === query || String(e.pid) === query,
  );
  if (exact) return exact;
  if (query.length < 4) return undefined;
  const prefixed = entries.filter((e) => e.id.startsWith(query) || e.sessionId.startsWith(query));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
