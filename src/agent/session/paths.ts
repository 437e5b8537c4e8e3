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
    const firstLine = buffer.toString("utf8", 0, read).split("\n")[0] ?? "";
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

/** Most recently modified valid session file in `dir`, or undefined. */
export function findMostRecentSession(dir: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return undefined;
    throw error;
  }
  let best: { path: string; mtime: number } | undefined;
  for (const name of names) {
    const path = join(dir, name);
    if (!hasSessionHeader(path)) continue;
    const mtime = statSync(path).mtimeMs;
    if (!best || mtime > best.mtime) best = { path, mtime };
  }
  return best?.path;
}
