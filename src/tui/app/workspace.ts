// Working directory and git branch for the footer (read once from .git/HEAD, no git binary).
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

export function gitBranch(cwd: string): string | undefined {
  let dir = cwd;
  for (;;) {
    const git = join(dir, ".git");
    if (existsSync(git)) {
      try {
        let gitDir = git;
        if (statSync(git).isFile()) {
          const m = /^gitdir:\s*(.+)$/m.exec(readFileSync(git, "utf8"));
          if (!m?.[1]) return undefined;
          gitDir = m[1].trim();
        }
        const head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
        // The whole name, whatever it holds: the footer sanitises it.
        const ref = /^ref:\s*refs\/heads\/([\s\S]+)$/.exec(head);
        return ref?.[1] ?? head.slice(0, 7);
      } catch (error) {
        // An unreadable .git is not worth failing over: the footer just omits the branch.
        void error;
        return undefined;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
