// Extension dialogs in print mode: nobody is there to answer, so each takes its default at once
// (a confirm: no, or what --yes / --no say; anything else: cancelled) and a line on stderr says
// which question got which answer. Fire-and-forget requests become progress lines.
import type { UiResponse } from "../../bridge/index.js";
import { sanitizeLine } from "../render/sanitize.js";
import type { UiRequest } from "../state/ui-requests.js";

export type PrintDialogAnswer = { id: string; response: UiResponse; say: string };

/** The answer to a dialog request (undefined for requests that are not dialogs). */
export function answerDialog(request: UiRequest, confirms: "yes" | "no" | undefined): PrintDialogAnswer | undefined {
  if (request.kind !== "dialog") return undefined;
  const d = request.dialog;
  const question = `"${sanitizeLine(d.title)}"`;
  if (d.method === "confirm") {
    const yes = confirms === "yes";
    const why = confirms === undefined ? "the default in print mode; --yes answers yes" : `--${confirms}`;
    return {
      id: d.id,
      response: { confirmed: yes },
      say: `dialog ${question}: answered ${yes ? "yes" : "no"} (${why})`,
    };
  }
  return {
    id: d.id,
    response: { cancelled: true },
    say: `dialog ${question}: cancelled (print mode cannot ask for a ${d.method === "select" ? "choice" : "text"})`,
  };
}

/** A progress line for a request that only tells something (notify; status, widgets and titles are skipped). */
export function uiRequestLine(request: UiRequest): string | undefined {
  if (request.kind !== "notify") return undefined;
  return `${request.level === "info" ? "note" : request.level}: ${sanitizeLine(request.message)}`;
}
