// Decodes extension_ui_request frames (PROTOCOL docs/protocol.md §7) into dialogs (data, queued in state) and
// fire-and-forget effects (notify, setStatus, setWidget, setTitle, set_editor_text, cancel).
import type { DialogRequest, NoticeLevel } from "./types.js";
import { isRecord, num, optStr, str, strArray } from "../../bridge/index.js";

export type UiRequest =
  | { kind: "dialog"; dialog: DialogRequest }
  | { kind: "notify"; level: NoticeLevel; message: string }
  | { kind: "status"; key: string; text: string | undefined }
  | { kind: "widget"; key: string; lines: string[] | undefined; placement: "aboveEditor" | "belowEditor" }
  | { kind: "title"; title: string }
  | { kind: "editor_text"; text: string }
  | { kind: "cancel"; targetId: string }
  | { kind: "unknown"; method: string };

function timeoutOf(r: Record<string, unknown>): number | undefined {
  const t = r["timeout"];
  return typeof t === "number" && t > 0 ? t : undefined;
}

/** Decode one request; `now` stamps dialogs for their countdown. Never throws. */
export function decodeUiRequest(raw: unknown, now: number): UiRequest {
  if (!isRecord(raw)) return { kind: "unknown", method: typeof raw };
  const id = str(raw["id"]);
  const method = str(raw["method"]);
  const title = str(raw["title"]);
  const timeoutMs = timeoutOf(raw);
  switch (method) {
    case "select":
      return { kind: "dialog", dialog: { method, id, title, options: strArray(raw["options"]), timeoutMs, receivedAt: now } };
    case "confirm":
      return { kind: "dialog", dialog: { method, id, title, message: str(raw["message"]), timeoutMs, receivedAt: now } };
    case "input":
      return { kind: "dialog", dialog: { method, id, title, placeholder: str(raw["placeholder"]), timeoutMs, receivedAt: now } };
    case "editor":
      return { kind: "dialog", dialog: { method, id, title, prefill: str(raw["prefill"]), timeoutMs, receivedAt: now } };
    case "notify": {
      const t = raw["notifyType"];
      const level: NoticeLevel = t === "warning" || t === "error" ? t : "info";
      return { kind: "notify", level, message: str(raw["message"]) };
    }
    case "setStatus":
      return { kind: "status", key: str(raw["statusKey"]), text: optStr(raw["statusText"]) };
    case "setWidget":
      return {
        kind: "widget",
        key: str(raw["widgetKey"]),
        lines: Array.isArray(raw["widgetLines"]) ? strArray(raw["widgetLines"]) : undefined,
        placement: raw["widgetPlacement"] === "belowEditor" ? "belowEditor" : "aboveEditor",
      };
    case "setTitle":
      return { kind: "title", title };
    case "set_editor_text":
      return { kind: "editor_text", text: str(raw["text"]) };
    case "cancel":
      return { kind: "cancel", targetId: str(raw["targetId"]) };
    default:
      return { kind: "unknown", method: method || String(num(raw["method"])) };
  }
}

/** Milliseconds left before a dialog times out, or undefined when it has no timeout. */
export function dialogRemainingMs(d: DialogRequest, now: number): number | undefined {
  // `now` may come from a clock that ticked before the request arrived: never count from earlier.
  return d.timeoutMs === undefined ? undefined : Math.max(0, d.timeoutMs - Math.max(0, now - d.receivedAt));
}
