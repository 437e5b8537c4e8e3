// Where live workers keep their sockets and registry entries: $AGENT_TUI_HOME/live/, a 0700
// directory owned by this user (the only barrier other local users meet, so it is checked,
// not assumed), one `<id>.sock` (0600), `<id>.json` (0600) and `<id>.log` per worker.
import { chmodSync, lstatSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Linux allows 108 bytes in sun_path (macOS 104) including the NUL; stay below both. */
const MAX_SOCKET_PATH_BYTES = 100;

export class LivePathError extends Error {}

export function liveDir(agentHome: string): string {
  return join(agentHome, "live");
}

/**
 * Create the live directory (0700) or check an existing one: it must be a real directory of
 * this user that nobody else can enter; a wider mode is narrowed, a foreign owner refused.
 */
export function ensureLiveDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new LivePathError(`${dir} is not a directory`);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) throw new LivePathError(`${dir} belongs to another user (uid ${st.uid})`);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}

export type LiveFiles = { socket: string; meta: string; log: string };

/** The shorter socket name, when the full one does not fit: the id's last characters. */
const SHORT_ID_CHARS = 12;

/** Whether a live worker can have a socket in `dir` at all ($AGENT_TUI_HOME not too long). */
export function liveSocketFits(dir: string): boolean {
  return Buffer.byteLength(join(dir, `${"x".repeat(SHORT_ID_CHARS)}.sock`)) <= MAX_SOCKET_PATH_BYTES;
}

/** The files of worker `id`; the socket gets a shorter name when the full one would not fit. */
export function liveFiles(dir: string, id: string): LiveFiles {
  let socket = join(dir, `${id}.sock`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES)
    socket = join(dir, `${id.replace(/-/g, "").slice(-SHORT_ID_CHARS)}.sock`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    throw new LivePathError(`the socket path ${socket} is too long for a Unix socket; use a shorter $AGENT_TUI_HOME`);
  }
  return { socket, meta: join(dir, `${id}.json`), log: join(dir, `${id}.log`) };
}

/**
 * What to tell a user refused by the file system (EACCES, EPERM) while reaching live workers:
 * another user's live directory or socket. Undefined for any other error.
 */
export function liveAccessRefusal(error: unknown): string | undefined {
  const e = error as NodeJS.ErrnoException;
  if (e.code !== "EACCES" && e.code !== "EPERM") return undefined;
  const path = typeof e.path === "string" ? e.path : undefined;
  let owner = "";
  if (path !== undefined) {
    try {
      const uid = statSync(path).uid;
      if (uid !== process.getuid?.()) owner = ` (it belongs to uid ${uid})`;
    } catch (statError) {
      void statError; // not even its owner can be read: the message says what was refused
    }
  }
  const what = path !== undefined ? `${path}${owner}` : "the live sessions' directory";
  return `permission denied for ${what}: live sessions can be reached only by the user who started them`;
}
