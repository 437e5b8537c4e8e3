// Tolerant readers of the payloads inside events and responses, for the client's view of them
// (client-event-types.ts): unknown fields ignored, missing optional ones defaulted, never a throw.
import type {
  ClientMessage,
  MessageBlock,
  PlanPhase,
  PlanTask,
  SessionSnapshot,
  TokenUsage,
  ToolOutput,
} from "./client-event-types.js";

type R = Record<string, unknown>;

export function isRecord(v: unknown): v is R {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
export function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : fallback;
}
export function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}
export function optStr(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
export function strArray(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

export function toTokenUsage(v: unknown): TokenUsage | undefined {
  if (!isRecord(v)) return undefined;
  const input = num(v["input"]);
  const output = num(v["output"]);
  const cacheRead = num(v["cacheRead"]);
  const cacheWrite = num(v["cacheWrite"]);
  const cost = isRecord(v["cost"]) ? num(v["cost"]["total"]) : 0;
  return {
    input,
    output,
    cacheRead,
    cacheWrite,
    totalTokens: num(v["totalTokens"], input + output + cacheRead + cacheWrite),
    costTotal: cost,
  };
}

export function toMessageBlock(v: unknown): MessageBlock {
  if (!isRecord(v)) return { type: "other", kind: typeof v };
  switch (v["type"]) {
    case "text":
      return { type: "text", text: str(v["text"]) };
    case "thinking":
      return { type: "thinking", thinking: str(v["thinking"]), redacted: v["redacted"] === true };
    case "toolCall":
      return {
        type: "toolCall",
        id: str(v["id"]),
        name: str(v["name"]),
        args: isRecord(v["arguments"]) ? v["arguments"] : {},
        argsText: str(v["partialArgs"]),
      };
    case "image":
      return {
        type: "image",
        mimeType: str(v["mimeType"], isRecord(v["source"]) ? str(v["source"]["mediaType"]) : ""),
      };
    default:
      return { type: "other", kind: str(v["type"], "unknown") };
  }
}

function blocksOf(v: R): MessageBlock[] {
  const content = v["content"];
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (Array.isArray(content)) return content.map(toMessageBlock);
  // Summaries (compaction, branch) and bash results carry their text elsewhere.
  if (typeof v["summary"] === "string") return [{ type: "text", text: v["summary"] }];
  if (typeof v["output"] === "string") return [{ type: "text", text: v["output"] }];
  return [];
}

/** A message of any role; undefined for something that is not a message at all. */
export function toClientMessage(v: unknown): ClientMessage | undefined {
  if (!isRecord(v)) return undefined;
  const role = str(v["role"], "unknown") === "hookMessage" ? "custom" : str(v["role"], "unknown");
  const msg: ClientMessage = { role, blocks: blocksOf(v) };
  const usage = toTokenUsage(v["usage"]);
  if (usage) msg.usage = usage;
  const stop = optStr(v["stopReason"]);
  if (stop !== undefined) msg.stopReason = stop;
  const err = optStr(v["errorMessage"]);
  if (err !== undefined) msg.errorMessage = err;
  const model = optStr(v["model"]);
  if (model !== undefined) msg.model = model;
  if (typeof v["display"] === "boolean") msg.display = v["display"];
  const customType = optStr(v["customType"]);
  if (customType !== undefined) msg.customType = customType;
  const toolCallId = optStr(v["toolCallId"]);
  if (toolCallId !== undefined) msg.toolCallId = toolCallId;
  return msg;
}

export function toToolOutput(v: unknown): ToolOutput {
  if (!isRecord(v)) return { text: "", details: undefined, images: 0 };
  const content = Array.isArray(v["content"]) ? v["content"] : [];
  let text = "";
  let images = 0;
  for (const c of content) {
    if (!isRecord(c)) continue;
    if (c["type"] === "text") text += (text ? "\n" : "") + str(c["text"]);
    else if (c["type"] === "image") images += 1;
  }
  return { text, details: isRecord(v["details"]) ? v["details"] : undefined, images };
}

/** Todo tasks of any worker; ids by position where missing, `activeForm` standing in for `content`. */
export function toPlanTasks(v: unknown): PlanTask[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((t, ti) => {
    const task: PlanTask = {
      id: str(t["id"], `task-${ti + 1}`),
      content: str(t["content"], str(t["activeForm"])),
      status: str(t["status"], "pending"),
    };
    const details = optStr(t["details"]);
    if (details !== undefined) task.details = details;
    return task;
  });
}

/** Todo phases of any worker; ids by position where missing. */
export function toPlanPhases(v: unknown): PlanPhase[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((p, pi) => ({
    id: str(p["id"], `phase-${pi + 1}`),
    name: str(p["name"], `Phase ${pi + 1}`),
    tasks: toPlanTasks(p["tasks"]),
  }));
}

/** get_state data of any flavour -> the fields the footer and the todo pane use. */
export function toSessionSnapshot(raw: unknown): SessionSnapshot {
  const r = isRecord(raw) ? raw : {};
  const m = r["model"];
  return {
    model: isRecord(m)
      ? {
          id: str(m["id"]),
          name: str(m["name"], str(m["id"])),
          provider: str(m["provider"]),
          contextWindow: typeof m["contextWindow"] === "number" ? num(m["contextWindow"]) : undefined,
          reasoning: m["reasoning"] === true,
          imageInput: Array.isArray(m["input"]) ? m["input"].includes("image") : undefined,
        }
      : undefined,
    thinkingLevel: optStr(r["thinkingLevel"]),
    isStreaming: r["isStreaming"] === true,
    sessionName: optStr(r["sessionName"]),
    todoPhases: Array.isArray(r["todoPhases"]) ? toPlanPhases(r["todoPhases"]) : undefined,
  };
}
