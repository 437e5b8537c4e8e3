// The run that goes on behind an open picker: while the agent works, the rows a picker leaves free
// show what the live region would (the streaming tail, the running tools, the working line), so a
// question asked mid-run ("Leave it running?", a model picker) never hides the run it is about.
import type React from "react";
import { Lines } from "../components/lines.js";
import { usePalette } from "../components/use-palette.js";
import { useNow } from "../components/use-now.js";
import { runningToolLines, statusLine, streamLines } from "../render/live-lines.js";
import type { TuiState } from "../state/types.js";
import { useTuiState } from "../state/use-store.js";

const selectAll = (s: TuiState): TuiState => s;

/** At most `maxRows` rows: the working line first, then the running tools, then the stream's tail. */
export function RunBehind({ width, maxRows }: { width: number; maxRows: number }): React.ReactElement | null {
  const s = useTuiState(selectAll);
  const palette = usePalette();
  const busy = s.run.busy;
  const now = useNow(busy);
  if (!busy || maxRows <= 0) return null;
  const status = statusLine(s, now, width).slice(0, maxRows);
  const tools = runningToolLines(s, now, width, Math.floor((maxRows - status.length) / 2));
  const room = maxRows - status.length - tools.length;
  const stream = streamLines(s.transcript.live, width, room, s.ui.showThinking, palette).slice(-Math.max(0, room));
  return <Lines lines={[...(room > 0 ? stream : []), ...tools, ...status]} />;
}
