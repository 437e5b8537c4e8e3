// The terminal window title: "agent-tui · <session name or folder> · <state>", so a glance at
// a tab tells whether the agent is working, waiting for an answer (a dialog) or idle. An
// extension's title (setTitle) takes the name's place; a remote worker that has not said where
// it works yet is named by its host; fleet sessions waiting on a question are counted first
// ("agent-tui · 2 waiting · …"). Sanitised by the terminal module.
import { basename } from "node:path";
import type { TuiState } from "../state/types.js";

export function terminalTitle(s: TuiState): string {
  const folder = basename(s.footer.cwd) || s.footer.cwd;
  const name = s.ui.title ?? s.footer.sessionName ?? (folder !== "" ? folder : (s.footer.host ?? "?"));
  const state = s.dialogs.length > 0 ? "needs you" : s.run.busy || s.transcript.bash !== undefined ? "working" : "idle";
  const waiting = s.ui.fleetWaiting > 0 ? ` · ${s.ui.fleetWaiting} waiting` : "";
  return `agent-tui${waiting} · ${name} · ${state}`;
}
