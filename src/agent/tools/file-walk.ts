// Directory walker for find and grep: depth-first in sorted order, hidden files included,
// `.git` and `node_modules` skipped, .gitignore files honoured at every level (as fd and
// ripgrep do), symlinked directories not followed (no cycles).

import type { Dirent } from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { isIgnored, parseGitignore, type IgnoreFile } from "./gitignore.js";
import { errorCode } from "./path-utils.js";

export interface WalkEntry {
  /** Path relative to the walk root, POSIX separators. */
  relativePath: string;
  absolutePath: string;
  isDirectory: boolean;
}

const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

export class OperationAbortedError extends Error {
  constructor() {
    super("Operation aborted");
  }
}

async function loadIgnoreFile(dir: string, base: string): Promise<IgnoreFile | undefined> {
  try {
    return parseGitignore(await readFile(join(dir, ".gitignore"), "utf8"), base);
  } catch (error) {
    // No .gitignore here is the common case (ENOENT). An unreadable one (EACCES, EISDIR) is
    // treated as absent too: searching without its rules beats failing the whole search.
    void error;
    return undefined;
  }
}

/** Yields files and directories under `root` (not the root itself). */
export async function* walkFiles(root: string, signal?: AbortSignal): AsyncGenerator<WalkEntry> {
  const rootIgnore = await loadIgnoreFile(root, "");
  yield* walkDir(root, "", rootIgnore === undefined ? [] : [rootIgnore], signal);
}

async function* walkDir(
  dir: string,
  rel: string,
  stack: IgnoreFile[],
  signal?: AbortSignal,
): AsyncGenerator<WalkEntry> {
  if (signal?.aborted) throw new OperationAbortedError();
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    // Unreadable directories (permissions, vanished mid-walk) are skipped, as fd/rg do.
    const code = errorCode(error);
    if (code === "EACCES" || code === "EPERM" || code === "ENOENT" || code === "ENOTDIR") return;
    throw error;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (ALWAYS_SKIPPED.has(entry.name)) continue;
    const relativePath = rel === "" ? entry.name : `${rel}/${entry.name}`;
    const absolutePath = join(dir, entry.name);
    const isDirectory = entry.isDirectory();
    if (isIgnored(stack, relativePath, isDirectory)) continue;
    yield { relativePath, absolutePath, isDirectory };
    if (isDirectory) {
      const nested = await loadIgnoreFile(absolutePath, relativePath);
      yield* walkDir(absolutePath, relativePath, nested === undefined ? stack : [...stack, nested], signal);
    }
  }
}
