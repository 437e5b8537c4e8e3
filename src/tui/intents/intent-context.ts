// What every intent needs: the store, the connection, the clock, and the three ways to tell the
// user something (a transcript notice, a toast, the editor text given back).
import type { TuiConnection } from "../session/tui-connection.js";
import type { Store } from "../state/store.js";
import type { NoticeLevel } from "../state/types.js";

export type IntentContext = {
  store: Store;
  connection: TuiConnection;
  now: () => number;
  notice(text: string, level?: NoticeLevel): void;
  toast(text: string, level?: NoticeLevel): void;
  /** Replace the editor text (undo keeps the old one). */
  setEditorText(text: string): void;
};

export function createIntentContext(store: Store, connection: TuiConnection, now: () => number): IntentContext {
  return {
    store,
    connection,
    now,
    notice: (text, level = "info") => store.dispatch({ type: "notice", level, text }),
    toast: (text, level = "info") => store.dispatch({ type: "toast", level, text, now: now() }),
    setEditorText: (text) => store.dispatch({ type: "editor", op: { op: "set", text, keepUndo: true } }),
  };
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
