// Rows of committed entries built ahead of the render that prints them. A long backlog (a
// resumed session's tail) is printed in chunks (components/transcript.tsx); while one chunk is
// on screen, the next chunk's rows are built here an entry per event-loop turn, so keys are read
// between entries and the render that prints the chunk only lays the rows out. Rows are kept
// until that render takes them: a printed entry's rows are not held for the rest of the session.
import type { Entry } from "../state/types.js";
import { type EntryRenderOptions, entryLines } from "./entry-lines.js";

type Prepared = { key: string; lines: string[] };
const prepared = new WeakMap<Entry, Prepared>();

const keyOf = (o: EntryRenderOptions): string =>
  `${o.width}\u0000${o.showThinking}\u0000${o.toolsExpanded}\u0000${o.palette.name}${o.palette.level}\u0000${o.links?.cwd}`;

/** Are `e`'s rows for `o` built and waiting for the render that prints them? */
export function isPrepared(e: Entry, o: EntryRenderOptions): boolean {
  return prepared.get(e)?.key === keyOf(o);
}

/** `e`'s rows for `o`: the ones built ahead (given up here: each entry prints once), or built now. */
export function takeEntryLines(e: Entry, o: EntryRenderOptions): string[] {
  const ready = prepared.get(e);
  if (ready === undefined) return entryLines(e, o);
  prepared.delete(e);
  return ready.key === keyOf(o) ? ready.lines : entryLines(e, o);
}

/**
 * Build the rows of `entries` for `o`, one entry per event-loop turn (setImmediate: pending
 * input is read before each), then call `done` in a turn of its own. Entries already built,
 * and unprinted ones, are skipped. Returns a cancel.
 */
export function prepareInTurns(entries: readonly Entry[], o: EntryRenderOptions, done: () => void): () => void {
  const key = keyOf(o);
  let next = 0;
  const buildNext = (): void => {
    while (next < entries.length) {
      const e = entries[next];
      next += 1;
      if (e === undefined || e.unprinted || prepared.get(e)?.key === key) continue;
      prepared.set(e, { key, lines: entryLines(e, o) });
      handle = setImmediate(buildNext);
      return;
    }
    done();
  };
  let handle = setImmediate(buildNext);
  return () => clearImmediate(handle);
}
