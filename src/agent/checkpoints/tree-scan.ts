// Which files under the working directory a checkpoint looks at. In a git work tree git itself
// says (tracked files, and untracked ones no .gitignore excludes; ignored files and directories
// are named as left out), through read-only queries: `ls-files` never writes the index, and
// GIT_OPTIONAL_LOCKS=0 keeps git from taking the index lock at all. Outside git the tree is
// walked with the same .gitignore rules as list_files (src/agent/tools/file-walk.ts).

import { execFile } from "node:child_process";
import type { LeftOut } from "../../protocol/types/checkpoints.js";
import { messageOf } from "./store-errors.js";

/** More ignored paths than this are not named one by one (a build folder of loose files). */
export const MAX_IGNORED_NAMED = 1000;

export interface TreeListing {
  /** Relative to cwd, "/" separators, sorted, unique; may name files that no longer exist. */
  paths: string[];
  ignored: LeftOut[];
}

const GIT_ENV = { GIT_OPTIONAL_LOCKS: "0", GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };

function git(cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["--no-optional-locks", "-c", "core.quotepath=off", ...args],
      { cwd, env: { ...process.env, ...GIT_ENV }, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

/** Whether `cwd` is inside a git work tree (asked once per store; git missing counts as no). */
export async function isGitWorkTree(cwd: string): Promise<boolean> {
  try {
    return (await git(cwd, ["rev-parse", "--is-inside-work-tree"])).trim() === "true";
  } catch (error) {
    // Not a repository, or no git on this machine: the tree is walked instead.
    void error;
    return false;
  }
}

const splitZ = (out: string): string[] => out.split("\0").filter((p) => p !== "");

async function gitListing(cwd: string): Promise<TreeListing> {
  const [files, ignored] = await Promise.all([
    git(cwd, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]),
    git(cwd, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"]),
  ]);
  const paths = [...new Set(splitZ(files))].sort();
  const ignoredPaths = splitZ(ignored).sort();
  return {
    paths,
    ignored: ignoredPaths.slice(0, MAX_IGNORED_NAMED).map((path) => ({ path, reason: "ignored" as const })),
  };
}

/** Stops one past `limit` files: a walk of a home folder is not finished only to be refused. */
async function walkListing(cwd: string, limit: number): Promise<TreeListing> {
  // Loaded on first use, as list_files does: the walker is not needed to start.
  const { walkFiles } = await import("../tools/file-walk.js");
  const paths: string[] = [];
  for await (const entry of walkFiles(cwd)) {
    if (entry.isDirectory) continue;
    paths.push(entry.relativePath);
    if (paths.length > limit) break;
  }
  return { paths: paths.sort(), ignored: [] };
}

export async function listTree(cwd: string, inGit: boolean, limit: number): Promise<TreeListing> {
  if (!inGit) return walkListing(cwd, limit);
  try {
    return await gitListing(cwd);
  } catch (error) {
    // A repository git cannot read (a newer index format, a broken HEAD) is still a tree.
    process.stderr.write(`agent-rpc: checkpoints: git ls-files failed (${messageOf(error)}); walking the tree\n`);
    return walkListing(cwd, limit);
  }
}
