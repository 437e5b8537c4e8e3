// Root reducer: (state, action) -> state. Pure and total; delegates to slice reducers and
// ends every switch in an exhaustiveness check.
import type { ClientEvent, SessionSnapshot } from "../../bridge/index.js";
import type { TuiAction } from "./actions.js";
import { reducePicker } from "./picker-state.js";
import { initialEditor, reduceEditor } from "./editor.js";
import {
  appendEntries,
  appendNotice,
  initialTranscript,
  insertEntriesBefore,
  interruptTranscript,
  reduceTranscript,
  type CommitLimits,
  type EntryInput,
} from "./transcript.js";
import type { FooterState, NoticeLevel, RunState, TuiState } from "./types.js";
import type { UiRequest } from "./ui-requests.js";
import { boundOutput } from "./bounded-text.js";
import { flushFailure, reduceFailure } from "./failures.js";
import { toggleThinking } from "./thinking-toggle.js";
import { formatCount } from "./format-count.js";
import { UNSAVED_ANSWER, workerDiedText } from "./worker-death.js";

const TOAST_MS = 5000;
/** Ctrl+C twice within this window on an empty editor exits. */
export const EXIT_WINDOW_MS = 1000;

export function createInitialState(columns = 80, rows = 24): TuiState {
  return {
    transcript: initialTranscript,
    run: {
      busy: false,
      startedAt: undefined,
      retry: undefined,
      compaction: undefined,
      compactionsStarted: 0,
      lastCompactionReason: undefined,
    },
    queue: { steering: [], followUp: [] },
    // Until the capabilities say otherwise every command is taken as supported.
    worker: { commands: {}, supervisor: undefined, lastExit: undefined, live: undefined, slashCommands: [] },
    todos: [],
    dialogs: [],
    toasts: [],
    widgets: {},
    footer: {
      cwd: "",
      host: undefined,
      branch: undefined,
      sessionName: undefined,
      model: undefined,
      provider: undefined,
      contextWindow: undefined,
      reasoning: false,
      thinkingLevel: undefined,
      tokensIn: 0,
      tokensOut: 0,
      cost: 0,
      lastContextTokens: undefined,
      statuses: {},
      worker: "starting",
      workerDetail: undefined,
    },
    editor: initialEditor,
    completion: undefined,
    picker: undefined,
    ui: {
      columns,
      rows,
      showThinking: true,
      toolsExpanded: false,
      title: undefined,
      exitArmedAt: undefined,
      exitRequested: false,
      overlay: undefined,
      transcriptView: undefined,
    },
  };
}

/** How tall the streaming text may get before its stable prefix is committed. */
export function commitLimits(s: TuiState): CommitLimits {
  return { width: Math.max(20, s.ui.columns - 2), maxLiveRows: Math.max(3, Math.floor(s.ui.rows / 4)) };
}

function reduceRun(run: RunState, e: ClientEvent, now: number): RunState {
  switch (e.type) {
    case "agent_start":
      // The worker's own clock when it says (a live run joined midway), else from now; a retry
      // stays known until its verdict (auto_retry_end): the retried attempt shows it.
      if (e.runningMs !== undefined) return { ...run, busy: true, startedAt: now - e.runningMs };
      return { ...run, busy: true, startedAt: run.busy && run.startedAt !== undefined ? run.startedAt : now };
    case "agent_end":
      // Without agent_settled (pi 0.73) the bridge's run_state notice decides; willRetry keeps us busy.
      return e.willRetry === true ? run : { ...run, busy: false, startedAt: undefined };
    case "agent_settled":
      return { ...run, busy: false, startedAt: undefined, retry: undefined };
    case "auto_retry_start":
      return {
        ...run,
        busy: true,
        retry: { attempt: e.attempt, maxAttempts: e.maxAttempts, until: now + e.delayMs, error: e.error },
      };
    case "auto_retry_end":
      return { ...run, retry: undefined, busy: e.success ? run.busy : false };
    case "compaction_start":
      return {
        ...run,
        compaction: { reason: e.reason, startedAt: now },
        compactionsStarted: run.compactionsStarted + 1,
        lastCompactionReason: e.reason,
      };
    case "compaction_end":
      return { ...run, compaction: undefined };
    default:
      return run;
  }
}

function reduceFooterEvent(f: FooterState, e: ClientEvent): FooterState {
  switch (e.type) {
    case "message_end": {
      const u = e.message.usage;
      if (e.message.role !== "assistant" || !u) return f;
      return {
        ...f,
        tokensIn: f.tokensIn + u.input + u.cacheRead,
        tokensOut: f.tokensOut + u.output,
        cost: f.cost + u.costTotal,
        lastContextTokens: u.totalTokens > 0 ? u.totalTokens : f.lastContextTokens,
      };
    }
    case "session_info_changed":
      return { ...f, sessionName: e.name };
    case "thinking_level_changed":
      return { ...f, thinkingLevel: e.level };
    default:
      return f;
  }
}

function eventNotice(s: TuiState, e: ClientEvent): TuiState {
  const t = s.transcript;
  const add = (level: "info" | "warning" | "error", text: string): TuiState => ({
    ...s,
    transcript: appendNotice(t, level, text),
  });
  switch (e.type) {
    case "compaction_end": {
      const reason = e.reason ?? s.run.lastCompactionReason ?? "threshold";
      // The worker's error already says "Compaction failed": one line says it once.
      if (e.error)
        return add("error", `Compaction (${reason}) failed: ${e.error.replace(/^Compaction failed:\s*/i, "")}`);
      if (e.aborted) return add("warning", `Compaction (${reason}) aborted`);
      // oh-my-pi ends every skipped threshold check with a bare compaction_end: nothing happened.
      if (!e.hasResult) return s;
      const before = e.tokensBefore !== undefined ? ` from ${formatCount(e.tokensBefore)} tokens` : "";
      const text = `Context compacted (${reason})${before}${e.willRetry ? "; retrying the request" : ""}`;
      return {
        ...s,
        transcript: appendEntries(t, [
          { kind: "notice", level: "info", text, ...(e.summary ? { detail: e.summary } : {}) },
        ]),
      };
    }
    case "ttsr_triggered":
      return add("info", `Rule applied: ${e.rules.join(", ")}`);
    case "todo_reminder":
      return add("info", `Reminder ${e.attempt}/${e.maxAttempts}: ${e.todos.length} unfinished todo(s)`);
    case "extension_error":
      // pi names a command's handler "command:<name>" with the event "command": said once.
      return add(
        "warning",
        `Extension error (${e.path === e.event || e.path.startsWith(`${e.event}:`) ? e.path : `${e.path}, ${e.event}`}): ${e.error}`,
      );
    default:
      return s;
  }
}

function reduceAgentEvent(s: TuiState, e: ClientEvent, now: number): TuiState {
  let next: TuiState = {
    ...s,
    // A failed answer may be retried: its error waits for the verdict (failures.ts).
    transcript: reduceTranscript(s.transcript, e, now, commitLimits(s), { holdFailure: true }),
    run: reduceRun(s.run, e, now),
    footer: reduceFooterEvent(s.footer, e),
  };
  if (e.type === "queue_update") next = { ...next, queue: { steering: e.steering, followUp: e.followUp } };
  if (e.type === "tool_execution_end" && e.todos) next = { ...next, todos: e.todos };
  if (e.type === "todo_auto_clear") {
    const todos = next.todos
      .map((p) => ({ ...p, tasks: p.tasks.filter((t) => t.status !== "completed" && t.status !== "abandoned") }))
      .filter((p) => p.tasks.length > 0);
    next = { ...next, todos };
  }
  next = reduceFailure(s, next, e);
  return eventNotice(e.type === "thinking_level_changed" ? noteSettingChanges(next, s.footer) : next, e);
}

/** A transient hint; the same hint again replaces the shown one and counts, never stacks. */
function addToast(s: TuiState, level: NoticeLevel, text: string, now: number, ttlMs: number): TuiState {
  const same = s.toasts.find((t) => t.text === text && t.level === level && t.until > now);
  const others = s.toasts.filter((t) => t !== same);
  const toast = { id: now + s.toasts.length / 1000, level, text, until: now + ttlMs, count: (same?.count ?? 0) + 1 };
  return { ...s, toasts: [...others, toast].slice(-3) };
}

function reduceUiRequest(s: TuiState, r: UiRequest, now: number): TuiState {
  switch (r.kind) {
    case "dialog":
      return { ...s, dialogs: [...s.dialogs.filter((d) => d.id !== r.dialog.id), r.dialog] };
    case "notify":
      // A notification is kept whole in the transcript: a toast would cut it to one row and
      // then take it away. Toasts are for our own transient hints.
      return { ...s, transcript: appendNotice(s.transcript, r.level, r.message) };
    case "status": {
      const { [r.key]: _old, ...rest } = s.footer.statuses;
      void _old;
      return { ...s, footer: { ...s.footer, statuses: r.text === undefined ? rest : { ...rest, [r.key]: r.text } } };
    }
    case "widget": {
      const { [r.key]: _old, ...rest } = s.widgets;
      void _old;
      return {
        ...s,
        widgets: r.lines === undefined ? rest : { ...rest, [r.key]: { lines: r.lines, placement: r.placement } },
      };
    }
    case "title":
      return { ...s, ui: { ...s.ui, title: r.title } };
    case "editor_text": {
      const next = { ...s, editor: reduceEditor(s.editor, { op: "set", text: r.text, keepUndo: true }) };
      // Unsent text is never dropped silently: say how to get it back.
      if (s.editor.text === "" || s.editor.text === r.text) return next;
      return addToast(next, "info", "An extension replaced the editor text · ctrl+_ restores yours", now, TOAST_MS);
    }
    case "cancel":
      return { ...s, dialogs: s.dialogs.filter((d) => d.id !== r.targetId) };
    case "unknown":
      return s;
    default: {
      const never: never = r;
      return never;
    }
  }
}

/**
 * One transcript line when the model or the thinking level changed (Shift+Tab, Ctrl+P, /model,
 * /thinking, an extension, a resumed session): the footer alone is easy to miss. Nothing on the
 * first snapshot, which only tells what the session started with.
 */
function noteSettingChanges(s: TuiState, before: FooterState): TuiState {
  const f = s.footer;
  let t = s.transcript;
  if (
    before.model !== undefined &&
    f.model !== undefined &&
    (before.model !== f.model || before.provider !== f.provider)
  ) {
    t = appendNotice(t, "info", `Model: ${f.model}${f.provider ? ` (${f.provider})` : ""}`);
  }
  if (before.thinkingLevel !== undefined && f.thinkingLevel !== undefined && before.thinkingLevel !== f.thinkingLevel) {
    t = appendNotice(t, "info", `Thinking level: ${f.thinkingLevel}`);
  }
  return t === s.transcript ? s : { ...s, transcript: t };
}

function applySnapshot(s: TuiState, snap: SessionSnapshot): TuiState {
  const footer: FooterState = {
    ...s.footer,
    model: snap.model?.name ?? snap.model?.id ?? s.footer.model,
    provider: snap.model?.provider ?? s.footer.provider,
    contextWindow: snap.model?.contextWindow ?? s.footer.contextWindow,
    reasoning: snap.model?.reasoning ?? s.footer.reasoning,
    thinkingLevel: snap.thinkingLevel ?? s.footer.thinkingLevel,
    sessionName: snap.sessionName,
  };
  return noteSettingChanges({ ...s, footer, todos: snap.todoPhases ?? s.todos }, s.footer);
}

/** The worker's state in the footer, and what entering a new state does to the transcript. */
function reduceWorkerStatus(s: TuiState, a: Extract<TuiAction, { type: "worker_status" }>): TuiState {
  // A session taken over by another terminal ends our link (the supervisor says `stopped`) while
  // its worker runs on there: the footer keeps saying where it went.
  if (s.footer.worker === "taken_over" && a.status === "stopped") return s;
  const footer = { ...s.footer, worker: a.status, workerDetail: a.detail };
  // One notice per crash: the supervisor reports `exited` and then, when it gives up,
  // `failed` for the same exit (both map to "crashed"); recovery adds what to do next.
  const entering = s.footer.worker !== a.status;
  if (!entering) return { ...s, footer };
  if (a.status === "restarting") {
    const run = { ...s.run, busy: false, startedAt: undefined, retry: undefined };
    const t = flushFailure(s).transcript;
    // After a death the footer says it: the death was said once, and the restart's end says
    // what came back (recovery.ts).
    if (s.footer.worker === "crashed") return { ...s, footer, dialogs: [], run, transcript: t };
    return { ...s, footer, dialogs: [], run, transcript: appendNotice(t, "info", "Restarting the worker…") };
  }
  if (a.status === "reconnecting") {
    // The run goes on in the worker: keep the message being streamed and the running tools;
    // its dialogs come back with the reconnect.
    // Whether it still runs is not known until the reconnect finds it (live-notices.ts says which).
    const text = "Lost the link to the worker. Reconnecting…";
    return { ...s, footer, dialogs: [], transcript: appendNotice(s.transcript, "warning", text) };
  }
  if (a.status === "crashed") {
    // Dialogs of a dead worker can never be answered; running tools are cut off.
    const t = flushFailure(s).transcript;
    const cut = s.run.busy || t.live !== undefined || t.toolOrder.length > 0;
    const died = workerDiedText(a.detail, cut);
    // The partial answer, its not-saved mark, then the death; or the death alone.
    const marked = cut ? interruptTranscript(t, a.now, commitLimits(s), died, UNSAVED_ANSWER) : undefined;
    const transcript = marked ?? appendNotice(t, "error", died);
    return {
      ...s,
      footer,
      transcript,
      dialogs: [],
      run: { ...s.run, busy: false, startedAt: undefined, retry: undefined },
    };
  }
  return { ...s, footer };
}

/** Toasts past their time go, and an exit armed longer than the window is disarmed. */
function expireTimed(s: TuiState, now: number): TuiState {
  const toasts = s.toasts.filter((t) => t.until > now);
  const exitArmedAt =
    s.ui.exitArmedAt !== undefined && now - s.ui.exitArmedAt > EXIT_WINDOW_MS ? undefined : s.ui.exitArmedAt;
  if (toasts.length === s.toasts.length && exitArmedAt === s.ui.exitArmedAt) return s;
  return { ...s, toasts, ui: { ...s.ui, exitArmedAt } };
}

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

/** The TUI reducer. */
export function reduce(s: TuiState, a: TuiAction): TuiState {
  switch (a.type) {
    case "agent_event":
      return reduceAgentEvent(s, a.event, a.now);
    case "ui_request":
      return reduceUiRequest(s, a.request, a.now);
    case "dialog_closed":
      return { ...s, dialogs: s.dialogs.filter((d) => d.id !== a.id) };
    case "worker_status":
      return reduceWorkerStatus(s, a);
    case "run_state":
      if (a.busy) return { ...s, run: { ...s.run, busy: true, startedAt: s.run.startedAt ?? a.now } };
      // Settled (pi 0.73 has no agent_settled): a failure nobody retried is printed now.
      return flushFailure({ ...s, run: { ...s.run, busy: false, startedAt: undefined, retry: undefined } });
    case "snapshot":
      return applySnapshot(s, a.snapshot);
    case "notice":
      return { ...s, transcript: appendNotice(s.transcript, a.level, a.text) };
    case "toast":
      return addToast(s, a.level, a.text, a.now, a.ttlMs ?? TOAST_MS);
    case "tick":
      return expireTimed(s, a.now);
    case "resize":
      if (a.columns === s.ui.columns && a.rows === s.ui.rows) return s;
      return { ...s, ui: { ...s.ui, columns: a.columns, rows: a.rows } };
    case "editor":
      return { ...s, editor: reduceEditor(s.editor, a.op) };
    case "toggle_thinking":
      return toggleThinking(s, a.announce === true);
    case "toggle_tools":
      return { ...s, ui: { ...s.ui, toolsExpanded: !s.ui.toolsExpanded } };
    case "exit_armed":
      return { ...s, ui: { ...s.ui, exitArmedAt: a.at } };
    case "exit_requested":
      return { ...s, ui: { ...s.ui, exitRequested: a.frame } };
    case "bash_started":
      return { ...s, transcript: { ...s.transcript, bash: { command: a.command, output: "", startedAt: a.now } } };
    case "bash_finished":
      return finishBash(s, a);
    case "overlay":
      return { ...s, ui: { ...s.ui, overlay: a.name } };
    case "transcript_view":
      if (a.open === (s.ui.transcriptView !== undefined)) return s;
      return {
        ...s,
        ui: { ...s.ui, transcriptView: a.open ? { staticCount: s.transcript.committed.length } : undefined },
      };
    case "workspace":
      return { ...s, footer: { ...s.footer, cwd: a.cwd, branch: a.branch, host: a.host } };
    case "todos":
      return { ...s, todos: a.phases };
    case "interrupted":
      return { ...s, transcript: interruptTranscript(s.transcript, a.now, commitLimits(s), a.reason) };
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
    case "session_totals": {
      const t = a.totals;
      return {
        ...s,
        footer: {
          ...s.footer,
          tokensIn: t.tokensIn,
          tokensOut: t.tokensOut,
          cost: t.cost,
          lastContextTokens: t.contextTokens,
        },
      };
    }
    case "worker_info":
      return { ...s, worker: { ...s.worker, ...a.info } };
    case "live_ended":
      return s.worker.live ? { ...s, worker: { ...s.worker, live: { ...s.worker.live, ended: a.reason } } } : s;
    case "completion":
      return { ...s, completion: a.menu };
    case "completion_move":
      return s.completion
        ? { ...s, completion: { ...s.completion, list: reducePicker(s.completion.list, { op: a.direction }) } }
        : s;
    case "picker":
      return { ...s, picker: a.state };
    default: {
      const never: never = a;
      return never;
    }
  }
}
