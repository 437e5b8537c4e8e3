// Paths a client names (checkpoint_restore's `paths`, checkpoint_write's `path`) and paths the
// store writes must stay inside the working directory: relative, no "..", and no directory on
// the way that is a symbolic link leading elsewhere (a write is never made through a link).

import { lstatSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { CheckpointError, errorCode } from "./store-errors.js";

/** The cwd-relative "/" form of a client's path, or a CheckpointError. */
export function normaliseClientPath(cwd: string, path: string): string {
  const rel = isAbsolute(path) ? relative(cwd, path) : path;
  const parts = rel.split(/[\\/]+/).filter((part) => part !== "" && part !== ".");
  if (parts.length === 0 || parts.includes("..") || isAbsolute(rel))
    throw new CheckpointError(`${path} is not a file inside the working directory`);
  return parts.join("/");
}

/** The nearest existing ancestor of `path`'s directory, resolved. */
function existingParent(path: string): string {
  let dir = dirname(path);
  for (;;) {
    try {
      return realpathSync(dir);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
      const up = dirname(dir);
      if (up === dir) throw error;
      dir = up;
    }
  }
}

/** Throws unless `rel`'s parent directories resolve inside cwd and `rel` itself is not a symlink. */
export function assertWritable(cwd: string, rel: string): void {
  const root = realpathSync(cwd);
  const abs = join(cwd, rel);
  const parent = existingParent(abs);
  if (parent !== root && !parent.startsWith(root + sep))
    throw new CheckpointError(`${rel} is reached through a symbolic link that leaves the working directory`);
  try {
    if (lstatSync(abs).isSymbolicLink()) throw new CheckpointError(`${rel} is a symbolic link: not written`);
  } catch (error) {
    if (errorCode(error) !== "ENOENT" && errorCode(error) !== "ENOTDIR") throw error;
  }
}
