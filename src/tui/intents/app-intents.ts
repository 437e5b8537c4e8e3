// Intents that leave or step out of the app: Ctrl+C (clear, then exit), Ctrl+D, detach, Ctrl+Z,
// the external editor, and copying to the clipboard.
import { type CopyResult, describeCopy } from "../terminal/clipboard.js";
import { expandPastes } from "../state/paste.js";
import { EXIT_WINDOW_MS } from "../state/reducer.js";
import { describeError, type IntentContext } from "./intent-context.js";

export type AppHooks = {
  /** Ask the app to exit (unmount Ink, stop the worker, restore the terminal). */
  exit: () => void;
  /** Puts text on the clipboard (OSC 52 and friends, see clipboard.ts). */
  copy?: (text: string) => Promise<CopyResult>;
  /** Leave on purpose while a live worker keeps running (/detach, its key). */
  detach?: () => void;
  /** Ctrl+Z: suspend to the shell; false where there is no job control. */
  suspend?: () => boolean;
  /** Opens $VISUAL/$EDITOR on `text`; resolves with the edited text or undefined. */
  openExternalEditor?: (text: string) => Promise<string | undefined>;
};

export type AppIntents = {
  clearOrExit(): void;
  exitOrDelete(): void;
  detach(): void;
  suspend(): void;
  externalEditor(): Promise<void>;
  copy(text: string, what: string): Promise<string>;
};

export function createAppIntents(ctx: IntentContext, hooks: AppHooks): AppIntents {
  const { store } = ctx;
  return {
    // Ctrl+C with a draft only clears it: people press it to throw text away, and a second press
    // right after must not quit. On an empty editor it arms the exit for EXIT_WINDOW_MS.
    clearOrExit() {
      const s = store.getState();
      const t = ctx.now();
      if (s.editor.text !== "") {
        store.dispatchAll([
          { type: "editor", op: { op: "clear" } },
          { type: "exit_armed", at: undefined },
        ]);
        return;
      }
      if (s.ui.exitArmedAt !== undefined && t - s.ui.exitArmedAt <= EXIT_WINDOW_MS) return hooks.exit();
      store.dispatchAll([
        { type: "exit_armed", at: t },
        { type: "toast", level: "info", text: "Press Ctrl+C again to exit", now: t, ttlMs: EXIT_WINDOW_MS },
      ]);
    },
    exitOrDelete() {
      if (store.getState().editor.text === "") hooks.exit();
      else store.dispatch({ type: "editor", op: { op: "delete" } });
    },
    detach() {
      if (hooks.detach) hooks.detach();
      else ctx.toast("Nothing to detach from: this worker ends with agent-tui");
    },
    suspend() {
      if (!hooks.suspend?.()) ctx.toast("Suspending is not available here", "warning");
    },
    async externalEditor() {
      if (!hooks.openExternalEditor) return ctx.toast("No external editor available", "warning");
      const { text, pastes } = store.getState().editor;
      const edited = await hooks.openExternalEditor(expandPastes(text, pastes));
      if (edited !== undefined) ctx.setEditorText(edited.replace(/\n$/, ""));
    },
    async copy(text, what) {
      if (!hooks.copy) return "Copying is not available here.";
      try {
        return describeCopy(what, await hooks.copy(text));
      } catch (error) {
        return `Copying failed: ${describeError(error)}`;
      }
    },
  };
}
