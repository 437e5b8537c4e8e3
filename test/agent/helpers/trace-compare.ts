// Compare our frame sequence with a pi 0.73.1 trace: responses and events as tokens, minus
// the documented differences (ready, agent_settled, bash_execution_update) and the streaming
// update frames whose count depends on chunk timing.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, type Frame } from "./agent-process.js";

const SKIP = new Set(["ready", "agent_settled", "message_update", "tool_execution_update", "bash_execution_update"]);

export function tokens(frames: readonly Frame[]): string[] {
  return frames
    .filter((frame) => !SKIP.has(frame.type))
    .map((frame) => {
      if (frame.type === "response") return `response:${String(frame["command"])}:${String(frame["success"])}`;
      if (frame.type === "message_start" || frame.type === "message_end")
        return `${frame.type}:${String((frame["message"] as { role?: string }).role)}`;
      return frame.type;
    });
}

export function loadTrace(name: string): Frame[] {
  const text = readFileSync(join(ROOT, "test", "fixtures", "traces", "pi-0.73.1", `${name}.jsonl`), "utf8");
  return text
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as Frame);
}

/** Frames of a trace from the response with `fromId` (inclusive) up to the response with `toId` (exclusive). */
export function slice(frames: readonly Frame[], fromId: string, toId?: string): Frame[] {
  const start = frames.findIndex((f) => f.type === "response" && f["id"] === fromId);
  if (start < 0) throw new Error(`no response ${fromId}`);
  const end = toId === undefined ? frames.length : frames.findIndex((f) => f.type === "response" && f["id"] === toId);
  if (end < 0) throw new Error(`no response ${toId}`);
  return frames.slice(start, end);
}
