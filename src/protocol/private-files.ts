// Files that hold conversations (session files, exports, prompt history) are private: created
// 0600 in directories created 0700. Shared by the worker and the TUI (through bridge/index.ts),
// so both sides create such files the same way. Plain node:fs, no other imports.
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  fchmodSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomBytes } from "node:crypto";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Create `dir` and missing parents 0700. An existing directory keeps its mode unless
 * `tighten` (for directories that are ours, e.g. under $AGENT_TUI_HOME; never a user's cwd).
 */
export function ensurePrivateDir(dir: string, options: { tighten?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (options.tighten) {
    const mode = lstatSync(dir).mode & 0o777;
    if ((mode & 0o077) !== 0) chmodSync(dir, mode & 0o700);
  }
}

/** A directory that is not this user's own private one, so nothing of the user's is put in it. */
export class NotPrivateDirError extends Error {}

/**
 * A directory of this user's own for private files in a shared place such as /tmp, where
 * another local user may have created the name first: created 0700 if missing (the parent
 * must exist), else opened without following a symlink and refused unless it is a directory
 * owned by this user. One of ours that others could enter is narrowed to 0700: whatever they
 * left in it is replaced, never written through (writePrivateFileAtomic renames over it).
 */
export function ensureOwnPrivateDir(dir: string): void {
  try {
    mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink planted at the name is refused (ELOOP), not followed.
    fd = openSync(dir, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Linux says ENOTDIR for a symlink opened with O_DIRECTORY | O_NOFOLLOW, other systems ELOOP.
    if (code === "ELOOP" || (code === "ENOTDIR" && lstatSync(dir).isSymbolicLink()))
      throw new NotPrivateDirError(`${dir} is a symbolic link: not used`);
    if (code === "ENOTDIR") throw new NotPrivateDirError(`${dir} is not a directory: not used`);
    throw error;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isDirectory()) throw new NotPrivateDirError(`${dir} is not a directory: not used`);
    const uid = process.getuid?.();
    if (uid !== undefined && st.uid !== uid)
      throw new NotPrivateDirError(`${dir} belongs to another user (uid ${st.uid}): not used`);
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, st.mode & PRIVATE_DIR_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Whether `dir` is a real directory of this user that nobody else can enter (checked, not created). */
export function isOwnPrivateDir(dir: string): boolean {
  try {
    const st = lstatSync(dir);
    const uid = process.getuid?.();
    return st.isDirectory() && (uid === undefined || st.uid === uid) && (st.mode & 0o077) === 0;
  } catch (error) {
    // Missing or unreadable: not a directory to use.
    void error;
    return false;
  }
}

/**
 * Open a file for appending, created 0600 if missing (parents 0700). An existing file that
 * others can read is narrowed to 0600: it is one of ours and holds a conversation.
 */
export function openPrivateAppend(path: string): number {
  ensurePrivateDir(dirname(path));
  const fd = openSync(path, "a", PRIVATE_FILE_MODE);
  narrow(fd);
  return fd;
}

/** Open an existing private file read-write (`r+`), narrowing its mode as openPrivateAppend does. */
export function openPrivateExisting(path: string, flags: "r+" | "a" = "r+"): number {
  const fd = openSync(path, flags);
  narrow(fd);
  return fd;
}

function narrow(fd: number): void {
  const mode = fstatSync(fd).mode & 0o777;
  if ((mode & 0o077) !== 0) fchmodSync(fd, mode & 0o600);
}

export class TargetExistsError extends Error {
  constructor(readonly path: string) {
    super(`${path} already exists; it is replaced only when asked to overwrite it`);
  }
}

/**
 * Write a whole private file atomically: a 0600 temp file beside the target, fsync, then
 * rename over it (`overwrite`) or hard-link into place, which fails if anything, a symlink
 * included, exists there (never followed, never replaced without asking).
 */
/** Writes all of `bytes` at `fd`'s position: one writeSync may write less than it was given. */
export function writeFully(fd: number, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += writeSync(fd, bytes, offset, bytes.length - offset);
}

/**
 * Creates `path` with `mode` (O_EXCL: never an existing file or a link), writes all of `bytes` and
 * syncs them to disk; on a failure the file is removed again and the error thrown.
 */
export function writeNewFileSynced(path: string, bytes: Uint8Array, mode: number): void {
  const fd = openSync(path, "wx", mode);
  try {
    writeFully(fd, bytes);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path);
    throw error;
  }
  closeSync(fd);
}

export function writePrivateFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { overwrite?: boolean } = {},
): void {
  // The directory must exist: a mistyped export path fails instead of creating directories.
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  writeNewFileSynced(tmp, typeof data === "string" ? Buffer.from(data, "utf8") : data, PRIVATE_FILE_MODE);
  try {
    if (options.overwrite) {
      // rename replaces a symlink itself, never the file it points to.
      renameSync(tmp, path);
      return;
    }
    try {
      linkSync(tmp, path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EEXIST") throw new TargetExistsError(path);
      // File systems without hard links: an exclusive copy still never follows a symlink.
      if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw error;
      try {
        copyFileSync(tmp, path, constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === "EEXIST") throw new TargetExistsError(path);
        throw copyError;
      }
    }
    unlinkSync(tmp);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch (cleanup) {
      // Already renamed or removed: nothing is left behind.
      if ((cleanup as NodeJS.ErrnoException).code !== "ENOENT") throw cleanup;
    }
    throw error;
  }
}
