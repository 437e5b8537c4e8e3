// Committed transcript: each entry is rendered once into <Static> at the width of that moment
// and never re-rendered (Ink keeps it in the terminal's scrollback). While the transcript view
// has the alternate screen, new entries wait and are printed when it closes.
import type React from "react";
import { useMemo } from "react";
import { Static } from "ink";
import { useTuiState } from "../state/use-store.js";
import type { Entry } from "../state/types.js";
import { EntryView } from "./entry-view.js";

export function Transcript(): React.ReactElement {
  const committed = useTuiState((s) => s.transcript.committed);
  const epoch = useTuiState((s) => s.ui.staticEpoch);
  const columns = useTuiState((s) => s.ui.columns);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const toolsExpanded = useTuiState((s) => s.ui.toolsExpanded);
  const frozenAt = useTuiState((s) => s.ui.transcriptView?.staticCount);
  const items = useMemo(() => (frozenAt === undefined ? committed : committed.slice(0, frozenAt)), [committed, frozenAt]);
  return (
    <Static key={epoch} items={items as Entry[]}>
      {(entry) => <EntryView key={entry.id} entry={entry} options={{ width: columns, showThinking, toolsExpanded }} />}
    </Static>
  );
}
