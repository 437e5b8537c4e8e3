// The git branch of a worker's folder for its registry entry, read from .git/HEAD (no git
// binary, no child process: the entry is rewritten up to twice a second). The TUI's footer reads
// its own folder the same way (src/tui/app/workspace.ts); the layers keep the two apart.
import { readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/** The branch checked out in `cwd`'s repository, the short commit when detached, or undefined. */
export function gitBranch(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const git = join(dir, ".git");
    let isFile: boolean;
    try {
      isFile = statSync(git).isFile();
    } catch (error) {
      void error; // no .git here: look in the parent
      if (dirname(dir) === dir) return undefined;
      continue;
    }
    try {
      let gitDir = git;
      if (isFile) {
        const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(git, "utf8"));
        if (!m?.[1]) return undefined;
        gitDir = resolve(dir, m[1].trim());
      }
      const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
      const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
      return ref?.[1] ?? head.slice(0, 7);
    } catch (error) {
      void error; // an unreadable .git: the entry leaves the branch out
      return undefined;
    }
  }
}
