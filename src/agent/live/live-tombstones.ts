// Dead workers: a registry entry whose process (or socket) is gone becomes a tombstone
// `<id>.dead.json` beside the live entries, so every watcher, on every host, can say that the
// worker died instead of letting it vanish (docs/protocol-notes.md, "Live sessions"). Written
// once, atomically, 0600, never through a link; bounded (a day old, or beyond the newest 50,
// a tombstone is removed when listed); removed when a worker of the same id runs again or
// when the person dismisses it (`sessions --stop ID`).
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { join } from "node:path";
import { isObject } from "../../protocol/decode/result.js";
import { TargetExistsError, writePrivateFileAtomic } from "../../protocol/private-files.js";
import { visibleLine } from "../../protocol/terminal-text.js";
import { decodeLiveEntry, type LiveEntry } from "./live-entry.js";

/** A dead worker as listed: when its death was noticed, why, and its last entry. */
export interface DeadEntry {
  id: string;
  /**
   * Never one of the live states, and the entry has no top-level `pid`: readers older than
   * tombstones skip it (they need a pid and a known state) instead of showing a worker to attach.
   */
  state: "dead";
  dead: { at: number; reason: string };
  /** The entry as the worker last wrote it: session file, title, folder, log, pid. */
  last: LiveEntry;
}

export const DEAD_SUFFIX = ".dead.json";
/** A tombstone older than this is removed when listed. */
export const TOMBSTONE_MAX_AGE_MS = 24 * 3600 * 1000;
/** At most this many tombstones are kept (the newest). */
export const TOMBSTONE_MAX_COUNT = 50;

export const REASON_DIED = "worker died";
export const REASON_NO_SOCKET = "worker unreachable (its socket is gone)";

function deadPath(dir: string, id: string): string {
  return join(dir, `${id}${DEAD_SUFFIX}`);
}

export function decodeDeadEntry(raw: unknown): DeadEntry | undefined {
  if (!isObject(raw) || raw["state"] !== "dead" || typeof raw["id"] !== "string") return undefined;
  const dead = raw["dead"];
  const last = decodeLiveEntry(raw["last"]);
  if (!isObject(dead) || typeof dead["at"] !== "number" || !Number.isFinite(dead["at"]) || !last) return undefined;
  const reason = typeof dead["reason"] === "string" ? dead["reason"] : REASON_DIED;
  return { id: raw["id"], state: "dead", dead: { at: dead["at"], reason }, last };
}

/** The tombstone at `path`, read without following a link (a link there is not ours: removed). */
function readTombstone(path: string): DeadEntry | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO put in its place must not hang the listing (it is then not a file: skipped).
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") rmSync(path, { force: true });
    else if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return undefined;
  }
  try {
    if (!fstatSync(fd).isFile()) return undefined;
    return decodeDeadEntry(JSON.parse(readFileSync(fd, "utf8")));
  } catch (error) {
    void error; // torn or not JSON: not a tombstone this version can show
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Leave the tombstone of `entry` (noticed `now`): written whole beside the entries and linked into
 * place, so two listers racing both end with the one tombstone; a tombstone of an earlier
 * worker of the same id (another pid) is replaced. The entry and its socket are then removed.
 */
export function tombstoneLiveEntry(dir: string, entry: LiveEntry, reason: string, now = Date.now()): void {
  const path = deadPath(dir, entry.id);
  const body = `${JSON.stringify({ id: entry.id, state: "dead", dead: { at: now, reason }, last: entry })}\n`;
  // The entry is gone already: another lister tombstoned it (or the person dismissed it) first.
  if (existsPlain(join(dir, `${entry.id}.json`))) {
    try {
      writePrivateFileAtomic(path, body);
    } catch (error) {
      if (!(error instanceof TargetExistsError)) throw error;
      const there = readTombstone(path);
      // A link or a stranger's file in our place is replaced (rename replaces the name, not its target).
      if (there === undefined || there.last.pid !== entry.pid) writePrivateFileAtomic(path, body, { overwrite: true });
    }
  }
  rmSync(join(dir, `${entry.id}.json`), { force: true });
  rmSync(entry.socket, { force: true });
}

function existsPlain(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch (error) {
    void error; // gone (ENOENT) or unreadable: nothing to tombstone
    return false;
  }
}

/**
 * The tombstones in `dir`, newest death first, without those of a worker that runs again
 * (`liveIds`), of expired ones and of those beyond the count cap (all three are removed).
 */
export function listDeadEntries(dir: string, liveIds: ReadonlySet<string>, now = Date.now()): DeadEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: DeadEntry[] = [];
  for (const name of names) {
    if (!name.endsWith(DEAD_SUFFIX)) continue;
    const path = join(dir, name);
    const entry = readTombstone(path);
    if (!entry) continue;
    if (liveIds.has(entry.id) || now - entry.dead.at > TOMBSTONE_MAX_AGE_MS || name !== `${entry.id}${DEAD_SUFFIX}`) {
      rmSync(path, { force: true });
      continue;
    }
    out.push(entry);
  }
  out.sort((a, b) => b.dead.at - a.dead.at);
  for (const old of out.splice(TOMBSTONE_MAX_COUNT)) rmSync(deadPath(dir, old.id), { force: true });
  return out;
}

/** Dismiss the tombstone of `id` (the worker's log and session file stay). */
export function removeDeadEntry(dir: string, id: string): void {
  rmSync(deadPath(dir, id), { force: true });
}

/** The dead worker `query` names, as findLiveEntry names a live one (id, session id, file, pid, prefix). */
export function findDeadEntry(entries: readonly DeadEntry[], query: string): DeadEntry | undefined {
  const exact = entries.find(
    (e) => e.id === query || e.last.sessionId === query || e.last.sessionFile === query || String(e.last.pid) === query,
  );
  if (exact) return exact;
  if (query.length < 4) return undefined;
  const prefixed = entries.filter((e) => e.id.startsWith(query) || e.last.sessionId.startsWith(query));
  return prefixed.length === 1 ? prefixed[0] : undefined;
}

/**
 * What became of a dead worker's conversation, checked on disk: a worker names its session file
 * before it writes it, and one that died before its first message was saved never did.
 */
function savedConversation(d: DeadEntry): { file: string; saved: boolean } | undefined {
  const file = d.last.sessionFile;
  return file === undefined ? undefined : { file, saved: existsSync(file) };
}

/** The phrase for a dead worker's conversation: where it is, or that nothing of it was saved. */
export function conversationPhrase(d: DeadEntry, saved: (file: string) => string): string {
  const c = savedConversation(d);
  if (c === undefined) return "it had no session file";
  return c.saved ? saved(c.file) : `nothing of it was saved (no file at ${c.file})`;
}

/** What `attach ID` says when ID names a dead worker (undefined when it names none). */
export function deadWorkerHint(dir: string, query: string): string | undefined {
  const d = findDeadEntry(listDeadEntries(dir, new Set()), query);
  if (!d) return undefined;
  const resume = conversationPhrase(d, (file) => `agent-tui --session ${file} resumes its conversation`);
  return visibleLine(`the worker of live session ${d.id} died (pid ${d.last.pid}, ${d.dead.reason}); ${resume}`);
}
