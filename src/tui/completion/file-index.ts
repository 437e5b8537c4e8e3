// Files of the working directory for `@` completion, respecting .gitignore: `git ls-files`
// (tracked + untracked, standard excludes) inside a repository, otherwise a bounded walk that
// applies each directory's .gitignore with a small glob subset.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, type Dirent } from "node:fs";
import { join } from "node:path";

export const MAX_FILES = 20_000;
const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

type Rule = { re: RegExp; negate: boolean; dirOnly: boolean };

function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i] ?? "";
    if (c === "*") {
      if (glob[i + 1] === "*") {
        i += 1;
        // "**/" matches zero or more whole directories; a trailing "**" matches everything.
        if (glob[i + 1] === "/") {
          re += "(?:.*/)?";
          i += 1;
        } else re += ".*";
      } else re += "[^/]*";
    } else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/** Parse .gitignore text into rules relative to its directory. */
export function parseGitignore(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const negate = line.startsWith("!");
    if (negate) line = line.slice(1);
    const dirOnly = line.endsWith("/");
    if (dirOnly) line = line.slice(0, -1);
    // A pattern with a slash (other than a trailing one) is anchored to the directory.
    const anchored = line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    rules.push({ re: globToRegExp(anchored ? line : `**/${line}`), negate, dirOnly });
  }
  return rules;
}

export function isIgnored(rules: readonly Rule[], relPath: string, isDir: boolean): boolean {
  let ignored = false;
  for (const r of rules) {
    if (r.dirOnly && !isDir) continue;
    if (r.re.test(relPath)) ignored = !r.negate;
  }
  return ignored;
}

function walk(root: string, limit: number): string[] {
  const out: string[] = [];
  const visit = (rel: string, inherited: Array<{ base: string; rules: Rule[] }>): void => {
    const abs = rel === "" ? root : join(root, rel);
    let rules = inherited;
    try {
      rules = [...inherited, { base: rel, rules: parseGitignore(readFileSync(join(abs, ".gitignore"), "utf8")) }];
    } catch (error) {
      void error; // most directories have no .gitignore
    }
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      void error; // unreadable directory: nothing to offer from it
      return;
    }
    for (const e of entries) {
      if (out.length >= limit) return;
      if (ALWAYS_SKIPPED.has(e.name)) continue;
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      const isDir = e.isDirectory();
      const ignored = rules.some((g) =>
        isIgnored(g.rules, g.base === "" ? path : path.slice(g.base.length + 1), isDir),
      );
      if (ignored) continue;
      if (isDir) visit(path, rules);
      else out.push(path);
    }
  };
  visit("", []);
  return out;
}

/** Project files relative to `cwd` (forward slashes), at most `limit`. */
export function listProjectFiles(cwd: string, limit = MAX_FILES): string[] {
  try {
    const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
      timeout: 3000,
    });
    return [...new Set(out.split("\0").filter((p) => p !== ""))].slice(0, limit);
  } catch (error) {
    void error; // not a git repository (or no git): walk the tree ourselves
    return walk(cwd, limit);
  }
}

/** Files plus their directories (with a trailing slash), so `@src/` can be completed too. */
export function withDirectories(files: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const f of files) {
    const parts = f.split("/");
    for (let i = 1; i < parts.length; i += 1) dirs.add(`${parts.slice(0, i).join("/")}/`);
  }
  return [...dirs, ...files];
}
