// Stdout line → routed frame (§1.2 client routing, §11.7 error handling, Appendix B
// normalisation). Pure per line except the small state legacy compaction events need.
import type { AgentEvent, ExtensionUiRequest } from "./wire-types.js";
import { normaliseEvent, type NormaliserState } from "./normalise.js";

export interface ResponseFrame {
  type: "response";
  id?: string;
  command?: string;
  success: boolean;
  data?: unknown;
  error?: string;
  code?: string;
}

export interface HostToolCallFrame {
  type: "host_tool_call";
  id: string;
  toolCallId: string;
  toolName: string;
  arguments: Record<string, unknown>;
}

export type RoutedFrame =
  | { kind: "response"; frame: ResponseFrame }
  | { kind: "ready"; version?: string }
  | { kind: "ui_request"; request: ExtensionUiRequest }
  | { kind: "host_tool_call"; call: HostToolCallFrame }
  | { kind: "host_tool_cancel"; id: string; targetId: string }
  | { kind: "event"; event: AgentEvent }
  | { kind: "unknown_event"; type: string; raw: Record<string, unknown> }
  | { kind: "protocol_error"; message: string; excerpt: string }
  | { kind: "ignored"; type: string };

const EXCERPT_CHARS = 200;

export function excerptOf(line: string, redact: (text: string) => string): string {
  const cut = line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line;
  // Control characters are made visible so an excerpt can never drive the terminal.
  return redact(cut).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

// Some older oh-my-pi builds leaked BEL/OSC/CSI sequences onto stdout (§1.3 rule 9).
const LEADING_CONTROL = /^(?:\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b\[[0-9;?]*[ -/]*[@-~]|[\u0000-\u0008\u000b-\u001f])+/;

function parseObject(line: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const stripped = line.replace(LEADING_CONTROL, "");
    if (stripped === line) return { ok: false, message: `Invalid JSON on worker stdout: ${(error as Error).message}` };
    try {
      value = JSON.parse(stripped);
    } catch (second) {
      return { ok: false, message: `Invalid JSON on worker stdout: ${(second as Error).message}` };
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, message: "Worker frame is not a JSON object" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

const UI_METHODS = new Set(["select", "confirm", "input", "editor", "notify", "setStatus", "setWidget", "setTitle", "set_editor_text", "cancel"]);

export interface FrameRouter {
  route(line: string): RoutedFrame;
}

export function createFrameRouter(redact: (text: string) => string): FrameRouter {
  const state: NormaliserState = { compactionReason: undefined };
  const error = (message: string, line: string): RoutedFrame => ({ kind: "protocol_error", message, excerpt: excerptOf(line, redact) });

  return {
    route(line) {
      const parsed = parseObject(line);
      if (!parsed.ok) return error(parsed.message, line);
      const obj = parsed.value;
      const type = obj["type"];
      if (typeof type !== "string") return error('Worker frame has no string "type"', line);
      switch (type) {
        case "response": {
          if (typeof obj["success"] !== "boolean") return error('Response without boolean "success"', line);
          const frame: ResponseFrame = { type: "response", success: obj["success"] };
          if (typeof obj["id"] === "string") frame.id = obj["id"];
          if (typeof obj["command"] === "string") frame.command = obj["command"];
          if ("data" in obj) frame.data = obj["data"];
          if (typeof obj["error"] === "string") frame.error = obj["error"];
          else if (!obj["success"]) frame.error = "Unknown error";
          if (typeof obj["code"] === "string") frame.code = obj["code"];
          return { kind: "response", frame };
        }
        case "ready":
          return typeof obj["version"] === "string" ? { kind: "ready", version: obj["version"] } : { kind: "ready" };
        case "extension_ui_request": {
          if (typeof obj["id"] !== "string" || typeof obj["method"] !== "string") {
            return error('extension_ui_request needs string "id" and "method"', line);
          }
          if (!UI_METHODS.has(obj["method"])) return { kind: "unknown_event", type: `extension_ui_request:${obj["method"]}`, raw: obj };
          // Field shapes per method are the worker's; the UI tolerates missing optional ones.
          return { kind: "ui_request", request: obj as unknown as ExtensionUiRequest };
        }
        case "host_tool_call": {
          const { id, toolCallId, toolName } = obj;
          const args = obj["arguments"];
          if (typeof id !== "string" || typeof toolName !== "string") return error('host_tool_call needs string "id" and "toolName"', line);
          return {
            kind: "host_tool_call",
            call: {
              type: "host_tool_call",
              id,
              toolCallId: typeof toolCallId === "string" ? toolCallId : "",
              toolName,
              arguments: typeof args === "object" && args !== null && !Array.isArray(args) ? (args as Record<string, unknown>) : {},
            },
          };
        }
        case "host_tool_cancel": {
          const { id, targetId } = obj;
          if (typeof targetId !== "string") return error('host_tool_cancel needs string "targetId"', line);
          return { kind: "host_tool_cancel", id: typeof id === "string" ? id : "", targetId };
        }
        default: {
          const result = normaliseEvent(type, obj, state);
          if (result.kind === "invalid") return error(result.message, line);
          return result;
        }
      }
    },
  };
}
