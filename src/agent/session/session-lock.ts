// One writer per session file: a worker holds `<session file>.lock` (created exclusively,
// holding its pid and host) while the session is its current one. A second worker refuses the
// session with SessionLockedError; a lock whose process is gone (kill -9) is taken over.
//
// API: acquireSessionLock(file) → { release() }; locks of this process are re-entrant (two
// managers in one process, as tests use) and released on process exit.
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { dirname } from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "../../protocol/private-files.js";
import { SessionInUseError } from "./session-errors.js";

export interface SessionLockHolder {
  pid: number;
  host: string;
  since: string;
}

export class SessionLockedError extends Error {
  constructor(
    readonly sessionFile: string,
    readonly holder: SessionLockHolder | undefined,
  ) {
    const who = holder ? `process ${holder.pid} on ${holder.host} (since ${holder.since})` : "another process";
    // A holder on this machine was checked and is running (a dead one's lock is taken over):
    // deleting its lock would let two writers in. Another machine's process cannot be checked.
    const hint =
      holder !== undefined && holder.host !== hostname()
        ? `If that process is gone, delete ${lockPathFor(sessionFile)}.`
        : "A live session is reached with agent-tui attach (agent-tui sessions lists them).";
    super(`Session ${sessionFile} is in use by ${who}; one writer per session. ${hint}`);
  }
}

export interface SessionLock {
  readonly sessionFile: string;
  release(): void;
}

/** A lock file younger than this with unreadable content may be mid-creation by its owner. */
const FRESH_LOCK_MS = 2000;

const held = new Map<string, number>();
let exitHookInstalled = false;

export function lockPathFor(sessionFile: string): string {
  return `${sessionFile}.lock`;
}

function readHolder(lockPath: string): SessionLockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(lockPath, "utf8")) as Partial<SessionLockHolder>;
    if (typeof value.pid !== "number" || typeof value.host !== "string") return undefined;
    return { pid: value.pid, host: value.host, since: typeof value.since === "string" ? value.since : "?" };
  } catch (error) {
    // Missing (released meanwhile) or half-written: the caller decides by the file's age.
    void error;
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else, which still holds the session.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !exitedUnreaped(pid);
}

/**
 * A worker killed with its parent is left a zombie until its new parent reaps it, and a
 * container's init may never do so: signal 0 still reaches it, but it holds nothing. Linux
 * says so in /proc/<pid>/stat (state Z or X, after the parenthesised command name).
 */
export function exitedUnreaped(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (error) {
    // No /proc (not Linux), or gone meanwhile: signal 0 already answered.
    void error;
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state === "Z" || state === "X";
}

/** True when the lock at `lockPath` belongs to nobody alive (or is an unreadable leftover). */
function isStale(lockPath: string, holder: SessionLockHolder | undefined): boolean {
  if (holder === undefined) {
    try {
      return Date.now() - statSync(lockPath).mtimeMs > FRESH_LOCK_MS;
    } catch (error) {
      // Gone already: nothing stale left to remove.
      void error;
      return false;
    }
  }
  // Another machine's process cannot be checked from here: it is taken as alive. Our own pid
  // in a lock this process does not hold is a leftover of an earlier process with that pid.
  return holder.host === hostname() && (holder.pid === process.pid || !processAlive(holder.pid));
}

function tryCreate(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, "wx", PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
  } finally {
    closeSync(fd);
  }
  return true;
}

function releaseFile(lockPath: string): void {
  const holder = readHolder(lockPath);
  // Only our own lock is removed (a stale-lock takeover by another worker may have replaced it).
  if (holder?.pid !== process.pid || holder.host !== hostname()) return;
  try {
    unlinkSync(lockPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT")
      process.stderr.write(`agent-rpc: could not remove ${lockPath}: ${(error as Error).message}\n`);
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const lockPath of held.keys()) releaseFile(lockPath);
    held.clear();
  });
}

/** Take the session file's lock or throw SessionLockedError naming the holder. */
export function acquireSessionLock(sessionFile: string): SessionLock {
  const lockPath = lockPathFor(sessionFile);
  const count = held.get(lockPath);
  if (count === undefined) {
    let created = tryCreate(lockPath);
    if (!created) {
      const holder = readHolder(lockPath);
      if (!isStale(lockPath, holder)) throw new SessionLockedError(sessionFile, holder);
      // Removed only if it still names the dead holder, then created exclusively: of two
      // workers taking over at once, one wins and the other sees a live lock.
      const again = readHolder(lockPath);
      if (again?.pid === holder?.pid) {
        try {
          unlinkSync(lockPath);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
      created = tryCreate(lockPath);
      if (!created) throw new SessionLockedError(sessionFile, readHolder(lockPath));
    }
    installExitHook();
  }
  held.set(lockPath, (count ?? 0) + 1);
  let released = false;
  return {
    sessionFile,
    release() {
      if (released) return;
      released = true;
      const left = (held.get(lockPath) ?? 1) - 1;
      if (left > 0) {
        held.set(lockPath, left);
        return;
      }
      held.delete(lockPath);
      releaseFile(lockPath);
    },
  };
}

/** The lock for a session file, its directory created (0700) beside it; held elsewhere: SessionInUseError. */
export function takeSessionLock(absolute: string): SessionLock {
  try {
    ensurePrivateDir(dirname(absolute));
    return acquireSessionLock(absolute);
  } catch (error) {
    if (error instanceof SessionLockedError) throw new SessionInUseError(error.message, error.sessionFile);
    throw error;
  }
}
