// Controller: turns user intents into bridge calls. It reads state to decide prompt vs steer
// vs follow-up vs abort, routes slash commands and `!cmd`, and answers dialogs. The only
// place (with main.ts) that performs effects.
import { type CopyResult, describeCopy } from "./clipboard.js";
import { BUILTIN_COMMANDS, findCommand, parseSlash, type SlashCommand, type SlashContext } from "./slash-registry.js";
import type { TuiConnection } from "./bridge-notices.js";
import { createCompletionKeys } from "./completion/completion-keys.js";
import { editingOp, isEditingAction } from "./editing-actions.js";
import { createHistorySearchKeys } from "./history-search-keys.js";
import type { EditorAction } from "./keymap.js";
import { expandPastes } from "./state/paste.js";
import { EXIT_WINDOW_MS } from "./state/reducer.js";
import type { Store } from "./state/store.js";
import { toSessionSnapshot, type UiResponse } from "../bridge/index.js";

export type ControllerOptions = {
  store: Store;
  connection: TuiConnection;
  /** Ask the app to exit (unmount Ink, stop the worker, restore the terminal). */
  exit: () => void;
  /** Extra slash commands (src/tui/slash); they take precedence over built-ins with the same name. */
  slashCommands?: SlashCommand[];
  /** Puts text on the clipboard (OSC 52 and friends, see clipboard.ts). */
  copy?: (text: string) => Promise<CopyResult>;
  /** Leave on purpose while a live worker keeps running (/detach, its key). */
  detach?: () => void;
  /** Ctrl+Z: suspend to the shell; false where there is no job control. */
  suspend?: () => boolean;
  /** Keeps each sent prompt in this project's history (prompt-history.ts). */
  recordPrompt?: (text: string) => void;
  /** Opens $VISUAL/$EDITOR on `text`; resolves with the edited text or undefined. */
  openExternalEditor?: (text: string) => Promise<string | undefined>;
  now?: () => number;
};

export type Controller = {
  /** Run a named editor action (from the keymap). */
  run(action: EditorAction): void;
  /** Insert typed or pasted text into the editor. */
  insertText(text: string): void;
  /** Send the editor text: "auto" = prompt when idle, steer while busy; "follow_up" queues. */
  submit(mode: "auto" | "follow_up"): Promise<void>;
  abort(): Promise<void>;
  answerDialog(id: string, response: UiResponse): void;
  /** Copy `text`; resolves with one line saying what was done with `what`. */
  copy(text: string, what: string): Promise<string>;
  /** Slash commands known to the controller (for help / completion). */
  commands(): readonly SlashCommand[];
};

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createController(options: ControllerOptions): Controller {
  const { store, connection } = options;
  const now = options.now ?? (() => Date.now());
  const commands: SlashCommand[] = [...(options.slashCommands ?? []), ...BUILTIN_COMMANDS];
  const notice = (text: string, level: "info" | "warning" | "error" = "info"): void => store.dispatch({ type: "notice", level, text });
  const toast = (text: string, level: "info" | "warning" | "error" = "info"): void => store.dispatch({ type: "toast", level, text, now: now() });
  const setEditorText = (text: string): void => store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true } });
  const slashContext: SlashContext = { store, connection, exit: options.exit, setEditorText, notice };

  const failed =
    (what: string, text: string | undefined) =>
    (error: unknown): void => {
      notice(`${what} failed: ${describe(error)}`, "error");
      // Give the text back so nothing typed is lost, unless the user already typed something new.
      if (text !== undefined && store.getState().editor.text === "") setEditorText(text);
    };

  const runBash = async (command: string, excludeFromContext: boolean): Promise<void> => {
    store.dispatch({ type: "bash_started", command, now: now() });
    try {
      const r = await connection.rpc.bash(command, excludeFromContext ? { excludeFromContext } : undefined);
      store.dispatch({ type: "bash_finished", output: r.output, exitCode: r.exitCode, cancelled: r.cancelled });
    } catch (error) {
      store.dispatch({ type: "bash_finished", output: undefined, exitCode: undefined, cancelled: true });
      notice(`!${command} failed: ${describe(error)}`, "error");
    }
  };

  // A message sent while the worker is (re)starting stays in the editor and is sent once it is
  // ready; if it never gets ready, it stays there and the user is told why.
  const startingUp = (): boolean => {
    const snap = connection.getSnapshot();
    return snap.supervisor === "starting" || snap.supervisor === "recovering" || (snap.supervisor === "stopped" && snap.generation === 0);
  };
  let held = false;
  const holdUntilReady = (text: string, mode: "auto" | "follow_up"): void => {
    toast(
      held
        ? "The worker is still starting; your message will be sent when it is ready"
        : "The worker is starting: your message stays here and is sent when it is ready",
    );
    if (held) return;
    held = true;
    // Supervisor changes reach the store as worker_status: re-check on every store update.
    const off = store.subscribe(() => {
      if (startingUp()) return;
      off();
      held = false;
      const supervisor = connection.getSnapshot().supervisor;
      if (supervisor !== "running") notice(`Not sent: the worker did not start (${supervisor}). Your message is still in the editor.`, "warning");
      else if (store.getState().editor.text !== text) notice("Not sent: the editor changed while the worker started. Press Enter to send it.");
      else void submit(mode);
    });
  };

  const submit = async (mode: "auto" | "follow_up"): Promise<void> => {
    const s = store.getState();
    // Big pastes are markers in the editor; what is sent (and remembered) is what was pasted.
    const text = expandPastes(s.editor.text, s.editor.pastes);
    if (text.trim() === "") return;
    // Our own slash commands run now; anything for the worker waits for it.
    const parsed = parseSlash(text);
    const ownCommand = parsed ? findCommand(commands, parsed.name) : undefined;
    if (!ownCommand && startingUp()) {
      holdUntilReady(text, mode);
      return;
    }
    store.dispatch({ type: "editor", op: { op: "commit_history", text } });
    options.recordPrompt?.(text);
    store.dispatch({ type: "editor", op: { op: "clear" } });
    const slash = parseSlash(text);
    if (slash) {
      const cmd = findCommand(commands, slash.name);
      if (cmd) {
        try {
          await cmd.run(slash.args, slashContext);
        } catch (error) {
          notice(`/${slash.name} failed: ${describe(error)}`, "error");
        }
        return;
      }
      // Unknown here: the worker may know it (extension commands, prompt templates, skills).
    }
    if (text.startsWith("!")) {
      const exclude = text.startsWith("!!");
      const command = text.slice(exclude ? 2 : 1).trim();
      if (command !== "") await runBash(command, exclude);
      return;
    }
    const busy = s.run.busy;
    try {
      if (!busy) await connection.rpc.prompt(text);
      // prompt + streamingBehavior is race-free: a worker that just went idle starts a run.
      else await connection.rpc.prompt(text, { streamingBehavior: mode === "follow_up" ? "followUp" : "steer" });
    } catch (error) {
      failed(busy ? (mode === "follow_up" ? "Follow-up" : "Steer") : "Prompt", text)(error);
    }
  };

  /**
   * Take every queued message back from the worker into the editor, steering first, above the
   * draft, as pi does. clear_queue's answer is what was really removed (a message delivered a
   * moment ago is not duplicated). Returns how many came back.
   */
  const restoreQueue = async (): Promise<number> => {
    const removed = await connection.rpc.clearQueue();
    const texts = [...removed.steering, ...removed.followUp];
    if (texts.length > 0) setEditorText([...texts, store.getState().editor.text].filter((t) => t.trim() !== "").join("\n\n"));
    return texts.length;
  };

  const canClearQueue = (): boolean => connection.getSnapshot().capabilities.commands["clear_queue"] !== false;
  const queuedCount = (): number => store.getState().queue.steering.length + store.getState().queue.followUp.length;

  const abort = async (): Promise<void> => {
    const s = store.getState();
    try {
      if (s.transcript.bash) {
        await connection.rpc.abortBash();
        return;
      }
      if (!s.run.busy && !s.run.retry) return;
      const queued = queuedCount();
      // Queued messages must not ride along with the next prompt unasked: take them back first
      // (before the abort, so the ending run cannot deliver them either).
      if (queued > 0 && canClearQueue())
        await restoreQueue().catch((error: unknown) => notice(`Could not take the queued messages back: ${describe(error)}`, "error"));
      // A retry stays in the state through its attempt: only its wait can be cancelled.
      if (s.run.retry && s.run.retry.until > now()) await connection.rpc.abortRetry();
      else await connection.rpc.abort();
      if (queued > 0 && !canClearQueue()) {
        const what = queued === 1 ? "The queued message" : `The ${queued} queued messages`;
        notice(`${what} will be delivered with your next prompt: this worker cannot take queued messages back.`, "warning");
      }
    } catch (error) {
      notice(`Abort failed: ${describe(error)}`, "error");
    }
  };

  const pullQueue = async (): Promise<void> => {
    if (queuedCount() === 0) {
      toast("Nothing is queued");
      return;
    }
    if (!canClearQueue()) {
      toast("This worker cannot take queued messages back: they will be delivered as queued", "warning");
      return;
    }
    try {
      const n = await restoreQueue();
      toast(n === 0 ? "The queue was already delivered" : `Restored ${n} queued message${n > 1 ? "s" : ""} to the editor`);
    } catch (error) {
      notice(`Could not pull the queue back: ${describe(error)}`, "error");
    }
  };

  // Ctrl+C with a draft only clears it: people press it to throw text away, and a second press
  // right after must not quit. On an empty editor it arms the exit for EXIT_WINDOW_MS.
  const clearOrExit = (): void => {
    const s = store.getState();
    const t = now();
    if (s.editor.text !== "") {
      store.dispatch({ type: "editor", op: { op: "clear" } });
      store.dispatch({ type: "exit_armed", at: undefined });
      return;
    }
    if (s.ui.exitArmedAt !== undefined && t - s.ui.exitArmedAt <= EXIT_WINDOW_MS) {
      options.exit();
      return;
    }
    store.dispatch({ type: "exit_armed", at: t });
    store.dispatch({ type: "toast", level: "info", text: "Press Ctrl+C again to exit", now: t, ttlMs: EXIT_WINDOW_MS });
  };

  const cycleThinking = async (): Promise<void> => {
    try {
      const r = await connection.rpc.cycleThinkingLevel();
      if (r === null) toast("This model has no thinking levels");
      else store.dispatch({ type: "agent_event", event: { type: "thinking_level_changed", level: r.level }, now: now() });
    } catch (error) {
      notice(`Cycling thinking level failed: ${describe(error)}`, "error");
    }
  };

  const cycleModel = async (): Promise<void> => {
    try {
      const r = await connection.rpc.cycleModel();
      if (r === null) {
        toast("Only one model is available");
        return;
      }
      // The snapshot's model change puts one line in the transcript (reducer).
      const state = await connection.rpc.getState();
      store.dispatch({ type: "snapshot", snapshot: toSessionSnapshot(state) });
    } catch (error) {
      notice(`Cycling model failed: ${describe(error)}`, "error");
    }
  };

  const externalEditor = async (): Promise<void> => {
    if (!options.openExternalEditor) {
      toast("No external editor available", "warning");
      return;
    }
    const { text, pastes } = store.getState().editor;
    const edited = await options.openExternalEditor(expandPastes(text, pastes));
    if (edited !== undefined) store.dispatch({ type: "editor", op: { op: "set", text: edited.replace(/\n$/, ""), keepUndo: true } });
  };

  const edit = (op: Parameters<Store["dispatch"]>[0]): void => store.dispatch(op);

  // `\` then Enter continues the prompt on a new line (as in a shell): the one newline key
  // that works in every terminal, whatever it sends for Shift+Enter.
  const submitOrContinueLine = (): void => {
    const { text, cursor } = store.getState().editor;
    if (cursor > 0 && text[cursor - 1] === "\\") {
      edit({ type: "editor", op: { op: "backspace" } });
      edit({ type: "editor", op: { op: "newline" } });
      return;
    }
    void submit("auto");
  };

  const completionKey = createCompletionKeys(store, () => void submit("auto"));
  const searchKey = createHistorySearchKeys(store, () => void submit("auto"));

  const selectModel = async (): Promise<void> => {
    const model = findCommand(commands, "model");
    if (!model) {
      toast("This worker cannot switch models", "warning");
      return;
    }
    try {
      await model.run("", slashContext);
    } catch (error) {
      notice(`/model failed: ${describe(error)}`, "error");
    }
  };

  const run = (action: EditorAction): void => {
    if (searchKey(action)) return;
    // Inside a bracketed paste, Enter is a newline: pasting never submits. (Read from the store,
    // not from a render closure: keys of one paste arrive before React re-renders.)
    if (store.getState().editor.pasting) {
      if (action === "submit" || action === "follow_up" || action === "newline") edit({ type: "editor", op: { op: "newline" } });
      // A pasted control byte (e.g. \x07) is text, not a shortcut: only the paste end counts.
      else if (action === "paste_end") edit({ type: "editor", op: editingOp(action) });
      return;
    }
    if (completionKey(action)) return;
    if (isEditingAction(action)) return edit({ type: "editor", op: editingOp(action) });
    switch (action) {
      case "submit":
        return submitOrContinueLine();
      case "follow_up":
        void submit("follow_up");
        return;
      case "abort":
        void abort();
        return;
      case "pull_queue":
        void pullQueue();
        return;
      case "clear_or_exit":
        return clearOrExit();
      case "exit_or_delete":
        if (store.getState().editor.text === "") options.exit();
        else edit({ type: "editor", op: { op: "delete" } });
        return;
      case "detach":
        if (options.detach) options.detach();
        else toast("Nothing to detach from: this worker ends with agent-tui");
        return;
      case "cycle_thinking":
        void cycleThinking();
        return;
      case "cycle_model":
        void cycleModel();
        return;
      case "select_model":
        void selectModel();
        return;
      case "complete":
        return; // Tab without a list does nothing (it never inserts a tab character)
      case "toggle_tool_output":
        return edit({ type: "toggle_tools" });
      case "open_transcript":
        return edit({ type: "transcript_view", open: true });
      case "toggle_thinking":
        return edit({ type: "toggle_thinking" });
      case "external_editor":
        void externalEditor();
        return;
      case "suspend":
        if (!options.suspend?.()) toast("Suspending is not available here", "warning");
        return;
      default: {
        const never: never = action;
        void never;
      }
    }
  };

  const insertText = (text: string): void => {
    if (store.getState().editor.search) {
      edit({ type: "editor", op: { op: "search_type", text } });
      return;
    }
    const pasting = store.getState().editor.pasting;
    // Outside bracketed paste, "hello\r" typed in one burst is text + Enter; several lines are a paste.
    if (!pasting && /^[^\r\n]*\r$/.test(text)) {
      edit({ type: "editor", op: { op: "insert", text: text.slice(0, -1) } });
      submitOrContinueLine();
      return;
    }
    edit({ type: "editor", op: { op: "insert", text: text.replace(/\r\n?/g, "\n") } });
  };

  return {
    run,
    insertText,
    submit,
    abort,
    answerDialog(id, response) {
      connection.respondToUi(id, response);
      store.dispatch({ type: "dialog_closed", id });
    },
    commands: () => commands,
    async copy(text, what) {
      if (!options.copy) return "Copying is not available here.";
      try {
        return describeCopy(what, await options.copy(text));
      } catch (error) {
        return `Copying failed: ${describe(error)}`;
      }
    },
  };
}
