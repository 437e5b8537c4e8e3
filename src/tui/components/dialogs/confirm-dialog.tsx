// Confirm dialog: y / n, Enter = yes, Esc = cancel (the extension then gets `false`).
import type React from "react";
import { useRef } from "react";
import { resolveDialogKey } from "../../keymap.js";
import { sanitizeText } from "../../render/sanitize.js";
import { wrapText } from "../../render/text-width.js";
import { Lines } from "../lines.js";
import { helpRow, titleRow, type DialogFrameProps } from "./dialog-frame.js";
import { dialogScope, useKeys } from "../use-keys.js";

export function confirmLines(title: string, message: string, width: number, maxRows: number, remainingMs: number | undefined): string[] {
  const body = message.trim() === "" ? [] : wrapText(sanitizeText(message, { keepSgr: false }), width - 2).map((l) => `  ${l}`);
  const room = Math.max(0, maxRows - 2);
  const shown = body.length > room ? [...body.slice(0, Math.max(0, room - 1)), "  …"] : body;
  return [titleRow(title, width), ...shown.slice(0, room), helpRow("y yes · n no · enter yes · esc cancel", remainingMs, width)].slice(0, Math.max(1, maxRows));
}

export function ConfirmDialog(props: DialogFrameProps & { message: string; onAnswer: (confirmed: boolean) => void }): React.ReactElement {
  // Answered: later keys of the same chunk must not answer again.
  const done = useRef(false);
  useKeys((input, key) => {
    const r = resolveDialogKey(input, key, true);
    if (!r || "text" in r || done.current) return;
    const answer = r.action === "yes" || r.action === "confirm" ? true : r.action === "no" ? false : r.action === "cancel" ? "cancel" : undefined;
    if (answer === undefined) return;
    done.current = true;
    if (answer === "cancel") props.onCancel();
    else props.onAnswer(answer);
  }, { scope: dialogScope(props.id) });
  return <Lines lines={confirmLines(props.title, props.message, props.width, props.maxRows, props.remainingMs)} />;
}
