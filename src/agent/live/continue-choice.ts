// What `--continue` continues when live workers run: the conversation of this folder used last,
// live or finished. A live worker counts from when it was last used (a run began or ended, a
// client came or went, its session file was written), a finished session from its file's last
// write; when a finished file is newer than every live worker, no worker is chosen and the
// worker started for --continue opens that file.
import { existsSync, statSync } from "node:fs";
import { findMostRecentSession } from "../session/paths.js";
import { lastUsedAt, type LiveEntry } from "./live-registry.js";

function modified(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch (error) {
    // Gone (or unreadable) since it was listed: it tells nothing about when it was used.
    void error;
    return undefined;
  }
}

/** When this worker's conversation was last used. */
function usedAt(entry: LiveEntry): number {
  const file = entry.sessionFile === undefined ? undefined : modified(entry.sessionFile);
  return Math.max(lastUsedAt(entry), file ?? 0);
}

/**
 * The live worker `--continue` should attach to in `cwd`, or undefined when the conversation used
 * last is a finished session file in `sessionDir` (undefined: the worker keeps no files).
 */
export function chooseContinued(
  entries: readonly LiveEntry[],
  cwd: string,
  sessionDir: string | undefined,
): LiveEntry | undefined {
  const newest = sessionDir === undefined ? undefined : findMostRecentSession(sessionDir);
  const holder = newest === undefined ? undefined : entries.find((e) => e.sessionFile === newest);
  // A worker whose session file does not exist yet has no conversation to continue.
  const talked = entries.filter((e) => e.cwd === cwd && (e.sessionFile === undefined || existsSync(e.sessionFile)));
  const candidates = holder && !talked.includes(holder) ? [...talked, holder] : talked;
  const best = candidates.reduce<LiveEntry | undefined>(
    (a, e) => (a === undefined || usedAt(e) > usedAt(a) ? e : a),
    undefined,
  );
  if (newest === undefined) return best ?? entries.find((e) => e.cwd === cwd);
  if (best === undefined) return undefined;
  // The worker holding the newest file, if any, is among the candidates and at least as recent.
  const newestAt = modified(newest);
  return newestAt === undefined || usedAt(best) >= newestAt ? best : undefined;
}
