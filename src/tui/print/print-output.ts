// Where print mode writes: the answer (or, with --mode json, every event as a JSON line) on
// stdout; progress lines on stderr only when stderr is a terminal; errors on stderr always.
// Text bound for a terminal goes through the sanitiser; a pipe gets the answer's exact text.
import { terminalSafeJson, type BridgeNotice, type ClientEvent } from "../../bridge/index.js";
import type { PrintOptions } from "../app/front-end.js";
import { eventLabels } from "../render/event-labels.js";
import { renderMarkdown } from "../render/markdown.js";
import type { Palette } from "../render/palette.js";
import { guardRow, sanitizeText } from "../render/sanitize.js";
import { decodeUiRequest } from "../state/ui-requests.js";
import { uiRequestLine } from "./print-dialogs.js";

type Sink = { write(text: string): unknown; isTTY?: boolean; columns?: number };

export type PrintOutput = {
  /** The final answer, once. */
  answer(text: string): void;
  /** A notice from the bridge: JSON line, progress line, or nothing. */
  notice(n: BridgeNotice): void;
  /** A progress line (shown only on a terminal). */
  progress(line: string): void;
  /** An error or warning the user must see, terminal or not. */
  error(text: string): void;
};

const isBusy = (state: string): boolean => state !== "idle" && state !== "settled" && state !== "settling";

/** `palette`: what --render paints the answer in. */
export function createPrintOutput(print: PrintOptions, stdout: Sink, stderr: Sink, palette: Palette): PrintOutput {
  const progress = (line: string): void => {
    if (stderr.isTTY === true) stderr.write(`${line}\n`);
  };
  let working = false;
  const event = (e: ClientEvent): void => {
    // JSON.stringify leaves C1 and bidi controls raw; escaped, the same events reach a terminal safely.
    if (print.output === "json") stdout.write(`${terminalSafeJson(e)}\n`);
    for (const line of eventLabels(e)) progress(line);
  };
  return {
    answer(text) {
      if (print.output === "json" || text === "") return;
      if (print.render)
        stdout.write(
          `${renderMarkdown(text, stdout.columns || 80, palette)
            .map(guardRow)
            .join("\n")}\n`,
        );
      else stdout.write(`${stdout.isTTY === true ? sanitizeText(text) : text}\n`);
    },
    notice(n) {
      if (n.kind === "event") event(n.event);
      else if (n.kind === "run_state" && isBusy(n.state) !== working) {
        working = !working;
        if (working) progress("working");
      } else if (n.kind === "ui_request") {
        const line = uiRequestLine(decodeUiRequest(n.request, Date.now()));
        if (line) progress(line);
      }
    },
    progress,
    error(text) {
      stderr.write(`agent-tui: ${sanitizeText(text)}\n`);
    },
  };
}
