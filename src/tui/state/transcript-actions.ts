// Local actions on the transcript: notices, interruptions, `!cmd` runs, a session's history
// (printed tail and older entries) and what has been printed into scrollback.
import type { TuiAction } from "./actions.js";
import { boundOutput } from "./bounded-text.js";
import { commitLimits } from "./commit-limits.js";
import {
  appendEntries,
  appendNotice,
  insertEntriesBefore,
  interruptTranscript,
  type EntryInput,
} from "./transcript.js";
import type { TuiState } from "./types.js";

export type TranscriptAction = Extract<
  TuiAction,
  {
    type:
      | "notice"
      | "interrupted"
      | "bash_started"
      | "bash_finished"
      | "history"
      | "history_older"
      | "printed"
      | "session_shown";
  }
>;

/** A resumed session's earlier entries, inserted unprinted before its printed tail. */
function insertOlder(s: TuiState, entries: EntryInput[], before: number): TuiState {
  const { transcript, at } = insertEntriesBefore(s.transcript, entries, before);
  if (at === undefined) return s;
  // The print limit frozen while the transcript view is up counts positions: move it past them.
  const view = s.ui.transcriptView;
  const ui =
    view && at < view.staticCount
      ? { ...s.ui, transcriptView: { staticCount: view.staticCount + entries.length } }
      : s.ui;
  return { ...s, transcript, ui };
}

/** A `!cmd` ended: its output becomes a transcript entry. */
function finishBash(s: TuiState, a: Extract<TuiAction, { type: "bash_finished" }>): TuiState {
  const b = s.transcript.bash;
  if (!b) return s;
  const t = appendEntries({ ...s.transcript, bash: undefined }, [
    {
      kind: "bash",
      command: b.command,
      output: boundOutput(a.output ?? b.output),
      exitCode: a.exitCode,
      cancelled: a.cancelled,
    },
  ]);
  return { ...s, transcript: t };
}

export function reduceTranscriptAction(s: TuiState, a: TranscriptAction): TuiState {
  switch (a.type) {
    case "notice":
      return { ...s, transcript: appendNotice(s.transcript, a.level, a.text) };
    case "interrupted":
      return { ...s, transcript: interruptTranscript(s.transcript, a.now, commitLimits(s), a.reason) };
    case "bash_started":
      return { ...s, transcript: { ...s.transcript, bash: { command: a.command, output: "", startedAt: a.now } } };
    case "bash_finished":
      return finishBash(s, a);
    case "history": {
      const olderBefore = a.olderFollow === true && a.entries.length > 0 ? s.transcript.nextId : undefined;
      return { ...s, transcript: { ...appendEntries(s.transcript, a.entries), olderBefore } };
    }
    case "history_older":
      return insertOlder(s, a.entries, a.before);
    case "printed":
      return s.transcript.printedThrough === a.through
        ? s
        : { ...s, transcript: { ...s.transcript, printedThrough: a.through } };
    case "session_shown":
      return { ...s, transcript: { ...s.transcript, shownSession: a.session } };
    default: {
      const never: never = a;
      return never;
    }
  }
}
