// Shared helpers for bridge tests: a notice collector and a poll-with-timeout wait.
import { resolve } from "node:path";
import { createWorkerConnection } from "../../src/bridge/connection.js";
import type { BridgeNotice, WorkerConnection, WorkerConnectionOptions } from "../../src/bridge/types.js";

export const FAKE_WORKER = resolve(import.meta.dirname, "..", "fixtures", "fake-worker.mjs");

export async function waitFor(check: () => boolean, timeoutMs = 15_000, what = "condition"): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

export interface Harness {
  connection: WorkerConnection;
  notices: BridgeNotice[];
  of<K extends BridgeNotice["kind"]>(kind: K): Extract<BridgeNotice, { kind: K }>[];
  events(type?: string): string[];
}

export function harness(
  options: Partial<WorkerConnectionOptions> & { fakeEnv?: Record<string, string> } = {},
): Harness {
  const { fakeEnv, ...rest } = options;
  const connection = createWorkerConnection({
    command: [process.execPath, FAKE_WORKER],
    env: { ...process.env, ...fakeEnv },
    batchIntervalMs: 0,
    shutdownTimeoutsMs: { closeWaitMs: 1000, termWaitMs: 500 },
    restart: false,
    settleQuietMs: 50,
    ...rest,
  });
  const notices: BridgeNotice[] = [];
  connection.subscribe((batch) => notices.push(...batch));
  return {
    connection,
    notices,
    of: <K extends BridgeNotice["kind"]>(kind: K) =>
      notices.filter((n): n is Extract<BridgeNotice, { kind: K }> => n.kind === kind),
    events: (type?: string) =>
      notices.flatMap((n) =>
        n.kind === "event" && (type === undefined || n.event.type === type) ? [n.event.type] : [],
      ),
  };
}
