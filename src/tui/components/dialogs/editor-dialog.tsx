// Editor dialog: multi-line text (prefilled), Enter submits, Shift+Enter / Ctrl+J newline,
// Esc cancels. Reuses the pure editor operations and the editor row builder.
import React, { useRef, useState } from "react";
import { useInput } from "ink";
import { resolveDialogKey } from "../../keymap.js";
import { editorLines } from "../../render/editor-lines.js";
import { initialEditor, reduceEditor } from "../../state/editor.js";
import type { EditorState } from "../../state/types.js";
import { Lines } from "../lines.js";
import { helpRow, titleRow } from "./dialog-frame.js";

export function EditorDialog(props: {
  title: string;
  prefill: string;
  width: number;
  maxRows: number;
  remainingMs: number | undefined;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}): React.ReactElement {
  const [state, setEditorState] = useState<EditorState>(() => reduceEditor(initialEditor, { op: "set", text: props.prefill, keepUndo: false }));
  // Keys can arrive before React re-subscribes the handler: keep the latest state in a ref.
  const ref = useRef(state);
  const setState = (update: (s: EditorState) => EditorState): void => {
    ref.current = update(ref.current);
    setEditorState(ref.current);
  };
  useInput((input, key) => {
    const r = resolveDialogKey(input, key, false);
    if (!r) return;
    if ("text" in r) {
      setState((s) => reduceEditor(s, { op: "insert", text: input }));
      return;
    }
    switch (r.action) {
      case "confirm":
        if (ref.current.pasting) setState((s) => reduceEditor(s, { op: "newline" }));
        else props.onSubmit(ref.current.text);
        return;
      case "newline":
        setState((s) => reduceEditor(s, { op: "newline" }));
        return;
      case "backspace":
        setState((s) => reduceEditor(s, { op: "backspace" }));
        return;
      case "up":
        setState((s) => reduceEditor(s, { op: "up" }));
        return;
      case "down":
        setState((s) => reduceEditor(s, { op: "down" }));
        return;
      case "cancel":
        props.onCancel();
        return;
      case "paste_start":
      case "paste_end":
        setState((s) => reduceEditor(s, { op: "paste", active: r.action === "paste_start" }));
        return;
      default:
        return;
    }
  });
  const body = editorLines(state.text, state.cursor, props.width, Math.max(1, props.maxRows - 2), { prompt: "  " });
  return <Lines lines={[titleRow(props.title, props.width), ...body, helpRow("enter submit · shift+enter/ctrl+j newline · esc cancel", props.remainingMs, props.width)]} />;
}
