// Committed transcript: each entry is rendered once into <Static> at the width of that moment
// and never re-rendered (Ink keeps it in the terminal's scrollback).
import React from "react";
import { Static } from "ink";
import { entryLines } from "../render/entry-lines.js";
import { useTuiState } from "../state/use-store.js";
import type { Entry } from "../state/types.js";
import { Lines } from "./lines.js";

export function Transcript(): React.ReactElement {
  const committed = useTuiState((s) => s.transcript.committed);
  const epoch = useTuiState((s) => s.ui.staticEpoch);
  const columns = useTuiState((s) => s.ui.columns);
  const showThinking = useTuiState((s) => s.ui.showThinking);
  const toolsExpanded = useTuiState((s) => s.ui.toolsExpanded);
  return (
    <Static key={epoch} items={committed as Entry[]}>
      {(entry) => <Lines key={entry.id} lines={entryLines(entry, { width: columns, showThinking, toolsExpanded })} />}
    </Static>
  );
}
