// The wire shapes the TUI reads, decoded from `unknown` at the edge (tolerant: unknown fields
// ignored, missing optional fields defaulted). Local types until the bridge re-exports them.
export type Usage = {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  costTotal: number;
};

export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; redacted: boolean }
  | { type: "toolCall"; id: string; name: string; args: Record<string, unknown>; argsText: string }
  | { type: "image"; mimeType: string }
  | { type: "other"; kind: string };

export type WireMessage = {
  role: string;
  blocks: ContentBlock[];
  /** Assistant-only fields. */
  usage?: Usage;
  stopReason?: string;
  errorMessage?: string;
  model?: string;
  /** Custom messages. */
  display?: boolean;
  customType?: string;
  /** toolResult */
  toolCallId?: string;
};

export type ToolResult = { text: string; details: Record<string, unknown> | undefined; images: number };

export type TodoTask = { id: string; content: string; status: string; details?: string };
export type TodoPhase = { id: string; name: string; tasks: TodoTask[] };

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

export function decodeUsage(v: unknown): Usage | undefined {
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

export function decodeBlock(v: unknown): ContentBlock {
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
      return { type: "image", mimeType: str(v["mimeType"], isRecord(v["source"]) ? str(v["source"]["mediaType"]) : "") };
    default:
      return { type: "other", kind: str(v["type"], "unknown") };
  }
}

export function decodeMessage(v: unknown): WireMessage | undefined {
  if (!isRecord(v)) return undefined;
  const role = str(v["role"], "unknown") === "hookMessage" ? "custom" : str(v["role"], "unknown");
  const content = v["content"];
  let blocks: ContentBlock[];
  if (typeof content === "string") blocks = [{ type: "text", text: content }];
  else if (Array.isArray(content)) blocks = content.map(decodeBlock);
  else if (typeof v["summary"] === "string") blocks = [{ type: "text", text: v["summary"] }];
  else if (typeof v["output"] === "string") blocks = [{ type: "text", text: v["output"] }];
  else blocks = [];
  const msg: WireMessage = { role, blocks };
  const usage = decodeUsage(v["usage"]);
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

export function decodeToolResult(v: unknown): ToolResult {
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

export function decodeTodoPhases(v: unknown): TodoPhase[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((p, pi) => ({
    id: str(p["id"], `phase-${pi + 1}`),
    name: str(p["name"], `Phase ${pi + 1}`),
    tasks: (Array.isArray(p["tasks"]) ? p["tasks"] : []).filter(isRecord).map((t, ti) => {
      const task: TodoTask = {
        id: str(t["id"], `task-${ti + 1}`),
        content: str(t["content"], str(t["activeForm"])),
        status: str(t["status"], "pending"),
      };
      const details = optStr(t["details"]);
      if (details !== undefined) task.details = details;
      return task;
    }),
  }));
}
