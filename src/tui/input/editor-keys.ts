// The editor's keys as the keymap names them, applied to the store: Ctrl+R search and the
// completion list first, then the plain edits (editing-actions.ts) and view toggles; an action
// that talks to the worker or leaves the app is handed to its intent (controller.ts).
import { createCompletionKeys } from "../completion/completion-keys.js";
import { editingOp, isEditingAction, type EditingAction } from "./editing-actions.js";
import { createHistorySearchKeys } from "./history-search-keys.js";
import type { EditorAction, Keymap } from "./keymap.js";
import type { TuiAction } from "../state/actions.js";
import { textBeforeCursor } from "../state/editor.js";
import type { Store } from "../state/store.js";
import { routeVimKey } from "./vim-keys.js";
import type { Key } from "ink";

/** Actions that only change what the screen shows: one store action each. */
const VIEW_ACTIONS = {
  toggle_tool_output: { type: "toggle_tools" },
  open_transcript: { type: "transcript_view", open: true },
  toggle_thinking: { type: "toggle_thinking", announce: true },
} satisfies Partial<Record<EditorAction, TuiAction>>;

type ViewAction = keyof typeof VIEW_ACTIONS;

/** Tab without a completion list does nothing (it never inserts a tab character). */
type IgnoredAction = "complete";

/**
 * The actions the controller carries out: a new editor action that is none of the above must be one
 * (the compiler says so).
 */
export type IntentAction = Exclude<EditorAction, EditingAction | ViewAction | IgnoredAction>;

export type Intents = Record<IntentAction, () => void>;

export type EditorKeys = {
  /** Run a named editor action (from the keymap). */
  run(action: EditorAction): void;
  /** Insert typed or pasted text into the editor. */
  insertText(text: string): void;
  /** With vim mode on, give it the key; false: it is the keymap's (vim-keys.ts). */
  vimKey(input: string, key: Key, keymap?: Keymap): boolean;
};

const isViewAction = (action: EditorAction): action is ViewAction => Object.hasOwn(VIEW_ACTIONS, action);

/**
 * `pasteEnded`: a paste that named image files attached them instead; `completed`: a completion
 * was applied (an `@path` of an image becomes its chip at once). Both: images/image-attach.ts.
 */
export type EditorKeyHooks = { pasteEnded?: (pasted: string) => boolean; completed?: () => void };

export function createEditorKeys(store: Store, intents: Intents, hooks: EditorKeyHooks = {}): EditorKeys {
  const edit = (op: Parameters<Store["dispatch"]>[0]): void => store.dispatch(op);
  const completionKey = createCompletionKeys(store, intents.submit);
  const searchKey = createHistorySearchKeys(store, intents.submit);

  // `\` then Enter continues the prompt on a new line (as in a shell): the one newline key
  // that works in every terminal, whatever it sends for Shift+Enter.
  const submitOrContinueLine = (): void => {
    const editor = store.getState().editor;
    if (textBeforeCursor(editor, 1).text === "\\") {
      edit({ type: "editor", op: { op: "backspace" } });
      edit({ type: "editor", op: { op: "newline" } });
      return;
    }
    intents.submit();
  };

  const run = (action: EditorAction): void => {
    if (searchKey(action)) return;
    // Inside a bracketed paste, Enter is a newline: pasting never submits. (Read from the store,
    // not from a render closure: keys of one paste arrive before React re-renders.)
    if (store.getState().editor.pasting) {
      if (action === "submit" || action === "follow_up" || action === "newline")
        edit({ type: "editor", op: { op: "newline" } });
      // A pasted control byte (e.g. \x07) is text, not a shortcut: only the paste end counts.
      else if (action === "paste_end" && !hooks.pasteEnded?.(store.getState().editor.pasteBuffer))
        edit({ type: "editor", op: editingOp(action) });
      return;
    }
    if (completionKey(action)) {
      if (action === "complete" || action === "submit") hooks.completed?.();
      return;
    }
    if (isEditingAction(action)) return edit({ type: "editor", op: editingOp(action) });
    if (isViewAction(action)) return edit(VIEW_ACTIONS[action]);
    if (action === "complete") return;
    if (action === "submit") return submitOrContinueLine();
    intents[action]();
  };

  const insertText = (text: string): void => {
    if (store.getState().editor.search) {
      edit({ type: "editor", op: { op: "search_type", text } });
      return;
    }
    // "hello\r" typed in one burst arrives as text, then Enter (key-chunks.ts); a line break
    // still in the text is a paste's.
    edit({ type: "editor", op: { op: "insert", text: text.replace(/\r\n?/g, "\n") } });
  };

  /** Keys for the vim engine; once one opens INSERT, the rest of a typed burst is text. */
  const feedVim = (keys: readonly string[]): void => {
    for (let i = 0; i < keys.length; i += 1) {
      if (store.getState().vim?.mode === "insert" && keys[i] !== "escape") {
        insertText(keys.slice(i).join(""));
        return;
      }
      edit({ type: "vim", op: { op: "key", key: keys[i] as string } });
    }
  };

  const vimKey = (input: string, key: Key, keymap?: Keymap): boolean => {
    const { vim, editor } = store.getState();
    if (!vim) return false;
    const route = routeVimKey(vim, editor, input, key, keymap);
    if (route.kind === "engine") feedVim(route.keys);
    else if (route.leaveVisual) edit({ type: "vim", op: { op: "normal" } });
    return route.kind === "engine";
  };

  return { run, insertText, vimKey };
}
