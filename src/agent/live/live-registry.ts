// The registry of live workers: one JSON file per worker beside its socket, written
// atomically (temp file + rename, 0600) whenever its state changes, read by `agent-rpc
// sessions` and `attach`. Entries whose process is gone are stale and removed when listed.
import { isObject } from "../../protocol/decode/result.js";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { exitedUnreaped } from "../session/session-lock.js";
import { decodeLiveStatus, type LiveStatus } from "./live-status.js";

export type LiveState = "working" | "waiting" | "idle";

/** One live worker as the registry describes it (docs/protocol-notes.md, "Live sessions"). */
export interface LiveEntry {
  id: string;
  pid: number;
  cwd: string;
  socket: string;
  log: string;
  version: string;
  startedAt: number;
  sessionId: string;
  sessionFile?: string;
  sessionName?: string;
  /** The session's name, else its first prompt (live-title.ts): what the session list shows for it. */
  title?: string;
  /** working: a run is going; waiting: an extension dialog waits for an answer; idle. */
  state: LiveState;
  /** When the state began (ms since epoch). */
  since: number;
  attached: boolean;
  /** When a client last attached or detached. */
  attachedChanged: number;
  /** What it is doing (live-status.ts); absent in entries of older workers. */
  status?: LiveStatus;
  /** Clients connected: the controlling one and the watchers. */
  clients?: number;
}

const STATES: readonly string[] = ["working", "waiting", "idle"];

export function decodeLiveEntry(raw: unknown): LiveEntry | undefined {
  if (!isObject(raw)) return undefined;
  const s = (k: string): string | undefined => (typeof raw[k] === "string" ? (raw[k] as string) : undefined);
  const n = (k: string): number | undefined =>
    typeof raw[k] === "number" && Number.isFinite(raw[k]) ? (raw[k] as number) : undefined;
  const id = s("id");
  const pid = n("pid");
  const cwd = s("cwd");
  const socket = s("socket");
  const state = s("state");
  if (
    id === undefined ||
    pid === undefined ||
    cwd === undefined ||
    socket === undefined ||
    state === undefined ||
    !STATES.includes(state)
  )
    return undefined;
  const entry: LiveEntry = {
    id,
    pid,
    cwd,
    socket,
    log: s("log") ?? "",
    version: s("version") ?? "",
    startedAt: n("startedAt") ?? 0,
    sessionId: s("sessionId") ?? id,
    state: state as LiveState,
    since: n("since") ?? 0,
    attached: raw["attached"] === true,
    attachedChanged: n("attachedChanged") ?? 0,
  };
  const file = s("sessionFile");
  if (file !== undefined) entry.sessionFile = file;
  const name = s("sessionName");
  if (name !== undefined) entry.sessionName = name;
  const title = s("title");
  if (title !== undefined) entry.title = title;
  const status = decodeLiveStatus(raw["status"]);
  if (status !== undefined) entry.status = status;
  const clients = n("clients");
  if (clients !== undefined) entry.clients = clients;
  return entry;
}

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

/** Live workers in `dir`, most recently active first; stale entries are cleaned up. */
export function listLiveEntries(dir: string): LiveEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".json"));
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
    if (!isProcessAlive(entry.pid) || !socketExists(entry.socket)) {
      removeLiveEntry(dir, entry);
      continue;
    }
    out.push(entry);
  }
  return out.sort((a, b) => lastUsedAt(b) - lastUsedAt(a));
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
