// Stdout line → routed frame (docs/protocol.md §1.2 client routing, §11.7 error handling,
// Appendix B normalisation). Pure per line except the small state legacy compaction events need.
import { decodeWorkerFrame, type DecodedWorkerFrame } from "../protocol/index.js";
import { CSI_SOURCE, OSC_SOURCE } from "../protocol/terminal-sequences.js";
import type { AgentEvent, ExtensionUiRequest, HostToolCallFrame } from "./wire-types.js";
import {
  fastBulkEvent,
  fastMessageUpdate,
  normaliseDecodedEvent,
  renameLegacyFields,
  type NormaliserState,
} from "./normalise.js";
import { liveRole, type LiveRole } from "./live-link.js";

export interface ResponseFrame {
  type: "response";
  id?: string;
  command?: string;
  success: boolean;
  data?: unknown;
  error?: string;
  code?: string;
}

export type RoutedFrame =
  | { kind: "response"; frame: ResponseFrame }
  | { kind: "ready"; version?: string; live?: { id: string; pid?: number } }
  /** A live worker let this client go: another client took over, or the worker ended. */
  | { kind: "live_detached"; reason: string }
  /** A live worker says whether this client controls it or watches (docs/protocol-notes.md). */
  | { kind: "live_control"; role: LiveRole }
  | { kind: "ui_request"; request: ExtensionUiRequest }
  | { kind: "host_tool_call"; call: HostToolCallFrame }
  | { kind: "host_tool_cancel"; id: string; targetId: string }
  /** `refetchState`: an [xcsh]/omp `handoff` compaction ended; the session may have changed
   *  (docs/protocol.md §4.5). `continues`: omp's `agent_end` with `isTerminal: false` (the decoder
   *  drops that field): a continuation may follow. */
  | { kind: "event"; event: AgentEvent; refetchState?: true; continues?: true }
  | { kind: "unknown_event"; type: string; raw: Record<string, unknown> }
  | { kind: "protocol_error"; message: string; excerpt: string }
  | { kind: "ignored"; type: string };

const EXCERPT_CHARS = 200;

export function excerptOf(line: string, redact: (text: string) => string): string {
  const cut = line.length > EXCERPT_CHARS ? `${line.slice(0, EXCERPT_CHARS)}…` : line;
  // Control characters are made visible so an excerpt can never drive the terminal.
  return redact(cut).replace(
    /[\u0000-\u0008\u000b-\u001f\u007f]/g,
    (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}

// Some older oh-my-pi builds leaked BEL/OSC/CSI sequences onto stdout (docs/protocol.md §1.3 rule 9).
const LEADING_CONTROL = new RegExp(`^(?:${OSC_SOURCE}|${CSI_SOURCE}|[\\u0000-\\u0008\\u000b-\\u001f])+`);

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

/** omp's non-terminal `agent_end`: the run may continue (a background job's result), docs/protocol.md §4.12. */
function continuesRun(obj: Record<string, unknown>): boolean {
  return obj["type"] === "agent_end" && obj["isTerminal"] === false;
}

export interface FrameRouter {
  route(line: string): RoutedFrame;
}

type ProtocolError = (message: string, line: string) => RoutedFrame;

/** Fast path for a raw `response` frame: checked field by field without the full decoder. */
function routeRawResponse(obj: Record<string, unknown>, line: string, error: ProtocolError): RoutedFrame {
  if (typeof obj["success"] !== "boolean") return error('Response without boolean "success"', line);
  const out: ResponseFrame = { type: "response", success: obj["success"] };
  if (typeof obj["id"] === "string") out.id = obj["id"];
  if (typeof obj["command"] === "string") out.command = obj["command"];
  if (obj["success"]) {
    if ("data" in obj) out.data = obj["data"];
  } else {
    out.error = typeof obj["error"] === "string" ? obj["error"] : "Unknown error";
    if (typeof obj["code"] === "string") out.code = obj["code"];
  }
  return { kind: "response", frame: out };
}

/** A decoded `response` frame in the client's shape. */
function routeDecodedResponse(r: Extract<DecodedWorkerFrame, { kind: "response" }>["frame"]): RoutedFrame {
  const out: ResponseFrame = { type: "response", success: r.success };
  if (r.id !== undefined) out.id = r.id;
  if (r.command !== undefined) out.command = r.command;
  if (r.success) {
    if ("data" in r) out.data = r.data;
  } else {
    out.error = r.error;
    if (r.code !== undefined) out.code = r.code;
  }
  return { kind: "response", frame: out };
}

/** A decoded agent event, normalised, with the hints the session needs about what follows it. */
function routeDecodedEvent(
  frame: Extract<DecodedWorkerFrame, { kind: "event" }>,
  obj: Record<string, unknown>,
  state: NormaliserState,
): RoutedFrame {
  const event = normaliseDecodedEvent(frame.event, state);
  const handoff = frame.event.type === "auto_compaction_end" && frame.event.action === "handoff";
  if (handoff) return { kind: "event", event, refetchState: true };
  return continuesRun(obj) ? { kind: "event", event, continues: true } : { kind: "event", event };
}

/** Frames the decoder accepted, by kind. */
function routeDecoded(frame: DecodedWorkerFrame, obj: Record<string, unknown>, state: NormaliserState): RoutedFrame {
  switch (frame.kind) {
    case "response":
      return routeDecodedResponse(frame.frame);
    case "ready": {
      const ready: RoutedFrame = { kind: "ready" };
      if (frame.frame.version !== undefined) ready.version = frame.frame.version;
      if (frame.frame.live !== undefined) ready.live = frame.frame.live;
      return ready;
    }
    case "extension_ui_request":
      return { kind: "ui_request", request: frame.frame };
    case "host_tool_call":
      return { kind: "host_tool_call", call: frame.frame };
    case "host_tool_cancel":
      return { kind: "host_tool_cancel", id: frame.frame.id, targetId: frame.frame.targetId };
    case "event":
      return routeDecodedEvent(frame, obj, state);
    case "unknown_event":
      if (frame.type === "live_detached")
        return {
          kind: "live_detached",
          reason: typeof frame.raw["reason"] === "string" ? frame.raw["reason"] : "unknown",
        };
      if (frame.type === "live_control") {
        const role = liveRole(frame.raw["role"]);
        if (role !== undefined) return { kind: "live_control", role };
      }
      return { kind: "unknown_event", type: frame.type, raw: frame.raw };
    default: {
      const never: never = frame;
      return never;
    }
  }
}

export function createFrameRouter(redact: (text: string) => string): FrameRouter {
  const state: NormaliserState = { compactionReason: undefined };
  const error: ProtocolError = (message, line) => ({
    kind: "protocol_error",
    message,
    excerpt: excerptOf(line, redact),
  });

  return {
    route(line) {
      const parsed = parseObject(line);
      if (!parsed.ok) return error(parsed.message, line);
      const obj = parsed.value;
      // Hot paths first (most of a stream); their payloads are decoded where they are used.
      const type = obj["type"];
      if (type === "message_update") {
        const fast = fastMessageUpdate(obj);
        return fast.kind === "invalid" ? error(fast.message, line) : fast;
      }
      if (type === "response") return routeRawResponse(obj, line, error);
      if (typeof type === "string") {
        const bulk = fastBulkEvent(type, obj);
        if (bulk)
          return continuesRun(obj) ? { kind: "event", event: bulk, continues: true } : { kind: "event", event: bulk };
        renameLegacyFields(type, obj);
      }
      const decoded = decodeWorkerFrame(obj);
      if (!decoded.ok) return error(decoded.error, line);
      return routeDecoded(decoded.value, obj, state);
    },
  };
}
