// One worker generation's session alone, over an in-memory process: requests and their
// responses, readiness, events and open tools, dialogs, protocol errors up to degradation,
// and a full stdin queue.
import { describe, expect, it } from "vitest";
import { BridgeError } from "../../src/bridge/errors.js";
import { createHostToolServer } from "../../src/bridge/host-tools.js";
import { createPendingTable } from "../../src/bridge/pending.js";
import { createProtocolHealth } from "../../src/bridge/protocol-health.js";
import type { BridgeNotice } from "../../src/bridge/types.js";
import { createUiRouter } from "../../src/bridge/ui-router.js";
import type { AgentEvent } from "../../src/bridge/wire-types.js";
import { WorkerSession } from "../../src/bridge/worker-session.js";
import { DEFAULT_MAX_RECORD_BYTES } from "../../src/protocol/index.js";
import { fakeProcess } from "./helpers/fake-process.js";

function rig(generation = 2) {
  const notices: BridgeNotice[] = [];
  const events: { type: string; continues: boolean }[] = [];
  const unsupported: string[] = [];
  const versions: string[] = [];
  const degraded: string[] = [];
  let sessionChanges = 0;
  const worker = fakeProcess(() => undefined);
  const pending = createPendingTable();
  const session = new WorkerSession(generation, worker, {
    redact: (text) => text.replaceAll("sk-secret", "[REDACTED]"),
    tables: { pending, ui: createUiRouter((n) => notices.push(n)), hostTools: createHostToolServer(() => undefined) },
    health: createProtocolHealth(3),
    notices: { emit: (n) => notices.push(n) },
    reports: {
      event: (event: AgentEvent, continues) => events.push({ type: event.type, continues }),
      stateSeen: () => undefined,
      unsupported: (command) => unsupported.push(command),
      version: (v) => versions.push(v),
    },
    gate: { admit: () => true },
    signal(signal) {
      if (signal.kind === "session_changed") sessionChanges += 1;
      else if (signal.kind === "degraded") degraded.push(signal.reason);
    },
  });
  const line = (frame: Record<string, unknown>): void => session.receive(JSON.stringify(frame));
  return {
    session,
    worker,
    pending,
    notices,
    events,
    unsupported,
    versions,
    degraded,
    line,
    sessionChanges: () => sessionChanges,
  };
}

describe("worker session", () => {
  it("writes a request with a generation-scoped id and resolves it with the decoded response data", async () => {
    const r = rig(2);
    const reply = r.session.request("get_state", {});
    expect(r.worker.written).toEqual([{ id: "g2-1", type: "get_state" }]);
    r.line({
      type: "response",
      id: "g2-1",
      command: "get_state",
      success: true,
      data: { queuedMessageCount: 2, model: null },
    });
    // Response data is decoded per command (queuedMessageCount also fills pendingMessageCount).
    await expect(reply).resolves.toMatchObject({ pendingMessageCount: 2 });
    expect(r.session.rawGetState()).toEqual({ queuedMessageCount: 2, model: null });
    expect(r.session.lastFrame()).toMatchObject({ type: "response", command: "get_state" });
  });

  it("an `Unknown command:` answer rejects as unsupported and is reported for the capability matrix", async () => {
    const r = rig();
    const reply = r.session.request("get_tree", {});
    r.line({ type: "response", command: "get_tree", success: false, error: "Unknown command: get_tree" });
    await expect(reply).rejects.toMatchObject({ kind: "unsupported" });
    expect(r.unsupported).toEqual(["get_tree"]);
  });

  it("the ready frame resolves readiness and reports the worker's version", async () => {
    const r = rig();
    r.line({ type: "ready", version: "9.9.9" });
    await r.session.readyFrame;
    expect(r.versions).toEqual(["9.9.9"]);
  });

  it("events reach the host in order; started tools are tracked until their end", () => {
    const r = rig();
    r.line({ type: "agent_start" });
    r.line({ type: "tool_execution_start", toolCallId: "t1", toolName: "bash", args: {} });
    r.line({ type: "tool_execution_start", toolCallId: "t2", toolName: "read", args: {} });
    r.line({ type: "tool_execution_end", toolCallId: "t1", toolName: "bash", result: { content: [] }, isError: false });
    r.line({ type: "agent_end", messages: [], isTerminal: false });
    expect(r.events).toEqual([
      { type: "agent_start", continues: false },
      { type: "tool_execution_start", continues: false },
      { type: "tool_execution_start", continues: false },
      { type: "tool_execution_end", continues: false },
      { type: "agent_end", continues: true },
    ]);
    expect([...r.session.openTools]).toEqual([["t2", "read"]]);
  });

  it("an oh-my-pi handoff compaction asks the host to re-read the session file", () => {
    const r = rig();
    r.line({ type: "auto_compaction_start", reason: "threshold", action: "handoff" });
    r.line({ type: "auto_compaction_end", aborted: false, willRetry: false, action: "handoff" });
    expect(r.sessionChanges()).toBe(1);
    expect(r.events.map((e) => e.type)).toEqual(["compaction_start", "compaction_end"]);
  });

  it("dialogs become ui_request notices; unknown events pass as unknown_event", () => {
    const r = rig();
    r.line({ type: "extension_ui_request", id: "d1", method: "confirm", title: "Sure?", message: "m" });
    r.line({ type: "command_output", text: "hello" });
    expect(r.notices.map((n) => n.kind)).toEqual(["ui_request", "unknown_event"]);
  });

  it("protocol errors are reported with a redacted excerpt; the third within the window degrades", () => {
    const r = rig();
    r.session.receive("not json sk-secret");
    r.session.receive("[1, 2]");
    expect(r.degraded).toEqual([]);
    r.session.protocolError("Worker stdout record of 99 bytes is not valid UTF-8; discarded");
    expect(r.notices).toMatchObject([
      { kind: "protocol_error", excerpt: "not json [REDACTED]" },
      { kind: "protocol_error", message: "Worker frame is not a JSON object" },
      { kind: "protocol_error", message: expect.stringContaining("not valid UTF-8") },
    ]);
    expect(r.degraded).toEqual([expect.stringContaining("Degraded: 3 protocol errors within 60 s")]);
  });

  it("a `parse` failure without an id counts as a protocol error", () => {
    const r = rig();
    r.line({ type: "response", command: "parse", success: false, error: "Invalid JSON" });
    expect(r.notices).toMatchObject([
      { kind: "protocol_error", message: "Worker could not parse a command: Invalid JSON" },
    ]);
  });

  it("a full stdin queue rejects the request instead of leaving it pending", async () => {
    const r = rig();
    r.worker.writer.write = () => {
      throw new BridgeError("queue_full", "Worker stdin queue is full");
    };
    await expect(r.session.request("prompt", { message: "hi" })).rejects.toMatchObject({ kind: "queue_full" });
    expect(r.pending.size()).toBe(0);
  });

  it("a request over the size a worker reads is refused before anything is written", async () => {
    const r = rig();
    const written: string[] = [];
    r.worker.writer.write = (record: string) => void written.push(record);
    const message = "x".repeat(DEFAULT_MAX_RECORD_BYTES);
    await expect(r.session.request("prompt", { message })).rejects.toMatchObject({
      kind: "too_large",
      message: expect.stringMatching(
        /^The message is 64\.0 MiB as sent; a worker reads at most 64 MiB at once\. Not sent\.$/,
      ),
    });
    expect(written).toEqual([]);
    expect(r.pending.size()).toBe(0);
    // Just under the limit is sent.
    void r.session.request("prompt", { message: "x".repeat(DEFAULT_MAX_RECORD_BYTES - 100) });
    expect(written).toHaveLength(1);
  });

  it("an id-less parse failure ends the waiting prompt and counts as a protocol error", async () => {
    const r = rig();
    const prompt = r.session.request("prompt", { message: "hi" });
    r.line({ type: "response", command: "parse", success: false, error: "Failed to parse command: invalid UTF-8" });
    await expect(prompt).rejects.toMatchObject({
      kind: "worker_error",
      message: "The worker could not read the prompt request: Failed to parse command: invalid UTF-8",
    });
    expect(r.notices).toMatchObject([
      { kind: "protocol_error", message: "Worker could not parse a command: Failed to parse command: invalid UTF-8" },
    ]);
  });

  it("after the worker is gone, requests are refused and frames become a warning", async () => {
    const r = rig();
    r.worker.die(1);
    await expect(r.session.request("get_state", {})).rejects.toMatchObject({ kind: "not_running" });
    r.session.send({ type: "extension_ui_response", id: "d1", cancelled: true });
    expect(r.notices).toEqual([
      { kind: "notification", level: "warning", message: "Could not send extension_ui_response: No worker is running" },
    ]);
  });
});
