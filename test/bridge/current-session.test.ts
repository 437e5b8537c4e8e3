// The newest generation's session as the long-lived parts reach it (current-session.ts), and
// the session file a restart reopens (session-file.ts), each over an in-memory worker or request.
import { describe, expect, it } from "vitest";
import { CurrentSession } from "../../src/bridge/current-session.js";
import { createHostToolServer } from "../../src/bridge/host-tools.js";
import { createPendingTable } from "../../src/bridge/pending.js";
import { createProtocolHealth } from "../../src/bridge/protocol-health.js";
import { SessionFile } from "../../src/bridge/session-file.js";
import type { BridgeNotice } from "../../src/bridge/types.js";
import { createUiRouter } from "../../src/bridge/ui-router.js";
import { WorkerSession } from "../../src/bridge/worker-session.js";
import { fakeProcess, type FakeProcess } from "./helpers/fake-process.js";

function sessionOf(generation: number, worker: FakeProcess): WorkerSession {
  return new WorkerSession(generation, worker, {
    redact: (text) => text,
    tables: {
      pending: createPendingTable(),
      ui: createUiRouter(() => undefined),
      hostTools: createHostToolServer(() => undefined),
    },
    health: createProtocolHealth(),
    notices: { emit: () => undefined },
    reports: {
      event: () => undefined,
      stateSeen: () => undefined,
      unsupported: () => undefined,
      version: () => undefined,
    },
    gate: { admit: () => true },
    signal: () => undefined,
  });
}

describe("current session", () => {
  it("without a session, a request fails as not running and a frame becomes a warning", async () => {
    const notices: BridgeNotice[] = [];
    const current = new CurrentSession({ emit: (n) => notices.push(n) });
    await expect(current.request("get_state", {})).rejects.toMatchObject({ kind: "not_running" });
    current.send({ type: "extension_ui_response", id: "d1", cancelled: true });
    expect(notices).toEqual([
      { kind: "notification", level: "warning", message: "Could not send extension_ui_response: No worker is running" },
    ]);
    expect(current.openTools().size).toBe(0);
  });

  it("requests and frames go to the newest generation; of() names a session only for its own generation", () => {
    const current = new CurrentSession({ emit: () => undefined });
    const first = fakeProcess(() => undefined);
    const second = fakeProcess(() => undefined);
    current.set(sessionOf(1, first));
    current.set(sessionOf(2, second));
    void current.request("get_state", {}).catch(() => undefined);
    current.send({ type: "host_tool_result", id: "h1" });
    expect(first.written).toEqual([]);
    expect(second.written.map((f) => f["type"])).toEqual(["get_state", "host_tool_result"]);
    expect(current.of(1)).toBeUndefined();
    expect(current.of(2)?.generation).toBe(2);
  });
});

describe("session file", () => {
  it("is read again after a session change; a failed read warns and keeps the file known", async () => {
    const notices: BridgeNotice[] = [];
    const answers: (() => Promise<unknown>)[] = [
      async () => ({ sessionFile: "/s/two.jsonl" }),
      () => Promise.reject(new Error("timed out")),
      async () => ({}),
    ];
    const file = new SessionFile(() => answers.shift()?.() ?? Promise.resolve({}), { emit: (n) => notices.push(n) });
    file.set("/s/one.jsonl");
    await file.refresh();
    expect(file.file).toBe("/s/two.jsonl");
    await file.refresh();
    expect(file.file).toBe("/s/two.jsonl");
    expect(notices).toMatchObject([
      { kind: "notification", level: "warning", message: expect.stringContaining("timed out") },
    ]);
    // A session without a file (not saved yet) is known as such: a restart opens none.
    await file.refresh();
    expect(file.file).toBeUndefined();
  });
});
