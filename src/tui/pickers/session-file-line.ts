// The one decoder of the session files /resume reads from disk (pi's v3 JSONL: a header line,
// then entries): each line as the little a summary needs, typed; anything else is undefined.
// Tolerant as the worker is: a line that is not JSON (a torn last line) is skipped.
import { isRecord, str } from "../../bridge/index.js";

export type SessionFileLine =
  | { kind: "header"; id: string; cwd: string; timestamp: string; parentSession: string }
  | { kind: "name"; name: string }
  | { kind: "message"; role: string; timestamp: string; text: string };

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b) => (isRecord(b) && b["type"] === "text" ? str(b["text"]) : "")).join(" ");
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch (error) {
    void error; // not JSON: not a line of a session file, which is what undefined says
    return undefined;
  }
}

/** The header line (the first); undefined when the file is not a session file. */
export function decodeSessionHeader(line: string): Extract<SessionFileLine, { kind: "header" }> | undefined {
  // A UTF-8 BOM before the header is accepted, as the worker accepts it.
  const value = parse(line.replace(/^\uFEFF/, ""));
  if (!isRecord(value) || value["type"] !== "session") return undefined;
  const fields = { id: str(value["id"]), cwd: str(value["cwd"]), timestamp: str(value["timestamp"]) };
  return { kind: "header", ...fields, parentSession: str(value["parentSession"]) };
}

/** An entry line: the session's name, or a message (its role, time and text); undefined otherwise. */
export function decodeSessionEntryLine(line: string): SessionFileLine | undefined {
  const entry = parse(line);
  if (!isRecord(entry)) return undefined;
  if (entry["type"] === "session_info") return { kind: "name", name: str(entry["name"]) };
  const message = entry["message"];
  if (entry["type"] !== "message" || !isRecord(message)) return undefined;
  const role = str(message["role"]);
  const text = role === "user" ? textOf(message["content"]) : "";
  return { kind: "message", role, timestamp: str(entry["timestamp"]), text };
}
