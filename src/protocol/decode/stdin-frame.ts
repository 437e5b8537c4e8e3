// decodeStdinFrame: the worker's routing of one stdin value (docs/protocol.md §1.2): extension UI
// responses, host tool frames, then commands. Failures carry the response fields to answer with.

import { INVALID_COMMAND_ERROR } from "../constants.js";
import type { RpcCommand } from "../types/commands.js";
import type { ExtensionUIResponse } from "../types/extension-ui.js";
import type { HostToolResultFrame, HostToolUpdateFrame } from "../types/host-tools.js";
import type { AgentToolResult } from "../types/messages.js";
import { commandIdOf, decodeCommand, frameTypeOf } from "./command.js";
import { isObject, type JsonObject } from "./result.js";
import { decodeToolResultContent } from "./messages.js";

export type StdinFrame =
  | { kind: "extension_ui_response"; frame: ExtensionUIResponse }
  | { kind: "host_tool_update"; frame: HostToolUpdateFrame }
  | { kind: "host_tool_result"; frame: HostToolResultFrame }
  | { kind: "command"; command: RpcCommand };

/**
 * A failure, with what the worker's error response should carry: `command` ("parse" for a
 * value that is not a typed object, else the frame type) and the command `id` when it had a
 * string one. Host tool and UI frames never echo their id: it is not a command id (docs/protocol.md §8.4).
 */
export interface StdinDecodeFailure {
  ok: false;
  error: string;
  command: string;
  id?: string;
}

export type StdinDecodeResult = { ok: true; value: StdinFrame } | StdinDecodeFailure;

function decodeUiResponse(value: JsonObject): StdinDecodeResult {
  const id = value["id"];
  if (typeof id !== "string") {
    return { ok: false, error: 'extension_ui_response: "id" must be a string', command: "extension_ui_response" };
  }
  // docs/protocol.md §7.3: a mismatched or empty shape resolves to the dialog's default, i.e. a cancellation.
  let frame: ExtensionUIResponse;
  if (value["cancelled"] === true) {
    frame = { type: "extension_ui_response", id, cancelled: true };
    if (typeof value["timedOut"] === "boolean") frame.timedOut = value["timedOut"];
  } else if (typeof value["value"] === "string") {
    frame = { type: "extension_ui_response", id, value: value["value"] };
  } else if (typeof value["confirmed"] === "boolean") {
    frame = { type: "extension_ui_response", id, confirmed: value["confirmed"] };
  } else {
    frame = { type: "extension_ui_response", id, cancelled: true };
  }
  return { ok: true, value: { kind: "extension_ui_response", frame } };
}

/** `result` / `partialResult` with a `content` array, else undefined (docs/protocol.md §1.2 rule 2). */
function toolResultOf(value: unknown): AgentToolResult | undefined {
  if (!isObject(value) || !Array.isArray(value["content"])) return undefined;
  const result: AgentToolResult = { content: decodeToolResultContent(value["content"]) };
  if (value["details"] !== undefined) result.details = value["details"];
  return result;
}

function decodeHostFrame(value: JsonObject, type: "host_tool_update" | "host_tool_result"): StdinDecodeResult {
  const key = type === "host_tool_result" ? "result" : "partialResult";
  const id = value["id"];
  const result = toolResultOf(value[key]);
  if (result === undefined) {
    return { ok: false, error: `Invalid host tool frame: ${key}.content must be an array`, command: type };
  }
  if (typeof id !== "string")
    return { ok: false, error: "Invalid host tool frame: id must be a string", command: type };
  if (type === "host_tool_update") {
    return { ok: true, value: { kind: "host_tool_update", frame: { type, id, partialResult: result } } };
  }
  const frame: HostToolResultFrame = { type, id, result };
  if (typeof value["isError"] === "boolean") frame.isError = value["isError"];
  return { ok: true, value: { kind: "host_tool_result", frame } };
}

/** Decode one parsed stdin value of the worker. */
export function decodeStdinFrame(value: unknown): StdinDecodeResult {
  const type = frameTypeOf(value);
  if (type === "extension_ui_response" && isObject(value)) return decodeUiResponse(value);
  if ((type === "host_tool_update" || type === "host_tool_result") && isObject(value))
    return decodeHostFrame(value, type);
  const decoded = decodeCommand(value);
  if (decoded.ok) return { ok: true, value: { kind: "command", command: decoded.value } };
  const failure: StdinDecodeFailure = {
    ok: false,
    error: decoded.error,
    command: type ?? "parse",
  };
  const id = commandIdOf(value);
  if (id !== undefined) failure.id = id;
  if (decoded.error === INVALID_COMMAND_ERROR) failure.command = "parse";
  return failure;
}
