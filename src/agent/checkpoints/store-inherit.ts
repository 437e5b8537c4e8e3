// A fork or clone of a session starts with the checkpoints of the turns it keeps, so /diff and
// /rewind work in it as they did before the fork (docs/protocol-notes.md "Checkpoints"). The new
// store gets the parent's log up to the first turn the fork leaves out, then one sync record to
// what the worker last recorded (files a rewind just restored count as the worker's own), and
// hard links to the parent's contents (copies where a link is refused): nothing is shared that
// either store could change, and deleting the parent's store later takes nothing from the fork.

import { copyFileSync, type Dirent, existsSync, linkSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ensurePrivateDir, writePrivateFileAtomic } from "../../protocol/private-files.js";
import { changesBetween, type LogRecord, type StartRecord } from "./checkpoint-log.js";
import type { SessionStore } from "./session-store.js";
import { errorCode } from "./store-errors.js";

/** Links (or copies) every stored file under `from` into `to`; half-written temporary files are skipped. */
function linkTree(from: string, to: string): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(from, { withFileTypes: true });
  } catch (error) {
    if (errorCode(error) === "ENOENT") return;
    throw error;
  }
  ensurePrivateDir(to);
  for (const entry of entries) {
    if (entry.name.endsWith(".tmp")) continue;
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile() && !existsSync(target)) {
      try {
        linkSync(source, target);
      } catch (error) {
        if (errorCode(error) === "EEXIST") continue;
        // Another file system or one without hard links: a copy holds the same bytes.
        copyFileSync(source, target);
      }
    }
  }
}

/**
 * Gives the store in `childDir` the parent's checkpoints of the turns `kept` accepts, up to the
 * first it does not. Returns how many; 0 (and nothing written) when none is kept or the child
 * already has a log of its own.
 */
export function inheritCheckpoints(parent: SessionStore, childDir: string, kept: (r: StartRecord) => boolean): number {
  const logFile = join(childDir, "log.jsonl");
  if (existsSync(logFile)) return 0;
  const records = parent.records;
  const checkpoints = parent.checkpoints();
  const dropped = checkpoints.find((c) => !kept(c.record));
  const cut = dropped?.at ?? records.length;
  const count = checkpoints.filter((c) => c.at < cut).length;
  if (count === 0) return 0;
  ensurePrivateDir(childDir);
  linkTree(parent.blobs.dir, join(childDir, "blobs"));
  const cache = join(parent.dir, "hash-cache.json");
  if (existsSync(cache)) copyFileSync(cache, join(childDir, "hash-cache.json"));
  const lines: LogRecord[] = records.slice(0, cut);
  const changes = changesBetween(parent.stateAfter(cut), parent.recorded());
  if (Object.keys(changes).length > 0) lines.push({ kind: "sync", timestamp: Date.now(), changes });
  // The log last: a store without it has no checkpoints, so a failure above leaves none half-made.
  writePrivateFileAtomic(logFile, `${lines.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return count;
}
