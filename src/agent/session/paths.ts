// Where session files live: pi's per-cwd directory slug, its "<iso-time>_<id>.jsonl" file
// names, and the lookup of the most recent session for --continue.
import { closeSync, openSync, readSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** `<agentHome>/sessions/--home-me-project--` for cwd `/home/me/project` (pi's encoding). */
export function defaultSessionDir(agentHome: string, cwd: string): string {
  const slug = `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  return join(agentHome, "sessions", slug);
}

export function sessionFileName(isoTimestamp: string, sessionId: string): string {
  return `${isoTimestamp.replace(/[:.]/g, "-")}_${sessionId}.jsonl`;
}

/** True when `path` is a regular file whose first line is a session header. */
export function hasSessionHeader(path: string): boolean {
  let fd: number | undefined;
  try {
    if (!statSync(path).isFile()) return false;
    fd = openSync(path, "r");
    const buffer = Buffer.alloc(1024);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    // A UTF-8 BOM and a CRLF line end are accepted, as the loader accepts them.
    const start = read >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
    const firstLine = buffer.toString("utf8", start, read).split("\n")[0] ?? "";
    const header: unknown = JSON.parse(firstLine);
    return typeof header === "object" && header !== null && "type" in header && header.type === "session";
  } catch (error) {
    // Unreadable or foreign files are simply not candidates for --continue.
    void error;
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Most recently modified valid session file in `dir`, or undefined. `.jsonl` files newer than
 * it that are not sessions (or not readable) are passed to `onSkip`: they were passed over.
 */
export function findMostRecentSession(dir: string, onSkip?: (path: string) => void): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
  const candidates: { path: string; mtime: number }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    try {
      candidates.push({ path, mtime: statSync(path).mtimeMs });
    } catch (error) {
      // Removed while listing is nothing worth reporting; anything else (a loop, EACCES) is.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") onSkip?.(path);
    }
  }
  candidates.sort((a, b) => b.mtime - a.mtime);
  for (const { path } of candidates) {
    if (hasSessionHeader(path)) return path;
    onSkip?.(path);
  }
  return undefined;
}
