// How much streaming text the live area may hold, derived from the terminal's size.
import type { CommitLimits } from "./transcript.js";
import type { TuiState } from "./types.js";

/** How tall the streaming text may get before its stable prefix is committed. */
export function commitLimits(s: TuiState): CommitLimits {
  return { width: Math.max(20, s.ui.columns - 2), maxLiveRows: Math.max(3, Math.floor(s.ui.rows / 4)) };
}
