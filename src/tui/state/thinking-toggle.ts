// The thinking toggle (Ctrl+T, /settings, the saved setting at start-up) as a pure state change.
import { appendNotice } from "./transcript.js";
import type { TuiState } from "./types.js";

/**
 * Show or hide thinking. Scrollback already written cannot be redrawn (pi rebuilds its whole
 * chat instead): the live region and the transcript view follow at once, and, for the key, a
 * notice line says which way it went.
 */
export function toggleThinking(s: TuiState, announce: boolean): TuiState {
  const showThinking = !s.ui.showThinking;
  const ui = { ...s.ui, showThinking };
  if (!announce) return { ...s, ui };
  const text = showThinking ? "Thinking shown (ctrl+t hides it)" : "Thinking hidden (ctrl+t shows it)";
  return { ...s, ui, transcript: appendNotice(s.transcript, "info", text) };
}
