// decodeWorkerFrame: the client's routing of one stdout value (docs/protocol.md §1.2): response,
// ready, extension UI request, host tool frames, events. Unknown types are never errors.

import type { AgentEvent, ReadyFrame } from "../types/events.js";
import type { ExtensionUIRequest } from "../types/extension-ui.js";
import type { HostToolCallFrame, HostToolCancelFrame } from "../types/host-tools.js";
import type { RpcResponse } from "../types/responses.js";
import { frameTypeOf } from "./command.js";
import { decodeEventObject } from "./events.js";
import { fail, fieldReader, isObject, runDecoder, stringsAt, type DecodeResult, type JsonObject } from "./result.js";

export type DecodedWorkerFrame =
  | { kind: "response"; frame: RpcResponse }
  | { kind: "ready"; frame: ReadyFrame }
  | { kind: "extension_ui_request"; frame: ExtensionUIRequest }
  | { kind: "host_tool_call"; frame: HostToolCallFrame }
  | { kind: "host_tool_cancel"; frame: HostToolCancelFrame }
  | { kind: "event"; event: AgentEvent }
  /**
   * A frame with a string `type` this client does not know, or a known frame with an unknown
   * sub-kind (UI method, message_update sub-event, session entry type): log and ignore (docs/protocol.md §1.2).
   */
  | { kind: "unknown_event"; type: string; raw: JsonObject };

export const INVALID_FRAME_ERROR = 'Invalid frame: expected a JSON object with a string "type"';

function decodeResponse(o: JsonObject): RpcResponse {
  const r = fieldReader(o, "response");
  const id = typeof o["id"] === "string" ? o["id"] : undefined;
  if (r.boolean("success")) {
    const frame: RpcResponse = { type: "response", command: r.string("command"), success: true };
    if (id !== undefined) frame.id = id;
    if ("data" in o) frame.data = o["data"];
    return frame;
  }
  const frame: RpcResponse = {
    type: "response",
    success: false,
    error: typeof o["error"] === "string" ? o["error"] : "Unknown error",
  };
  if (id !== undefined) frame.id = id;
  if (typeof o["command"] === "string") frame.command = o["command"];
  if (typeof o["code"] === "string") frame.code = o["code"];
  return frame;
}

function decodeUiRequest(o: JsonObject): ExtensionUIRequest | undefined {
  const r = fieldReader(o, "extension_ui_request");
  const id = r.string("id");
  const method = r.string("method");
  const base = { type: "extension_ui_request" as const, id };
  // Display fields default to "" so a sloppy dialog can still be shown and answered.
  const s = (key: string): string => r.optString(key) ?? "";
  const extra = <T extends object>(frame: T, fields: Record<string, unknown>): T => {
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(frame, { [key]: value });
    return frame;
  };
  const strings = (key: string): string[] | undefined => stringsAt(o, key);
  switch (method) {
    case "select": {
      const rawDetails: unknown = o["optionDetails"];
      const details = Array.isArray(rawDetails)
        ? rawDetails.map((d: unknown) =>
            isObject(d) && typeof d["description"] === "string" ? { description: d["description"] } : {},
          )
        : undefined;
      return extra(
        { ...base, method, title: s("title"), options: strings("options") ?? [] },
        { timeout: r.optNumber("timeout"), optionDetails: details, diff: r.optString("diff") },
      );
    }
    case "confirm":
      return extra({ ...base, method, title: s("title"), message: s("message") }, { timeout: r.optNumber("timeout") });
    case "input":
      return extra(
        { ...base, method, title: s("title") },
        { placeholder: r.optString("placeholder"), timeout: r.optNumber("timeout") },
      );
    case "editor":
      return extra(
        { ...base, method, title: s("title") },
        { prefill: r.optString("prefill"), promptStyle: r.optBoolean("promptStyle"), timeout: r.optNumber("timeout") },
      );
    case "notify":
      return extra(
        { ...base, method, message: s("message") },
        { notifyType: r.optOneOf("notifyType", ["info", "warning", "error"] as const) },
      );
    case "setStatus":
      return extra({ ...base, method, statusKey: r.string("statusKey") }, { statusText: r.optString("statusText") });
    case "setWidget":
      return extra(
        { ...base, method, widgetKey: r.string("widgetKey") },
        {
          widgetLines: strings("widgetLines"),
          widgetPlacement: r.optOneOf("widgetPlacement", ["aboveEditor", "belowEditor"] as const),
        },
      );
    case "setTitle":
      return { ...base, method, title: s("title") };
    case "set_editor_text":
      return { ...base, method, text: s("text") };
    case "cancel":
      return { ...base, method, targetId: r.string("targetId") };
    default:
      return undefined;
  }
}

function decodeObject(o: JsonObject, type: string): DecodedWorkerFrame {
  const unknown = (): DecodedWorkerFrame => ({ kind: "unknown_event", type, raw: o });
  switch (type) {
    case "response":
      return { kind: "response", frame: decodeResponse(o) };
    case "ready": {
      const frame: ReadyFrame = { type: "ready" };
      if (typeof o["version"] === "string") frame.version = o["version"];
      const live = o["live"];
      if (isObject(live) && typeof live["id"] === "string") {
        frame.live = typeof live["pid"] === "number" ? { id: live["id"], pid: live["pid"] } : { id: live["id"] };
      }
      return { kind: "ready", frame };
    }
    case "extension_ui_request": {
      const frame = decodeUiRequest(o);
      return frame === undefined ? unknown() : { kind: "extension_ui_request", frame };
    }
    case "host_tool_call": {
      const r = fieldReader(o, "host_tool_call");
      const args = o["arguments"];
      return {
        kind: "host_tool_call",
        frame: {
          type,
          id: r.string("id"),
          toolCallId: r.string("toolCallId"),
          toolName: r.string("toolName"),
          arguments: isObject(args) ? args : {},
        },
      };
    }
    case "host_tool_cancel": {
      const r = fieldReader(o, "host_tool_cancel");
      return { kind: "host_tool_cancel", frame: { type, id: r.string("id"), targetId: r.string("targetId") } };
    }
    default: {
      const event = decodeEventObject(o, type);
      return event === undefined ? unknown() : { kind: "event", event };
    }
  }
}

/** Decode one parsed stdout value of a worker (ours, pi, oh-my-pi or xcsh). */
export function decodeWorkerFrame(value: unknown): DecodeResult<DecodedWorkerFrame> {
  return runDecoder(() => {
    const type = frameTypeOf(value);
    if (type === undefined || !isObject(value)) return fail(INVALID_FRAME_ERROR);
    return decodeObject(value, type);
  });
}
