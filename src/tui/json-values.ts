// Reading JSON the TUI loads itself (session files on disk, session trees and histories it
// fetched): tolerant accessors over `unknown`. Worker events never come here: the bridge
// decodes those (src/bridge/client-events.ts).
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
