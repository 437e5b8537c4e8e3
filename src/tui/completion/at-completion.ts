// `@` file completion, pure: find the `@token` before the cursor, rank candidate paths
// fuzzily (basename hits and shallow paths first), and compute the edit Tab applies.
import { fuzzyMatch } from "../state/fuzzy.js";

export type Token = { start: number; query: string };

/** The `@query` ending at the cursor (the `@` at a word start), or undefined. */
export function atToken(text: string, cursor: number): Token | undefined {
  // A path being typed is short: look only just before the cursor, whatever the prompt's size.
  const from = Math.max(0, cursor - 1024);
  const before = text.slice(from, cursor);
  const m = (from === 0 ? /(^|\s)@([^\s@]*)$/ : /(\s)@([^\s@]*)$/).exec(before);
  if (!m) return undefined;
  const query = m[2] ?? "";
  return { start: cursor - query.length - 1, query };
}

export function rankPaths(paths: readonly string[], query: string, limit = 50): string[] {
  if (query === "") return [...paths].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b)).slice(0, limit);
  const scored: Array<{ p: string; s: number }> = [];
  for (const p of paths) {
    const m = fuzzyMatch(query, p);
    if (!m) continue;
    const base = p.replace(/\/$/, "").split("/").pop() ?? p;
    const baseHit = fuzzyMatch(query, base);
    scored.push({ p, s: m.score + (baseHit ? baseHit.score + 10 : 0) - depth(p) * 2 });
  }
  scored.sort((a, b) => b.s - a.s || a.p.length - b.p.length || a.p.localeCompare(b.p));
  return scored.slice(0, limit).map((x) => x.p);
}

function depth(p: string): number {
  return p.replace(/\/$/, "").split("/").length;
}

/** The replacement for the token: `@path` plus a space for files (directories keep going). */
export function atReplacement(path: string): string {
  const quoted = /\s/.test(path) ? `"${path}"` : path;
  return `@${quoted}${path.endsWith("/") ? "" : " "}`;
}
