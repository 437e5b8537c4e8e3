// Shared helpers for the tool tests: a throwaway directory per test, result text
// extraction and a condition poller (for process death, which emits no event to await).

import "../helpers/isolated-tmp.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult } from "@mariozechner/pi-agent-core";

export function makeTempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "agent-tools-test-"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function textOf(result: AgentToolResult<unknown>): string {
  return result.content.map((c) => (c.type === "text" ? c.text : `[${c.type}]`)).join("");
}

export async function waitFor(condition: () => boolean, timeoutMs = 3000, what = "condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** True while a process with this pid exists (zombies excluded via /proc state when available). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false; // ESRCH: gone
  }
  try {
    // A zombie still answers kill(0) until its parent (init) reaps it; it is dead for us.
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false; // vanished between the two checks
  }
}
