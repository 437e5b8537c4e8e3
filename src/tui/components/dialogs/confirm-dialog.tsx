// Confirm dialog: y / n, Enter = yes, Esc = cancel (the extension then gets `false`). The
// question (title and message) is shown whole; PgUp/PgDn scroll it when it is long.
import type React from "react";
import { useRef } from "react";
import { resolveDialogKey } from "../../input/keymap.js";
import type { Palette } from "../../render/palette.js";
import { Lines } from "../lines.js";
import { helpRow, questionRows, questionWindow, type DialogFrameProps, type QuestionWindow } from "./dialog-frame.js";
import { dialogScope, useKeys } from "../../input/use-keys.js";
import { useQuestionScroll } from "./use-question-scroll.js";
import { useKeymap } from "../../input/keymap-context.js";

export function confirmLines(
  title: string,
  message: string,
  width: number,
  maxRows: number,
  remainingMs: number | undefined,
  palette: Palette,
  scroll = 0,
  onWindow?: (w: QuestionWindow, page: number) => void,
): string[] {
  const room = Math.max(1, maxRows - 1);
  const win = questionWindow(questionRows(title, message, width, palette), scroll, room, width, palette);
  onWindow?.(win, Math.max(1, room - 1));
  return [...win.rows, helpRow("y yes · n no · enter yes · esc cancel", remainingMs, width, palette)].slice(
    0,
    Math.max(1, maxRows),
  );
}

export function ConfirmDialog(
  props: DialogFrameProps & { message: string; onAnswer: (confirmed: boolean) => void },
): React.ReactElement {
  // Answered: later keys of the same chunk must not answer again.
  const done = useRef(false);
  const question = useQuestionScroll(props.id);
  const keymap = useKeymap();
  useKeys(
    (input, key) => {
      const r = resolveDialogKey(input, key, true, keymap);
      if (!r || "text" in r || done.current) return;
      const answer =
        r.action === "yes" || r.action === "confirm"
          ? true
          : r.action === "no"
            ? false
            : r.action === "cancel"
              ? "cancel"
              : undefined;
      if (answer === undefined) return;
      done.current = true;
      if (answer === "cancel") props.onCancel();
      else props.onAnswer(answer);
    },
    { scope: dialogScope(props.id) },
  );
  const rows = confirmLines(
    props.title,
    props.message,
    props.width,
    props.maxRows,
    props.remainingMs,
    props.palette,
    question.scroll,
    (w, page) => question.measure(page, w.maxScroll),
  );
  return <Lines lines={rows} />;
}
