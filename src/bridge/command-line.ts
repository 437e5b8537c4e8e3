// Worker command lines: splitting a user-supplied `--agent "<cmd>"` into argv without a shell,
// and locating the bundled agent-rpc so the default worker is pinned to this package.
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

/** argv for the bundled worker: this Node binary running `bin/agent-rpc.js` of this package. */
export function resolveBundledWorkerCommand(): string[] {
  // This file lives in src/bridge (tests) or dist/bridge (built); both are two levels below the root.
  const here = dirname(fileURLToPath(import.meta.url));
  return [process.execPath, resolve(here, "..", "..", "bin", "agent-rpc.js")];
}

/**
 * Split a command line POSIX-style: whitespace separates words; '...' is literal; "..." allows
 * backslash escapes of \ " $ ` and newline; a backslash outside quotes escapes the next char.
 * No expansion of variables, globs or `~` happens: nothing is interpreted as a shell would.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let i = 0;
  while (i < line.length) {
    const ch = line[i] as string;
    if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r") {
      if (inWord) {
        words.push(current);
        current = "";
        inWord = false;
      }
      i += 1;
      continue;
    }
    inWord = true;
    if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new Error(`Unterminated single quote in command line at position ${i}`);
      current += line.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (ch === '"') {
      i += 1;
      let closed = false;
      while (i < line.length) {
        const c = line[i] as string;
        if (c === '"') {
          closed = true;
          i += 1;
          break;
        }
        if (c === "\\" && i + 1 < line.length) {
          const next = line[i + 1] as string;
          if (next === '"' || next === "\\" || next === "$" || next === "`") {
            current += next;
            i += 2;
            continue;
          }
          if (next === "\n") {
            i += 2;
            continue;
          }
        }
        current += c;
        i += 1;
      }
      if (!closed) throw new Error("Unterminated double quote in command line");
      continue;
    }
    if (ch === "\\") {
      if (i + 1 >= line.length) throw new Error("Trailing backslash in command line");
      const next = line[i + 1] as string;
      // Backslash-newline is a line continuation, as in sh.
      if (next !== "\n") current += next;
      i += 2;
      continue;
    }
    current += ch;
    i += 1;
  }
  if (inWord) words.push(current);
  return words;
}
