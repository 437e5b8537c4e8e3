// The text of an input or editor dialog: a pure editor reducer over a ref, so every key sees
// the text left by the key before it even when React has not re-rendered in between (the
// stale-value bug of ink-text-input). Enter submits, Esc cancels; after either, later keys of
// the same chunk are ignored so a dialog is never answered twice.
import { useRef, useState } from "react";
import type { Key } from "ink";
import { resolveDialogKey, resolveEditorKey } from "../../input/keymap.js";
import { initialEditor, reduceEditor, type EditorOp } from "../../state/editor.js";
import type { EditorState } from "../../state/types.js";
import { dialogScope, useKeys } from "../../input/use-keys.js";
import type { Keymap } from "../../input/keymap.js";
import { useKeymap } from "../../input/keymap-context.js";

export type TextFieldOptions = {
  /** The dialog's request id (its key scope). */
  id: string;
  initial: string;
  /** Editor dialogs take newlines (Shift+Enter, Ctrl+J, pasted lines); input dialogs do not. */
  multiline: boolean;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** Ctrl+G in a multi-line field: the text in $VISUAL/$EDITOR; resolves with what was saved. */
  editExternally?: ((text: string) => Promise<string | undefined>) | undefined;
};

/** Editing keys shared with the main editor (cursor moves, word delete, kill line). */
function editingOp(input: string, key: Key, keymap: Keymap | undefined): EditorOp | undefined {
  const r = resolveEditorKey(input, key, keymap);
  if (!r || "text" in r) return undefined;
  switch (r.action) {
    case "cursor_left":
      return { op: "left" };
    case "cursor_right":
      return { op: "right" };
    case "word_left":
      return { op: "word_left" };
    case "word_right":
      return { op: "word_right" };
    case "line_start":
      return { op: "home" };
    case "line_end":
      return { op: "end" };
    case "delete_word":
      return { op: "delete_word" };
    case "kill_line":
      return { op: "kill_line" };
    default:
      return undefined;
  }
}

/** Pure: one key -> the next field state, or a submit/cancel outcome. */
export function reduceTextFieldKey(
  s: EditorState,
  input: string,
  key: Key,
  multiline: boolean,
  keymap?: Keymap,
): { state: EditorState } | { submit: string } | { cancel: true } | { external: string } | undefined {
  const r = resolveDialogKey(input, key, false, keymap);
  const apply = (op: EditorOp): { state: EditorState } => ({ state: reduceEditor(s, op) });
  if (!r && multiline && !s.pasting) {
    const e = resolveEditorKey(input, key, keymap);
    if (e && "action" in e && e.action === "external_editor") return { external: s.text };
  }
  if (r && "text" in r) {
    // One line only: pasted line breaks become spaces.
    return apply({ op: "insert", text: multiline ? r.text : r.text.replace(/\r\n?|\n/g, " ") });
  }
  if (!r) {
    const op = editingOp(input, key, keymap);
    return op ? apply(op) : undefined;
  }
  switch (r.action) {
    case "confirm":
      // Inside a bracketed paste Enter is part of the text, never a submit.
      if (s.pasting) return multiline ? apply({ op: "newline" }) : apply({ op: "insert", text: " " });
      return { submit: s.text };
    case "newline":
      return multiline ? apply({ op: "newline" }) : undefined;
    case "backspace":
      return apply({ op: "backspace" });
    case "up":
      return multiline ? apply({ op: "up" }) : undefined;
    case "down":
      return multiline ? apply({ op: "down" }) : undefined;
    case "cancel":
      return s.pasting ? undefined : { cancel: true };
    case "paste_start":
    case "paste_end":
      return apply({ op: "paste", active: r.action === "paste_start" });
    case "yes":
    case "no":
    case "scroll_up":
    case "scroll_down":
      return undefined;
    default: {
      const never: never = r.action;
      return never;
    }
  }
}

export function useTextField(o: TextFieldOptions): EditorState {
  const [state, setState] = useState<EditorState>(() =>
    reduceEditor(initialEditor, { op: "set", text: o.initial, keepUndo: false }),
  );
  const ref = useRef(state);
  const done = useRef(false);
  const keymap = useKeymap();
  useKeys(
    (input, key) => {
      if (done.current) return;
      const out = reduceTextFieldKey(ref.current, input, key, o.multiline, keymap);
      if (!out) return;
      if ("state" in out) {
        ref.current = out.state;
        setState(out.state);
        return;
      }
      if ("external" in out) {
        void o.editExternally?.(out.external).then((edited) => {
          if (edited === undefined || done.current) return;
          // The saved text whole: a file's last newline is part of it (unlike the prompt's).
          ref.current = reduceEditor(ref.current, { op: "set", text: edited, keepUndo: true });
          setState(ref.current);
        });
        return;
      }
      done.current = true;
      if ("submit" in out) o.onSubmit(out.submit);
      else o.onCancel();
    },
    { scope: dialogScope(o.id) },
  );
  return state;
}
