// File paths as links the terminal opens (Ctrl+click): a file:// URI for the path on this machine
// wrapped around its text as an OSC 8 hyperlink that we write (terminal-sequences.ts builds it).
// Only for a worker on this machine: a relay or ssh worker's paths name files elsewhere. Paths
// in untrusted text are found here, never taken from a link the text brought (the sanitiser
// strips those).
import { isAbsolute, resolve } from "node:path";
import { hyperlink } from "../../bridge/index.js";
import type { LinkTarget } from "../state/types.js";

export type { LinkTarget } from "../state/types.js";

/**
 * `file://host/abs/path` with each segment percent-encoded (RFC 8089): spaces, `#`, `?`, `%`
 * and anything not ASCII can no longer end or change the URI.
 */
export function fileUri(host: string, absolutePath: string): string {
  const path = absolutePath.split("/").map(encodeURIComponent).join("/");
  return `file://${encodeURIComponent(host)}${path.startsWith("/") ? path : `/${path}`}`;
}

/** `text` linked to `path` (resolved against the worker's directory); `text` alone without a target. */
export function linkPath(text: string, path: string, target: LinkTarget | undefined): string {
  if (target === undefined || path === "") return text;
  const absolute = isAbsolute(path) ? path : resolve(target.cwd, path);
  return hyperlink(fileUri(target.host, absolute), text);
}

/**
 * Path-like words: with a slash (`src/a.ts`, `./x`, `/etc/hosts`, `~/notes.md`) or a file name
 * with an extension (`README.md`), optionally `:line[:col]`. Not URLs (`scheme://`), not
 * version numbers or sentences' ends (`1.2`, `e.g.`): an extension starts with a letter.
 */
const PATH_WORD =
  /(?<![\w/.~:-])(?:~?\/|\.{1,2}\/)?(?:[\w.@+-]+\/)*[\w@+-][\w.@+-]*\.[A-Za-z][\w]{0,7}(?::\d+(?::\d+)?)?(?![\w/])|(?<![\w/.~:-])(?:~?\/|\.{1,2}\/)?(?:[\w.@+-]+\/)+[\w.@+-]+(?![\w/])/g;

const ABBREVIATION = /^(?:[A-Za-z]\.)+[A-Za-z]$/;

/** A path found in text: where it is, and the file it names (without `:line`). */
export type FoundPath = { from: number; to: number; path: string };

/** The path-like words of `text` (plain text, no escapes). */
export function findPaths(text: string): FoundPath[] {
  const found: FoundPath[] = [];
  for (const m of text.matchAll(PATH_WORD)) {
    const word = m[0];
    const at = m.index;
    // A URL's path is not a file here: `https://x.org/a.html` stays text.
    if (text.slice(Math.max(0, at - 3), at) === "://" || /^\w+:\/\//.test(text.slice(at))) continue;
    // Single letters between dots are an abbreviation (`e.g.`, `i.e.`), not a file name.
    if (ABBREVIATION.test(word)) continue;
    found.push({ from: at, to: at + word.length, path: word.replace(/(?::\d+)+$/, "") });
  }
  return found;
}

/** Plain `text` with each path in it linked (`text` alone without a target). `~` is the home directory. */
export function linkPathsIn(text: string, target: LinkTarget | undefined, home: string): string {
  if (target === undefined) return text;
  let out = "";
  let at = 0;
  for (const p of findPaths(text)) {
    const path = p.path.startsWith("~/") ? `${home}${p.path.slice(1)}` : p.path;
    out += text.slice(at, p.from) + linkPath(text.slice(p.from, p.to), path, target);
    at = p.to;
  }
  return out + text.slice(at);
}
