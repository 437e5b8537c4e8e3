// Editor dialog: multi-line text (prefilled), Enter submits, Shift+Enter / Ctrl+J newline,
// Esc cancels. Reuses the pure editor operations (use-text-field.ts) and the editor row builder.
import React from "react";
import { editorLines } from "../../render/editor-lines.js";
import { Lines } from "../lines.js";
import { helpRow, titleRow } from "./dialog-frame.js";
import { useTextField } from "./use-text-field.js";

export function EditorDialog(props: {
  title: string;
  prefill: string;
  width: number;
  maxRows: number;
  remainingMs: number | undefined;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}): React.ReactElement {
  const state = useTextField({ initial: props.prefill, multiline: true, onSubmit: props.onSubmit, onCancel: props.onCancel });
  const body = editorLines(state.text, state.cursor, props.width, Math.max(1, props.maxRows - 2), { prompt: "  " });
  return <Lines lines={[titleRow(props.title, props.width), ...body, helpRow("enter submit · shift+enter/ctrl+j newline · esc cancel", props.remainingMs, props.width)]} />;
}
