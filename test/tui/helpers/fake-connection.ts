// A fake worker connection for controller/interaction tests: every rpc method is a vi.fn
// that records its call and resolves with a canned value.
import { vi } from "vitest";
import type { TuiConnection } from "../../../src/tui/session/tui-connection.js";
import type { Store } from "../../../src/tui/state/store.js";

export type FakeConnection = TuiConnection & {
  calls: Array<{ method: string; args: unknown[] }>;
  responses: Array<{ id: string; response: unknown }>;
};

export function createFakeConnection(): FakeConnection {
  const calls: FakeConnection["calls"] = [];
  const responses: FakeConnection["responses"] = [];
  const canned: Record<string, unknown> = {
    cycleThinkingLevel: { level: "high" },
    cycleModel: { model: { id: "m2", name: "Model Two", provider: "p" }, thinkingLevel: "off", isScoped: false },
    getState: {
      model: { id: "m2", name: "Model Two", provider: "p", contextWindow: 1000, reasoning: false },
      thinkingLevel: "off",
      isStreaming: false,
    },
    bash: { output: "hi\n", exitCode: 0, cancelled: false, truncated: false },
    clearQueue: { steering: [], followUp: [] },
  };
  const rpc = new Proxy({} as Record<string, unknown>, {
    get(target: Record<string, unknown>, prop: string) {
      // A test may replace a method (e.g. to make it reject) by assigning it.
      if (prop in target) return target[prop];
      return vi.fn(async (...args: unknown[]) => {
        calls.push({ method: prop, args });
        return canned[prop];
      });
    },
  });
  const fake = {
    calls,
    responses,
    rpc,
    respondToUi(id: string, response: unknown) {
      responses.push({ id, response });
    },
  };
  return fake as unknown as FakeConnection;
}

/** The store of an app whose worker is up, as the bridge's supervisor notice leaves it. */
export function markWorkerRunning(store: Store): void {
  store.dispatch({ type: "worker_info", info: { supervisor: "running" } });
}

/** Poll until `cond` holds (no fixed sleeps); throws with `what` after `timeoutMs`. */
export async function waitFor(cond: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
