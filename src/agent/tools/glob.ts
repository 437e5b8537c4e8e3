// Glob patterns to regular expressions, for find's pattern, grep's glob filter and
// .gitignore rules: `*` and `?` stay inside one path segment, `**` spans segments,
// `[abc]`/`[!a-z]` classes and `{a,b}` alternatives.

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

/** The regex source for a glob (no anchors). */
export function globToRegExpSource(glob: string): string {
  let out = "";
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] ?? "";
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        // `**/` matches zero or more whole directories; a trailing `**` matches everything below.
        const slashAfter = glob[i + 2] === "/";
        const atSegmentStart = i === 0 || glob[i - 1] === "/";
        if (atSegmentStart && slashAfter) {
          out += "(?:[^/]*/)*";
          i += 2;
        } else {
          out += ".*";
          i += 1;
        }
      } else {
        out += "[^/]*";
      }
    } else if (ch === "?") {
      out += "[^/]";
    } else if (ch === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) {
        out += "\\[";
      } else {
        let body = glob.slice(i + 1, close);
        if (body.startsWith("!") || body.startsWith("^")) body = `^${body.slice(1)}`;
        out += `[${body.replace(/\\/g, "\\\\")}]`;
        i = close;
      }
    } else if (ch === "{") {
      braceDepth++;
      out += "(?:";
    } else if (ch === "}" && braceDepth > 0) {
      braceDepth--;
      out += ")";
    } else if (ch === "," && braceDepth > 0) {
      out += "|";
    } else if (ch === "\\" && i + 1 < glob.length) {
      i++;
      out += escapeRegExp(glob[i] ?? "");
    } else {
      out += escapeRegExp(ch);
    }
  }
  // An unbalanced `{` is taken literally by closing the group we opened.
  out += ")".repeat(braceDepth);
  return out;
}

/**
 * A matcher for find's pattern / grep's glob over paths relative to the search root (POSIX
 * separators): a pattern without `/` matches the file name at any depth; a pattern with `/`
 * matches the relative path, at any depth unless it starts with `/`.
 */
export function createPathMatcher(pattern: string): (relativePath: string) => boolean {
  if (!pattern.includes("/")) {
    const re = new RegExp(`^${globToRegExpSource(pattern)}$`);
    return (rel) => re.test(rel.slice(rel.lastIndexOf("/") + 1));
  }
  const anchored = pattern.startsWith("/");
  const body = globToRegExpSource(anchored ? pattern.slice(1) : pattern);
  const re = new RegExp(anchored ? `^${body}$` : `^(?:.*/)?${body}$`);
  return (rel) => re.test(rel);
}
