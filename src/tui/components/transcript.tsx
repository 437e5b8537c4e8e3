// Committed transcript: each entry is rendered once into <Static> at the width of that moment
// and never re-rendered (Ink keeps it in the terminal's scrollback). A long backlog (a resumed
// session) is printed in chunks of bounded work, one render each, so keys are read between
// chunks; entries appended meanwhile print after it, in order. Entries inserted before the
// printed ones (a resumed session's earlier, unprinted messages) are never printed.
// While the transcript view has the alternate screen, new entries wait and print when it closes.
import { Static } from "ink";
import type React from "react";
import { useEffect, useMemo, useState } from "react";
import { nextPrintEnd } from "../render/print-budget.js";
import type { Entry } from "../state/types.js";
import { useTuiState } from "../state/use-store.js";
import { EntryView } from "./entry-view.js";

/**
 * Work per printed chunk (see render/print-budget.ts), a third of its default: the first chunk
 * of a resumed session renders in the same task as the worker's answer that brought it, so a
 * smaller one answers keys sooner (bench/resume.mjs, load 5: worst echo 727 -> 370 ms, first
 * screen unchanged).
 */
const CHUNK_BUDGET = 8000;

export function Transcript(): React.ReactElement {
  const committed = useTuiState((s) => s.transcript.committed);
  const columns = useTuiState((s) => s.ui.columns);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const toolsExpanded = useTuiState((s) => s.ui.toolsExpanded);
  // The last entry of the chunks printed so far, found again by identity: a resumed session's
  // earlier (unprinted) entries are inserted before its tail later, which moves positions.
  const [lastPrinted, setLastPrinted] = useState<Entry | undefined>(undefined);
  const printed = lastPrinted === undefined ? 0 : committed.lastIndexOf(lastPrinted) + 1;
  const end = nextPrintEnd(committed, printed, CHUNK_BUDGET);
  const next = end > printed ? committed[end - 1] : undefined;
  useEffect(() => {
    if (next === undefined) return;
    // The next chunk after this one reached the terminal and pending input was read.
    const timer = setTimeout(() => setLastPrinted(next), 0);
    return () => clearTimeout(timer);
  }, [next]);
  // Entries kept only for the transcript view never reach <Static>: thousands of empty
  // children would make React search past all of them for every entry it inserts.
  const frozenAt = useTuiState((s) => s.ui.transcriptView?.staticCount);
  const upTo = frozenAt === undefined ? end : Math.min(end, frozenAt);
  const items = useMemo(() => committed.slice(0, upTo).filter((e) => !e.unprinted), [committed, upTo]);
  return (
    <Static items={items as Entry[]}>{(entry) => <EntryView key={entry.id} entry={entry} options={{ width: columns, showThinking, toolsExpanded }} />}</Static>
  );
}
