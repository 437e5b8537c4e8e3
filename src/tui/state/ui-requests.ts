// Turns the bridge's extension UI requests (docs/protocol.md §7, decoded there) into dialogs
// (data, queued in state) and fire-and-forget effects (notify, setStatus, setWidget, setTitle,
// set_editor_text, cancel).
import type { ExtensionUiRequest } from "../../bridge/index.js";
import type { DialogRequest, NoticeLevel } from "./types.js";

export type UiRequest =
  | { kind: "dialog"; dialog: DialogRequest }
  | { kind: "notify"; level: NoticeLevel; message: string }
  | { kind: "status"; key: string; text: string | undefined }
  | { kind: "widget"; key: string; lines: string[] | undefined; placement: "aboveEditor" | "belowEditor" }
  | { kind: "title"; title: string }
  | { kind: "editor_text"; text: string }
  | { kind: "cancel"; targetId: string }
  /** Not produced from the bridge's typed requests (unknown methods reach the UI as unknown events). */
  | { kind: "unknown"; method: string };

/** A timeout that counts: a positive number of milliseconds. */
function timeoutOf(timeout: number | undefined): number | undefined {
  return timeout !== undefined && timeout > 0 ? timeout : undefined;
}

/** What one request does in the UI; `now` stamps dialogs for their countdown. Never throws. */
export function decodeUiRequest(request: ExtensionUiRequest, now: number): UiRequest {
  const { id } = request;
  switch (request.method) {
    case "select": {
      const dialog = {
        method: "select",
        id,
        title: request.title,
        options: request.options,
        diff: request.diff,
      } as const;
      return { kind: "dialog", dialog: { ...dialog, timeoutMs: timeoutOf(request.timeout), receivedAt: now } };
    }
    case "confirm": {
      const dialog = { method: "confirm", id, title: request.title, message: request.message } as const;
      return { kind: "dialog", dialog: { ...dialog, timeoutMs: timeoutOf(request.timeout), receivedAt: now } };
    }
    case "input": {
      const dialog = { method: "input", id, title: request.title, placeholder: request.placeholder ?? "" } as const;
      return { kind: "dialog", dialog: { ...dialog, timeoutMs: timeoutOf(request.timeout), receivedAt: now } };
    }
    case "editor": {
      const dialog = { method: "editor", id, title: request.title, prefill: request.prefill ?? "" } as const;
      return { kind: "dialog", dialog: { ...dialog, timeoutMs: timeoutOf(request.timeout), receivedAt: now } };
    }
    case "notify":
      return { kind: "notify", level: request.notifyType ?? "info", message: request.message };
    case "setStatus":
      return { kind: "status", key: request.statusKey, text: request.statusText };
    case "setWidget": {
      const placement = request.widgetPlacement ?? "aboveEditor";
      return { kind: "widget", key: request.widgetKey, lines: request.widgetLines, placement };
    }
    case "setTitle":
      return { kind: "title", title: request.title };
    case "set_editor_text":
      return { kind: "editor_text", text: request.text };
    case "cancel":
      return { kind: "cancel", targetId: request.targetId };
    default: {
      const never: never = request;
      return never;
    }
  }
}

/** Milliseconds left before a dialog times out, or undefined when it has no timeout. */
export function dialogRemainingMs(d: DialogRequest, now: number): number | undefined {
  // `now` may come from a clock that ticked before the request arrived: never count from earlier.
  return d.timeoutMs === undefined ? undefined : Math.max(0, d.timeoutMs - Math.max(0, now - d.receivedAt));
}
