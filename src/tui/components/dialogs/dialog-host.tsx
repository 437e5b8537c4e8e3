// Shows the head of the dialog queue (the rest wait their turn) and turns answers into
// controller calls. A dialog whose timeout has elapsed closes by itself without answering.
import type React from "react";
import { useEffect } from "react";
import { sanitizeLine } from "../../render/sanitize.js";
import { NO_PAINT } from "../../render/palette.js";
import { dialogRemainingMs } from "../../state/ui-requests.js";
import type { DialogRequest } from "../../state/types.js";
import { useStore } from "../../state/use-store.js";
import { useController } from "../controller-context.js";
import { Lines } from "../lines.js";
import { usePalette } from "../use-palette.js";
import { ConfirmDialog } from "./confirm-dialog.js";
import { questionRows } from "./dialog-frame.js";
import { SelectDialog } from "./select-dialog.js";
import { TextDialog } from "./text-dialog.js";

/** Rows a dialog wants before the budget caps it: its whole question, its options or text, help. */
export function dialogWantedRows(d: DialogRequest, width: number): number {
  // Counted, not drawn: colour takes no room.
  const question = (message: string, diff?: string): number =>
    questionRows(d.title, message, width, NO_PAINT, diff).length;
  switch (d.method) {
    case "select":
      return question("", d.diff) + d.options.length + 2;
    case "confirm":
      return question(d.message) + 1;
    case "input":
      return question("") + 2;
    case "editor":
      return question("") + Math.max(3, d.prefill.split("\n").length + 1);
    default: {
      const never: never = d;
      return never;
    }
  }
}

export function DialogHost(props: {
  dialog: DialogRequest;
  queued: number;
  width: number;
  maxRows: number;
  now: number;
}): React.ReactElement {
  const controller = useController();
  const store = useStore();
  const { dialog: d, width } = props;
  const palette = usePalette();
  const { theme } = palette;
  const remainingMs = dialogRemainingMs(d, props.now);
  useEffect(() => {
    // Workers other than ours send no cancel on timeout: close locally, send nothing (docs/protocol.md §7.4).
    if (remainingMs === 0) store.dispatch({ type: "dialog_closed", id: d.id });
  }, [remainingMs, d.id, store]);
  const more =
    props.queued > 0 ? [theme.muted(`  (${props.queued} more dialog${props.queued === 1 ? "" : "s"} waiting)`)] : [];
  const maxRows = Math.max(1, props.maxRows - more.length);
  const cancel = (): void => controller.answerDialog(d.id, { cancelled: true });
  const frame = { id: d.id, title: d.title, width, palette, maxRows, remainingMs, onCancel: cancel };
  const answer = (value: string): void => controller.answerDialog(d.id, { value });
  let view: React.ReactElement;
  switch (d.method) {
    case "select":
      view = <SelectDialog key={d.id} {...frame} diff={d.diff} options={d.options} onChoose={answer} />;
      break;
    case "confirm":
      view = (
        <ConfirmDialog
          key={d.id}
          {...frame}
          message={d.message}
          onAnswer={(confirmed) => controller.answerDialog(d.id, { confirmed })}
        />
      );
      break;
    case "input":
      view = (
        <TextDialog
          key={d.id}
          {...frame}
          initial=""
          placeholder={sanitizeLine(d.placeholder)}
          multiline={false}
          onSubmit={answer}
        />
      );
      break;
    case "editor":
      view = (
        <TextDialog
          key={d.id}
          {...frame}
          initial={d.prefill}
          multiline
          onSubmit={answer}
          editExternally={controller.editExternally}
        />
      );
      break;
    default: {
      const never: never = d;
      return never;
    }
  }
  return (
    <>
      {view}
      <Lines lines={more} />
    </>
  );
}
