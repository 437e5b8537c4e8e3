// Tolerant decoders for messages, content blocks and usage as other workers send them
// (docs/protocol.md §5, docs/protocol.md Appendix B): unknown fields are kept, missing optional ones defaulted,
// legacy images and the hookMessage role normalised, unknown roles wrapped as `unknown_role`.

import type {
  AgentMessage,
  AgentToolResult,
  AssistantContentBlock,
  AssistantMessage,
  ImageContent,
  StopReason,
  TextContent,
  ToolCall,
  ToolResultMessage,
  Usage,
  UserContentBlock,
} from "../types/messages.js";
import { fail, isObject, type JsonObject } from "./result.js";

const STOP_REASONS: readonly StopReason[] = ["stop", "length", "toolUse", "error", "aborted"];

const num = (value: unknown, fallback = 0): number =>
  typeof value === "number" && Number.isFinite(value) ? value : fallback;
const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);

/** docs/protocol.md §5.7 Missing counters are 0; a missing `totalTokens` is the sum of the four counters. */
export function decodeUsage(value: unknown): Usage {
  const u = isObject(value) ? value : {};
  const c = isObject(u["cost"]) ? u["cost"] : {};
  const input = num(u["input"]);
  const output = num(u["output"]);
  const cacheRead = num(u["cacheRead"]);
  const cacheWrite = num(u["cacheWrite"]);
  const cost = {
    input: num(c["input"]),
    output: num(c["output"]),
    cacheRead: num(c["cacheRead"]),
    cacheWrite: num(c["cacheWrite"]),
    total: 0,
  };
  cost.total = num(c["total"], cost.input + cost.output + cost.cacheRead + cost.cacheWrite);
  return {
    input,
    output,
    cacheRead,
    cacheWrite,
    totalTokens: num(u["totalTokens"], input + output + cacheRead + cacheWrite),
    cost,
  };
}

/** A block this client does not know keeps its slot (content indexes stay valid) as a text note. */
function placeholder(block: unknown): TextContent {
  const type = isObject(block) && typeof block["type"] === "string" ? block["type"] : typeof block;
  return { type: "text", text: `[unsupported content: ${type}]` };
}

function decodeImage(block: JsonObject): ImageContent | TextContent {
  const source = block["source"];
  if (isObject(source)) {
    // docs/protocol.md Appendix B: legacy `{ source: { type: "base64", mediaType, data } }` → `{ data, mimeType }`.
    if (source["type"] === "base64")
      return { type: "image", data: str(source["data"]), mimeType: str(source["mediaType"]) };
    return { type: "text", text: `[image: ${str(source["url"], "unsupported source")}]` };
  }
  return { ...block, type: "image", data: str(block["data"]), mimeType: str(block["mimeType"]) };
}

function decodeUserBlock(block: unknown): UserContentBlock {
  if (!isObject(block)) return placeholder(block);
  if (block["type"] === "text") return { ...block, type: "text", text: str(block["text"]) };
  if (block["type"] === "image") return decodeImage(block);
  return placeholder(block);
}

/** Content of user / tool result / custom messages and of AgentToolResult. */
export function decodeToolResultContent(list: unknown): UserContentBlock[] {
  return Array.isArray(list) ? list.map(decodeUserBlock) : [];
}

function decodeUserContent(value: unknown): string | UserContentBlock[] {
  return typeof value === "string" ? value : decodeToolResultContent(value);
}

export function decodeToolCall(block: JsonObject): ToolCall {
  const args = block["arguments"];
  return {
    ...block,
    type: "toolCall",
    id: str(block["id"]),
    name: str(block["name"]),
    arguments: isObject(args) ? args : {},
  };
}

function decodeAssistantBlock(block: unknown): AssistantContentBlock {
  if (!isObject(block)) return placeholder(block);
  switch (block["type"]) {
    case "text":
      return { ...block, type: "text", text: str(block["text"]) };
    case "thinking":
      return { ...block, type: "thinking", thinking: str(block["thinking"]) };
    case "toolCall":
      return decodeToolCall(block);
    default:
      return placeholder(block);
  }
}

/** docs/protocol.md §4.3 `{ content, details? }`; a missing content array becomes []. */
export function decodeAgentToolResult(value: unknown): AgentToolResult {
  const obj = isObject(value) ? value : {};
  const result: AgentToolResult = { content: decodeToolResultContent(obj["content"]) };
  if (obj["details"] !== undefined) result.details = obj["details"];
  return result;
}

function decodeAssistantFields(m: JsonObject): AssistantMessage {
  const stop = STOP_REASONS.find((reason) => reason === m["stopReason"]);
  const message: AssistantMessage = {
    ...m,
    role: "assistant",
    content: Array.isArray(m["content"]) ? m["content"].map(decodeAssistantBlock) : [],
    api: str(m["api"]),
    provider: str(m["provider"]),
    model: str(m["model"]),
    usage: decodeUsage(m["usage"]),
    // An unknown stop reason from a newer worker is shown as an error rather than dropped.
    stopReason: stop ?? (m["stopReason"] === undefined ? "stop" : "error"),
    timestamp: num(m["timestamp"]),
  };
  return message;
}

/** An object with a string `role`; `where` names the field in errors (e.g. `message_end: "message"`). */
export function decodeAgentMessage(value: unknown, where: string): AgentMessage {
  if (!isObject(value) || typeof value["role"] !== "string")
    return fail(`${where} must be a message object with a string "role"`);
  const m = value;
  const role = value["role"];
  const timestamp = num(m["timestamp"]);
  switch (role) {
    case "user":
      return { ...m, role: "user", content: decodeUserContent(m["content"]), timestamp };
    case "assistant":
      return decodeAssistantFields(m);
    case "toolResult":
      return decodeToolResultMessage(m);
    case "bashExecution": {
      const { fullOutputPath, ...rest } = m;
      return {
        ...rest,
        role: "bashExecution",
        command: str(m["command"]),
        output: str(m["output"]),
        cancelled: m["cancelled"] === true,
        truncated: m["truncated"] === true,
        // docs/protocol.md Appendix B: `fullOutputPath: null` means absent.
        ...(typeof fullOutputPath === "string" ? { fullOutputPath } : {}),
        timestamp,
      };
    }
    case "custom":
    case "hookMessage":
      // docs/protocol.md Appendix B: the v2 role `hookMessage` is `custom`.
      return {
        ...m,
        role: "custom",
        customType: str(m["customType"]),
        content: decodeUserContent(m["content"]),
        display: m["display"] !== false,
        timestamp,
      };
    case "branchSummary":
      return { ...m, role: "branchSummary", summary: str(m["summary"]), fromId: str(m["fromId"]), timestamp };
    case "compactionSummary":
      return {
        ...m,
        role: "compactionSummary",
        summary: str(m["summary"]),
        tokensBefore: num(m["tokensBefore"]),
        timestamp,
      };
    default:
      return { role: "unknown_role", originalRole: role, raw: m, timestamp };
  }
}

export function decodeAssistantMessage(value: unknown, where: string): AssistantMessage {
  if (!isObject(value) || value["role"] !== "assistant") return fail(`${where} must be an assistant message`);
  return decodeAssistantFields(value);
}

function decodeToolResultMessage(m: JsonObject): ToolResultMessage {
  const message: ToolResultMessage = {
    ...m,
    role: "toolResult",
    toolCallId: str(m["toolCallId"]),
    toolName: str(m["toolName"]),
    content: decodeToolResultContent(m["content"]),
    isError: m["isError"] === true,
    timestamp: num(m["timestamp"]),
  };
  if (m["usage"] !== undefined) message.usage = decodeUsage(m["usage"]);
  return message;
}

export function decodeToolResultMessageValue(value: unknown, where: string): ToolResultMessage {
  if (!isObject(value) || value["role"] !== "toolResult") return fail(`${where} must be a tool result message`);
  return decodeToolResultMessage(value);
}
