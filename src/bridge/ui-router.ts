// Extension-UI routing (docs/protocol.md §7.4, §7.6): tracks open dialogs of the current worker generation,
// closes them on the worker's `cancel`, on their `timeout`, and on exit; drops late answers.
import type { ExtensionUiRequest } from "./wire-types.js";
import type { BridgeNotice, UiResponse } from "./types.js";

const DIALOG_METHODS = new Set(["select", "confirm", "input", "editor"]);

interface OpenDialog {
  generation: number;
  method: string;
  timer: NodeJS.Timeout | undefined;
}

export interface UiRouter {
  /** Route a request; returns the notices to emit. */
  handle(request: ExtensionUiRequest, generation: number): BridgeNotice[];
  /** The UI answered: returns the frame to send, or undefined when the answer must be dropped. */
  answer(id: string, response: UiResponse): Record<string, unknown> | undefined;
  /** Cancel every open dialog by answering `cancelled` (session change initiated by the client). */
  cancelAllWithAnswers(): { frames: Record<string, unknown>[]; notices: BridgeNotice[] };
  /** The worker is gone: close everything locally, nothing is sent. */
  closeAll(): BridgeNotice[];
  openCount(): number;
}

export function createUiRouter(emit: (notice: BridgeNotice) => void): UiRouter {
  const open = new Map<string, OpenDialog>();

  const close = (id: string): boolean => {
    const dialog = open.get(id);
    if (!dialog) return false;
    if (dialog.timer) clearTimeout(dialog.timer);
    open.delete(id);
    return true;
  };

  return {
    handle(request, generation) {
      if (request.method === "cancel") {
        return close(request.targetId)
          ? [{ kind: "ui_request_closed", id: request.targetId, reason: "cancelled" }]
          : [];
      }
      if (DIALOG_METHODS.has(request.method)) {
        const dialog: OpenDialog = { generation, method: request.method, timer: undefined };
        const timeout = "timeout" in request ? request.timeout : undefined;
        if (typeof timeout === "number" && timeout > 0) {
          // The worker resolves the dialog itself at its timeout and sends nothing (docs/protocol.md §7.4).
          dialog.timer = setTimeout(() => {
            if (close(request.id)) emit({ kind: "ui_request_closed", id: request.id, reason: "timeout" });
          }, timeout);
          dialog.timer.unref?.();
        }
        open.set(request.id, dialog);
      }
      return [{ kind: "ui_request", request }];
    },
    answer(id, response) {
      if (!close(id)) return undefined;
      return { type: "extension_ui_response", id, ...response };
    },
    cancelAllWithAnswers() {
      const ids = [...open.keys()];
      for (const id of ids) close(id);
      return {
        frames: ids.map((id) => ({ type: "extension_ui_response", id, cancelled: true })),
        notices: ids.map((id) => ({ kind: "ui_request_closed", id, reason: "cancelled" }) as const),
      };
    },
    closeAll() {
      const ids = [...open.keys()];
      for (const id of ids) close(id);
      return ids.map((id) => ({ kind: "ui_request_closed", id, reason: "worker_exit" }) as const);
    },
    openCount: () => open.size,
  };
}
