// Loads the pi 0.73.1 traces (cumulative form) and converts them to our canonical delta form.
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

export const TRACE_DIR = resolve(import.meta.dirname, "..", "..", "fixtures", "traces", "pi-0.73.1");

export function listTraces(): string[] {
  return readdirSync(TRACE_DIR)
    .filter((f) => f.endsWith(".jsonl") && !f.endsWith(".timeline.jsonl"))
    .sort();
}

/** Every stdout frame of a trace, parsed (lines that are not JSON objects are skipped). */
export function readTrace(name: string): Record<string, unknown>[] {
  const text = readFileSync(join(TRACE_DIR, name), "utf8");
  const out: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const v: unknown = JSON.parse(line);
    if (typeof v === "object" && v !== null && !Array.isArray(v)) out.push(v as Record<string, unknown>);
  }
  return out;
}

/** pi's cumulative message_update -> canonical delta form (no `message`, no `partial`). */
export function toDeltaForm(frame: Record<string, unknown>): Record<string, unknown> {
  if (frame["type"] !== "message_update") return frame;
  const { message: _m, ...rest } = frame;
  void _m;
  const ev = rest["assistantMessageEvent"];
  if (typeof ev === "object" && ev !== null) {
    const { partial: _p, ...evRest } = ev as Record<string, unknown>;
    void _p;
    rest["assistantMessageEvent"] = evRest;
  }
  return rest;
}

export function isEventFrame(f: Record<string, unknown>): boolean {
  return f["type"] !== "response" && f["type"] !== "extension_ui_request";
}
