// Committed transcript: each entry is rendered once into <Static> at the width of that moment
// and never re-rendered (Ink keeps it in the terminal's scrollback). A long backlog (a resumed
// session) is printed in chunks of bounded work, one render each, so keys are read between
// chunks; while a chunk is on screen the next one's rows are built an entry per event-loop turn
// (render/prepared-lines.ts), so its render only lays them out. Entries appended meanwhile
// print after it, in order. Entries inserted before the printed ones (a resumed session's
// earlier, unprinted messages) are never printed.
// While the transcript view has the alternate screen, new entries wait and print when it closes.
import { Static } from "ink";
import type React from "react";
import { useEffect, useMemo, useState } from "react";
import type { EntryRenderOptions } from "../render/entry-lines.js";
import { nextPrintEnd } from "../render/print-budget.js";
import { prepareInTurns } from "../render/prepared-lines.js";
import type { Entry } from "../state/types.js";
import { useStore, useTuiState } from "../state/use-store.js";
import { EntryView } from "./entry-view.js";
import { usePalette } from "./use-palette.js";

/**
 * Work per chunk whose rows are built in the render that prints it (see render/print-budget.ts):
 * entries committed while an answer streams (printed as they leave the live region; a single
 * entry always prints whole) and the first chunk of a backlog, which renders in the same task
 * as the worker's answer that brought it. bench/resume.mjs, alternated, load 4.3-5.0: worst
 * echo 85/122/153/96 ms at 3,000, 122/79/81/75 ms at 1,000, the first full screen unchanged.
 */
const CHUNK_BUDGET = 1000;
/** Work per chunk of a backlog whose rows were built ahead: its render only lays them out. */
const PREPARED_CHUNK_BUDGET = 3000;

/**
 * `through`: the last entry printed (found again by identity: a resumed session's earlier,
 * unprinted entries are inserted before its tail later, which moves positions). `draining`: a
 * backlog is being printed, each chunk once its rows are built; nothing else prints meanwhile.
 */
type Printing = { through: Entry | undefined; draining: boolean };

export function Transcript(): React.ReactElement {
  const committed = useTuiState((s) => s.transcript.committed);
  const width = useTuiState((s) => s.ui.columns);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const toolsExpanded = useTuiState((s) => s.ui.toolsExpanded);
  const palette = usePalette();
  const links = useTuiState((s) => s.ui.links);
  const options = useMemo<EntryRenderOptions>(
    () => ({ width, showThinking, toolsExpanded, palette, ...(links ? { links } : {}) }),
    [width, showThinking, toolsExpanded, palette, links],
  );
  const [{ through, draining }, setPrinting] = useState<Printing>({ through: undefined, draining: false });
  const store = useStore();
  // A resumed session's earlier messages wait for its tail to be on screen (open-session.ts).
  const olderWait = useTuiState((s) => s.transcript.olderBefore !== undefined);
  useEffect(() => {
    if (olderWait && through !== undefined) store.dispatch({ type: "printed", through: through.id });
  }, [olderWait, through, store]);
  const printed = through === undefined ? 0 : committed.lastIndexOf(through) + 1;
  const end = draining ? printed : nextPrintEnd(committed, printed, CHUNK_BUDGET);
  const last = end > printed ? committed[end - 1] : undefined;
  useEffect(() => {
    if (end >= committed.length) {
      if (last === undefined) return;
      // All printed: remember where, once it reached the terminal.
      const handle = setImmediate(() => setPrinting({ through: last, draining: false }));
      return () => clearImmediate(handle);
    }
    // More than a chunk was waiting: build the next chunk's rows while this one is on screen
    // (keys are read between entries), then print it.
    const upTo = nextPrintEnd(committed, end, PREPARED_CHUNK_BUDGET);
    return prepareInTurns(committed.slice(end, upTo), options, () =>
      setPrinting({ through: committed[upTo - 1], draining: upTo < committed.length }),
    );
  }, [committed, end, last, options]);
  // Entries kept only for the transcript view never reach <Static>: thousands of empty
  // children would make React search past all of them for every entry it inserts.
  // The review (/diff) is on the alternate screen too.
  const frozenAt = useTuiState((s) => s.ui.transcriptView?.staticCount ?? s.review?.staticCount);
  const upTo = frozenAt === undefined ? end : Math.min(end, frozenAt);
  const items = useMemo(() => committed.slice(0, upTo).filter((e) => !e.unprinted), [committed, upTo]);
  return (
    <Static items={items as Entry[]}>{(entry) => <EntryView key={entry.id} entry={entry} options={options} />}</Static>
  );
}
