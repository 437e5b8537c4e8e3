// Input and editor dialogs: text (prefilled for editors) edited with the main editor's keys;
// Enter submits, Esc cancels, editors take newlines (Shift+Enter / Ctrl+J). The text lives in
// a ref-backed editor reducer (use-text-field.ts), so no key is lost however fast it comes.
import type React from "react";
import { editorLines } from "../../render/editor-lines.js";
import { Lines } from "../lines.js";
import { helpRow, titleRow, type DialogFrameProps } from "./dialog-frame.js";
import { useTextField } from "./use-text-field.js";

export function TextDialog(props: DialogFrameProps & { initial: string; placeholder?: string; multiline: boolean; onSubmit: (value: string) => void }): React.ReactElement {
  const state = useTextField({ id: props.id, initial: props.initial, multiline: props.multiline, onSubmit: props.onSubmit, onCancel: props.onCancel });
  const rows = Math.max(1, props.maxRows - 2);
  const body = editorLines(state.text, state.cursor, props.width, rows, props.multiline ? { prompt: "  " } : { prompt: "  › ", placeholder: props.placeholder ?? "" });
  const help = props.multiline ? "enter submit · shift+enter/ctrl+j newline · esc cancel" : "enter submit · esc cancel";
  return <Lines lines={[titleRow(props.title, props.width), ...body, helpRow(help, props.remainingMs, props.width)].slice(0, Math.max(1, props.maxRows))} />;
}
