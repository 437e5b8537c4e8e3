// Input and editor dialogs: text (prefilled for editors) edited with the main editor's keys;
// Enter submits, Esc cancels, editors take newlines (Shift+Enter / Ctrl+J). The text lives in
// a ref-backed editor reducer (use-text-field.ts), so no key is lost however fast it comes.
import type React from "react";
import { editorLines } from "../../render/editor-lines.js";
import { Lines } from "../lines.js";
import { helpRow, questionRows, questionWindow, type DialogFrameProps } from "./dialog-frame.js";
import { useQuestionScroll } from "./use-question-scroll.js";
import { useTextField } from "./use-text-field.js";

/** The keys of a multi-line field: shift+enter (or ctrl+j) adds a line; ctrl+g opens $EDITOR where there is one. */
const MULTILINE_HELP = "enter submit · shift+enter/ctrl+j newline · esc cancel";
const EXTERNAL_HELP = "enter submit · ctrl+g $EDITOR · shift+enter newline · esc cancel";

export function TextDialog(
  props: DialogFrameProps & {
    initial: string;
    placeholder?: string;
    multiline: boolean;
    onSubmit: (value: string) => void;
    editExternally?: ((text: string) => Promise<string | undefined>) | undefined;
  },
): React.ReactElement {
  const state = useTextField({
    id: props.id,
    initial: props.initial,
    multiline: props.multiline,
    onSubmit: props.onSubmit,
    onCancel: props.onCancel,
    editExternally: props.editExternally,
  });
  const question = useQuestionScroll(props.id);
  const title = questionRows(props.title, "", props.width, props.palette);
  // The title takes what is left after at least one editing row (three for an editor) and the help row.
  const titleRoom = Math.max(1, Math.min(title.length, props.maxRows - 1 - (props.multiline ? 3 : 1)));
  const win = questionWindow(title, question.scroll, titleRoom, props.width, props.palette);
  question.measure(Math.max(1, titleRoom - 1), win.maxScroll);
  const rows = Math.max(1, props.maxRows - 1 - win.rows.length);
  const body = editorLines(
    state.text,
    state.cursor,
    props.width,
    rows,
    props.multiline
      ? { palette: props.palette, prompt: "  " }
      : { palette: props.palette, prompt: "  › ", placeholder: props.placeholder ?? "" },
  );
  const help = !props.multiline ? "enter submit · esc cancel" : props.editExternally ? EXTERNAL_HELP : MULTILINE_HELP;
  return (
    <Lines
      lines={[...win.rows, ...body, helpRow(help, props.remainingMs, props.width, props.palette)].slice(
        0,
        Math.max(1, props.maxRows),
      )}
    />
  );
}
