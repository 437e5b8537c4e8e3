// .gitignore rules (the subset that matters for searching): comments, negation, trailing
// `/` for directories, rules anchored to their file's directory when they contain a `/`,
// last matching rule wins. One instance per .gitignore file; the walker stacks them.

import { globToRegExpSource } from "./glob.js";

interface Rule {
  regex: RegExp;
  negated: boolean;
  dirOnly: boolean;
}

export interface IgnoreFile {
  /** Directory (relative to the walk root, "" for the root) the rules are relative to. */
  base: string;
  rules: Rule[];
}

export function parseGitignore(text: string, base: string): IgnoreFile {
  const rules: Rule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, "");
    if (line === "" || line.startsWith("#")) continue;
    let negated = false;
    if (line.startsWith("!")) {
      negated = true;
      line = line.slice(1);
    }
    if (line.startsWith("\\")) line = line.slice(1);
    let dirOnly = false;
    if (line.endsWith("/")) {
      dirOnly = true;
      line = line.slice(0, -1);
    }
    if (line === "") continue;
    // A slash anywhere but the end anchors the rule to the .gitignore's directory.
    const anchored = line.includes("/");
    if (line.startsWith("/")) line = line.slice(1);
    const body = globToRegExpSource(line);
    // A match on a directory also covers everything under it (`build` ignores build/x/y).
    const regex = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`);
    rules.push({ regex, negated, dirOnly });
  }
  return { base, rules };
}

/**
 * Whether a path (relative to the walk root) is ignored by a stack of .gitignore files,
 * outermost first. Parents of ignored directories are never descended, so only the path itself is tested.
 */
export function isIgnored(stack: readonly IgnoreFile[], relativePath: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const file of stack) {
    const rel =
      file.base === ""
        ? relativePath
        : relativePath.startsWith(`${file.base}/`)
          ? relativePath.slice(file.base.length + 1)
          : undefined;
    if (rel === undefined) continue;
    for (const rule of file.rules) {
      if (rule.dirOnly && !isDirectory) continue;
      if (rule.regex.test(rel)) ignored = !rule.negated;
    }
  }
  return ignored;
}
