// decodeWorkerFrame: every recorded pi 0.73.1 stdout line decodes without error and to the
// expected kind; canonical and legacy shapes from docs/protocol.md decode; unknown types are tolerated.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONTENT_INDEX_LAST_STARTED,
  createJsonlFramer,
  decodeMessages,
  decodeSessionEntries,
  decodeTree,
  decodeWorkerFrame,
  type AgentEvent,
  type DecodedWorkerFrame,
} from "../../src/protocol/index.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");
const traceFiles = readdirSync(TRACE_DIR).filter((n) => n.endsWith(".jsonl") && !n.endsWith(".timeline.jsonl"));

function records(name: string): string[] {
  const out: string[] = [];
  const framer = createJsonlFramer({ onRecord: (line) => out.push(line) });
  framer.push(readFileSync(join(TRACE_DIR, name)));
  framer.end();
  return out;
}

function decodeOk(value: unknown): DecodedWorkerFrame {
  const result = decodeWorkerFrame(value);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function event(value: unknown): AgentEvent {
  const frame = decodeOk(value);
  if (frame.kind !== "event") throw new Error(`expected an event, got ${frame.kind}`);
  return frame.event;
}

const USAGE = {
  input: 1200,
  output: 3,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 1203,
  cost: { input: 0.0036, output: 0.000045, cacheRead: 0, cacheWrite: 0, total: 0.003645 },
};
const ASSISTANT = {
  role: "assistant",
  content: [{ type: "text", text: "Hello " }],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "m",
  usage: USAGE,
  stopReason: "stop",
  timestamp: 1,
};

describe("decodeWorkerFrame on pi 0.73.1 traces", () => {
  it.each(traceFiles)("%s: every line decodes, none as unknown", (name) => {
    const lines = records(name);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const result = decodeWorkerFrame(JSON.parse(line) as unknown);
      expect(result.ok, `${result.ok ? "" : result.error}: ${line.slice(0, 200)}`).toBe(true);
      if (result.ok) expect(result.value.kind, line.slice(0, 200)).not.toBe("unknown_event");
    }
  });

  it("keeps the legacy full message_update form and drops the duplicate partial", () => {
    const line = records("c_tool_bash.jsonl").find((l) => l.includes('"toolcall_start"'));
    const ev = event(JSON.parse(line ?? "null"));
    expect(ev.type).toBe("message_update");
    if (ev.type !== "message_update") return;
    expect(ev.message?.role).toBe("assistant");
    expect(ev.message?.content[1]).toMatchObject({ type: "toolCall", id: "call_bash_1", name: "bash" });
    expect(ev.assistantMessageEvent).toEqual({ type: "toolcall_start", contentIndex: 1 });
  });

  it("decodes response data with the value helpers", () => {
    const line = records("h_session.jsonl").find((l) => l.includes('"command":"get_messages"'));
    const frame = decodeOk(JSON.parse(line ?? "null"));
    if (frame.kind !== "response" || !frame.frame.success) throw new Error("expected a success response");
    const data = frame.frame.data as { messages: unknown };
    const messages = decodeMessages(data.messages);
    expect(messages.ok).toBe(true);
    if (messages.ok) expect(messages.value.map((m) => m.role)).toContain("assistant");
  });
});

describe("decodeWorkerFrame: canonical shapes (docs/protocol.md §4)", () => {
  it("decodes the delta form with usage and toolcall ids", () => {
    const ev = event({
      type: "message_update",
      assistantMessageEvent: { type: "toolcall_start", contentIndex: 1, id: "toolu_01A", toolName: "read" },
      usage: USAGE,
    });
    expect(ev).toEqual({
      type: "message_update",
      assistantMessageEvent: { type: "toolcall_start", contentIndex: 1, id: "toolu_01A", toolName: "read" },
      usage: USAGE,
    });
    const end = event({
      type: "message_update",
      assistantMessageEvent: {
        type: "toolcall_end",
        contentIndex: 1,
        toolCall: { type: "toolCall", id: "t", name: "read", arguments: { path: "README.md" } },
      },
    });
    expect(end).toMatchObject({
      assistantMessageEvent: { toolCall: { id: "t", name: "read", arguments: { path: "README.md" } } },
    });
  });

  it("defaults a missing contentIndex to the last-started marker", () => {
    const ev = event({
      type: "message_update",
      message: { role: "assistant", content: [] },
      assistantMessageEvent: { type: "text_delta", delta: "hi" },
    });
    expect(ev).toMatchObject({
      assistantMessageEvent: { type: "text_delta", contentIndex: CONTENT_INDEX_LAST_STARTED, delta: "hi" },
    });
    // The reduced message of older xcsh documents is completed with defaults.
    expect(ev).toMatchObject({
      message: { role: "assistant", api: "", usage: { totalTokens: 0 }, stopReason: "stop" },
    });
  });

  it("tolerates the legacy start/done/error sub-events", () => {
    expect(
      event({ type: "message_update", assistantMessageEvent: { type: "start", partial: ASSISTANT } }),
    ).toMatchObject({
      assistantMessageEvent: { type: "start" },
    });
    expect(
      event({ type: "message_update", assistantMessageEvent: { type: "done", reason: "stop", message: ASSISTANT } }),
    ).toMatchObject({
      assistantMessageEvent: { type: "done", reason: "stop" },
    });
    expect(
      event({
        type: "message_update",
        assistantMessageEvent: { type: "error", reason: "aborted", error: { ...ASSISTANT, stopReason: "aborted" } },
      }),
    ).toMatchObject({
      assistantMessageEvent: { type: "error", error: { stopReason: "aborted" } },
    });
  });

  it("decodes the other events of docs/protocol.md §4 with their optional fields", () => {
    const cases: [unknown, unknown][] = [
      [
        { type: "agent_end", messages: [], willRetry: false },
        { type: "agent_end", messages: [], willRetry: false },
      ],
      [{ type: "agent_settled" }, { type: "agent_settled" }],
      [
        { type: "queue_update", steering: ["a"], followUp: [] },
        { type: "queue_update", steering: ["a"], followUp: [] },
      ],
      [
        { type: "compaction_start", reason: "threshold" },
        { type: "compaction_start", reason: "threshold" },
      ],
      [
        {
          type: "compaction_end",
          reason: "threshold",
          aborted: false,
          willRetry: false,
          errorMessage: "boom",
          result: null,
        },
        { type: "compaction_end", reason: "threshold", aborted: false, willRetry: false, errorMessage: "boom" },
      ],
      [
        { type: "auto_compaction_start", reason: "idle", action: "handoff" },
        { type: "auto_compaction_start", reason: "idle", action: "handoff" },
      ],
      [
        {
          type: "auto_compaction_end",
          action: "context-full",
          result: { summary: "s", firstKeptEntryId: "a", tokensBefore: 5, details: {} },
          aborted: false,
          willRetry: false,
          skipped: true,
        },
        {
          type: "auto_compaction_end",
          action: "context-full",
          result: { summary: "s", firstKeptEntryId: "a", tokensBefore: 5, details: {} },
          aborted: false,
          willRetry: false,
          skipped: true,
        },
      ],
      [
        { type: "auto_retry_end", success: false, attempt: 3, finalError: "x" },
        { type: "auto_retry_end", success: false, attempt: 3, finalError: "x" },
      ],
      [
        {
          type: "summarization_retry_scheduled",
          attempt: 1,
          maxAttempts: 3,
          delayMs: 2000,
          errorMessage: "terminated",
        },
        {
          type: "summarization_retry_scheduled",
          attempt: 1,
          maxAttempts: 3,
          delayMs: 2000,
          errorMessage: "terminated",
        },
      ],
      [
        { type: "summarization_retry_attempt_start", source: "compaction", reason: "threshold" },
        { type: "summarization_retry_attempt_start", source: "compaction", reason: "threshold" },
      ],
      [
        { type: "summarization_retry_attempt_start", source: "branchSummary" },
        { type: "summarization_retry_attempt_start", source: "branchSummary" },
      ],
      [{ type: "summarization_retry_finished" }, { type: "summarization_retry_finished" }],
      [
        { type: "bash_execution_update", id: "g1-70", delta: "total 48\n" },
        { type: "bash_execution_update", id: "g1-70", delta: "total 48\n" },
      ],
      [{ type: "session_info_changed" }, { type: "session_info_changed" }],
      [
        { type: "thinking_level_changed", level: "max" },
        { type: "thinking_level_changed", level: "max" },
      ],
      [{ type: "todo_auto_clear" }, { type: "todo_auto_clear" }],
      [
        {
          type: "todo_reminder",
          todos: [
            { id: "task-2", content: "Exercise", status: "pending" },
            { content: "Old", activeForm: "Olding", status: "weird" },
          ],
          attempt: 1,
          maxAttempts: 3,
        },
        {
          type: "todo_reminder",
          todos: [
            { id: "task-2", content: "Exercise", status: "pending" },
            { content: "Old", activeForm: "Olding", status: "weird" },
          ],
          attempt: 1,
          maxAttempts: 3,
        },
      ],
      [
        {
          type: "ttsr_triggered",
          rules: [
            { name: "no-console-log", path: "/r.md", content: "Never", condition: ["console\\.log\\("], _source: {} },
          ],
        },
        {
          type: "ttsr_triggered",
          rules: [
            { name: "no-console-log", path: "/r.md", content: "Never", condition: ["console\\.log\\("], _source: {} },
          ],
        },
      ],
      [
        {
          type: "tool_execution_end",
          toolCallId: "t",
          toolName: "bash",
          result: { content: [{ type: "text", text: "x" }], details: { a: 1 } },
          isError: false,
          parentToolCallId: "p",
        },
        {
          type: "tool_execution_end",
          toolCallId: "t",
          toolName: "bash",
          result: { content: [{ type: "text", text: "x" }], details: { a: 1 } },
          isError: false,
          parentToolCallId: "p",
        },
      ],
      [
        {
          type: "entry_appended",
          entry: {
            type: "custom",
            id: "a7",
            parentId: "f6",
            timestamp: "2025-01-01T10:20:00.000Z",
            customType: "ext",
            data: { count: 42 },
          },
        },
        {
          type: "entry_appended",
          entry: {
            type: "custom",
            id: "a7",
            parentId: "f6",
            timestamp: "2025-01-01T10:20:00.000Z",
            customType: "ext",
            data: { count: 42 },
          },
        },
      ],
    ];
    for (const [input, expected] of cases) expect(event(input)).toEqual(expected);
  });

  it("normalises messages: legacy images, hookMessage, null fullOutputPath, unknown roles", () => {
    const ev = event({
      type: "agent_end",
      messages: [
        {
          role: "user",
          content: [{ type: "image", source: { type: "base64", mediaType: "image/png", data: "AA" } }],
          timestamp: 1,
        },
        { role: "hookMessage", customType: "x", content: "hi", display: false, timestamp: 2 },
        {
          role: "bashExecution",
          command: "ls",
          output: "",
          exitCode: 0,
          cancelled: false,
          truncated: false,
          fullOutputPath: null,
          timestamp: 3,
        },
        { role: "pythonExecution", code: "print(1)", timestamp: 4 },
        { role: "assistant", content: [{ type: "mystery", x: 1 }], stopReason: "paused", timestamp: 5 },
      ],
    });
    if (ev.type !== "agent_end") throw new Error("type");
    const [user, hook, bash, other, assistant] = ev.messages;
    expect(user).toEqual({
      role: "user",
      content: [{ type: "image", data: "AA", mimeType: "image/png" }],
      timestamp: 1,
    });
    expect(hook).toMatchObject({ role: "custom", customType: "x", display: false });
    expect(bash).not.toHaveProperty("fullOutputPath");
    expect(other).toEqual({
      role: "unknown_role",
      originalRole: "pythonExecution",
      raw: { role: "pythonExecution", code: "print(1)", timestamp: 4 },
      timestamp: 4,
    });
    expect(assistant).toMatchObject({
      content: [{ type: "text", text: "[unsupported content: mystery]" }],
      stopReason: "error",
    });
  });

  it("decodes ready, UI requests and host tool frames", () => {
    expect(decodeOk({ type: "ready", version: "1.4.0", protocol: 2 })).toEqual({
      kind: "ready",
      frame: { type: "ready", version: "1.4.0" },
    });
    expect(decodeOk({ type: "ready" })).toEqual({ kind: "ready", frame: { type: "ready" } });
    expect(decodeOk({ type: "extension_ui_request", id: "u", method: "cancel", targetId: "u4" })).toEqual({
      kind: "extension_ui_request",
      frame: { type: "extension_ui_request", id: "u", method: "cancel", targetId: "u4" },
    });
    expect(decodeOk({ type: "extension_ui_request", id: "u", method: "setWidget", widgetKey: "k" })).toMatchObject({
      frame: { widgetKey: "k" },
    });
    expect(
      decodeOk({
        type: "extension_ui_request",
        id: "u",
        method: "select",
        title: "t",
        options: ["a"],
        optionDetails: [{ description: "d" }],
        timeout: 5,
      }),
    ).toMatchObject({
      frame: { options: ["a"], optionDetails: [{ description: "d" }], timeout: 5 },
    });
    expect(
      decodeOk({ type: "extension_ui_request", id: "u", method: "editor", title: "t", promptStyle: true }),
    ).toMatchObject({
      frame: { promptStyle: true },
    });
    expect(
      decodeOk({
        type: "host_tool_call",
        id: "host_1",
        toolCallId: "toolu_123",
        toolName: "echo_host",
        arguments: { message: "hello" },
      }),
    ).toEqual({
      kind: "host_tool_call",
      frame: {
        type: "host_tool_call",
        id: "host_1",
        toolCallId: "toolu_123",
        toolName: "echo_host",
        arguments: { message: "hello" },
      },
    });
    expect(decodeOk({ type: "host_tool_cancel", id: "c", targetId: "host_1" })).toMatchObject({
      kind: "host_tool_cancel",
    });
  });

  it("decodes responses including id-less failures", () => {
    expect(decodeOk({ type: "response", success: false, error: "Unknown command: undefined" })).toEqual({
      kind: "response",
      frame: { type: "response", success: false, error: "Unknown command: undefined" },
    });
    expect(decodeOk({ id: "g", type: "response", command: "cycle_model", success: true, data: null })).toEqual({
      kind: "response",
      frame: { id: "g", type: "response", command: "cycle_model", success: true, data: null },
    });
    expect(decodeOk({ type: "response", command: "abort", success: true })).toEqual({
      kind: "response",
      frame: { type: "response", command: "abort", success: true },
    });
  });
});

describe("decodeWorkerFrame: tolerance and errors", () => {
  it("turns unknown types and sub-kinds into unknown_event carrying the raw object", () => {
    const raw = { type: "rpc_chunk", seq: 1 };
    expect(decodeOk(raw)).toEqual({ kind: "unknown_event", type: "rpc_chunk", raw });
    expect(decodeOk({ type: "extension_ui_request", id: "u", method: "setTheme" })).toMatchObject({
      kind: "unknown_event",
      type: "extension_ui_request",
    });
    expect(
      decodeOk({ type: "message_update", assistantMessageEvent: { type: "citation_delta", contentIndex: 0 } }),
    ).toMatchObject({
      kind: "unknown_event",
      type: "message_update",
    });
    expect(decodeOk({ type: "entry_appended", entry: { type: "plan", id: "p1" } })).toMatchObject({
      kind: "unknown_event",
    });
  });

  it("ignores extra fields and fills omitted collections", () => {
    expect(event({ type: "queue_update", extra: 1 })).toEqual({ type: "queue_update", steering: [], followUp: [] });
    expect(event({ type: "agent_end" })).toEqual({ type: "agent_end", messages: [] });
    expect(
      event({ type: "tool_execution_update", toolCallId: "t", toolName: "bash", partialResult: { content: [] } }),
    ).toEqual({
      type: "tool_execution_update",
      toolCallId: "t",
      toolName: "bash",
      args: {},
      partialResult: { content: [] },
    });
  });

  it("rejects non-objects and frames without a string type", () => {
    for (const value of [null, 1, "x", [], { id: "a" }, { type: 3 }]) {
      expect(decodeWorkerFrame(value)).toEqual({
        ok: false,
        error: 'Invalid frame: expected a JSON object with a string "type"',
      });
    }
  });

  it("names the broken field of a known frame", () => {
    expect(decodeWorkerFrame({ type: "message_start" })).toEqual({
      ok: false,
      error: 'message_start: "message" must be a message object with a string "role"',
    });
    expect(decodeWorkerFrame({ type: "tool_execution_start", toolName: "bash" })).toEqual({
      ok: false,
      error: 'tool_execution_start: "toolCallId" must be a string',
    });
    expect(decodeWorkerFrame({ type: "response", command: "x" })).toEqual({
      ok: false,
      error: 'response: "success" must be a boolean',
    });
    expect(decodeWorkerFrame({ type: "host_tool_call", id: "h", toolName: "x" })).toEqual({
      ok: false,
      error: 'host_tool_call: "toolCallId" must be a string',
    });
    expect(decodeWorkerFrame({ type: "compaction_start", reason: "bored" })).toEqual({
      ok: false,
      error: 'compaction_start: "reason" must be "manual", "threshold" or "overflow"',
    });
    expect(decodeWorkerFrame({ type: "extension_ui_request", method: "notify" })).toEqual({
      ok: false,
      error: 'extension_ui_request: "id" must be a string',
    });
  });
});

describe("session value decoders", () => {
  it("decodes entries and trees, skipping unknown entry types", () => {
    const msg = {
      type: "message",
      id: "a1",
      parentId: null,
      timestamp: "t",
      message: { role: "user", content: "hi", timestamp: 1 },
    };
    const entries = decodeSessionEntries([
      msg,
      { type: "plan", id: "z" },
      { type: "label", id: "l", parentId: "a1", timestamp: "t", targetId: "a1", label: "x" },
    ]);
    expect(entries).toEqual({
      ok: true,
      value: [msg, { type: "label", id: "l", parentId: "a1", timestamp: "t", targetId: "a1", label: "x" }],
    });
    const tree = decodeTree([
      {
        entry: msg,
        label: "start",
        children: [
          {
            entry: { type: "plan", id: "p" },
            children: [{ entry: { ...msg, id: "b2", parentId: "a1" }, children: [] }],
          },
        ],
      },
    ]);
    expect(tree.ok && tree.value[0]?.children.map((c) => c.entry.id)).toEqual(["b2"]);
    expect(decodeSessionEntries({})).toEqual({ ok: false, error: '"entries" must be an array' });
  });
});
