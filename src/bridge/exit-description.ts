// A worker's exit in one message (code, signal, reason, the last lines of its stderr): what a
// failed start or a cleanup reports. Its own module so that start-up and the exit cleanup,
// which sit at different heights of the bridge, can both use it.
import type { WorkerExitInfo } from "./types.js";

export function describeExit(info: WorkerExitInfo): string {
  const tail = info.stderrTail.split("\n").slice(-5).join("\n");
  const reason = info.reason ? `: ${info.reason}` : "";
  const status = `code ${info.code ?? "none"}, signal ${info.signal ?? "none"}`;
  return `Worker exited (${status})${reason}${tail ? `\n${tail}` : ""}`;
}
