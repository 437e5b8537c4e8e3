// Input dialog: one line of text (editing keys as in the main editor); Enter submits, Esc
// cancels. The text lives in a ref-backed reducer (use-text-field.ts), so no key is lost.
import React from "react";
import { editorLines } from "../../render/editor-lines.js";
import { Lines } from "../lines.js";
import { helpRow, titleRow } from "./dialog-frame.js";
import { useTextField } from "./use-text-field.js";

export function InputDialog(props: {
  title: string;
  placeholder: string;
  width: number;
  maxRows: number;
  remainingMs: number | undefined;
  onSubmit: (value: string) => void;
  onCancel: () => void;
}): React.ReactElement {
  const state = useTextField({ initial: "", multiline: false, onSubmit: props.onSubmit, onCancel: props.onCancel });
  const body = editorLines(state.text, state.cursor, props.width, Math.max(1, props.maxRows - 2), { prompt: "  › ", placeholder: props.placeholder });
  return <Lines lines={[titleRow(props.title, props.width), ...body, helpRow("enter submit · esc cancel", props.remainingMs, props.width)].slice(0, Math.max(1, props.maxRows))} />;
}
