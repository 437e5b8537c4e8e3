// decodeCommand / decodeStdinFrame: every command type accepted in its documented form, each
// invalid field named precisely in the error, and the exact texts docs/protocol.md requires.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ALL_COMMAND_TYPES,
  commandIdOf,
  decodeCommand,
  decodeStdinFrame,
  normalizeImageInput,
  type RpcCommand,
  type RpcCommandType,
} from "../../src/protocol/index.js";

const IMAGE = { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" };

/** One valid example per command type, with every optional field set (docs/protocol.md §3). */
const VALID: Record<RpcCommandType, Record<string, unknown>> = {
  prompt: { message: "Summarize", images: [IMAGE], streamingBehavior: "followUp" },
  steer: { message: "Stop editing tests", images: [IMAGE] },
  follow_up: { message: "Afterwards, update the changelog" },
  abort: {},
  abort_and_prompt: { message: "Run the tests instead.", images: [IMAGE] },
  continue: {},
  clear_queue: { lane: "steering" },
  get_settings: {},
  set_setting: { key: "tasks.maxReminders", value: 5 },
  list_files: { limit: 100 },
  checkpoint_list: {},
  checkpoint_diff: { from: "cp-1", to: "cp-2" },
  checkpoint_restore: { checkpoint: "cp-1", paths: ["src/a.ts"], force: true },
  checkpoint_write: { path: "src/a.ts", content: "x\n", expectedHash: "ab12" },
  get_state: {},
  get_messages: { offset: -120, limit: 200 },
  get_commands: {},
  set_todos: {
    phases: [
      {
        id: "phase-1",
        name: "Evaluation",
        tasks: [{ id: "task-1", content: "Map", status: "in_progress", notes: "n", details: "d" }, { content: "Edit" }],
      },
      { name: "Later" },
    ],
  },
  set_host_tools: {
    tools: [
      {
        name: "echo_host",
        label: "Echo Host",
        description: "Echo a value",
        parameters: { type: "object" },
        hidden: false,
      },
    ],
  },
  set_model: { provider: "anthropic", modelId: "claude-sonnet-4-20250514" },
  cycle_model: {},
  get_available_models: {},
  set_thinking_level: { level: "high" },
  cycle_thinking_level: {},
  get_available_thinking_levels: {},
  set_steering_mode: { mode: "all" },
  set_follow_up_mode: { mode: "one-at-a-time" },
  set_interrupt_mode: { mode: "immediate" },
  compact: { customInstructions: "Focus on code changes" },
  set_auto_compaction: { enabled: false },
  set_auto_retry: { enabled: true },
  abort_retry: {},
  bash: { command: "ls -la", excludeFromContext: true },
  abort_bash: {},
  new_session: { parentSession: "/path/to/parent.jsonl" },
  switch_session: { sessionPath: "/path/to/session.jsonl" },
  fork: { entryId: "b2c3d4e5" },
  branch: { entryId: "b2c3d4e5" },
  clone: {},
  get_fork_messages: {},
  get_branch_messages: {},
  get_entries: { since: "a1b2c3d4" },
  get_tree: {},
  get_last_assistant_text: {},
  set_session_name: { name: "parser-refactor" },
  get_session_stats: {},
  export_html: { outputPath: "/path/to/session.html" },
};

/** Commands with required fields: removing any one must fail naming it. */
const REQUIRED: Partial<Record<RpcCommandType, string[]>> = {
  prompt: ["message"],
  steer: ["message"],
  follow_up: ["message"],
  abort_and_prompt: ["message"],
  set_todos: ["phases"],
  set_host_tools: ["tools"],
  set_model: ["provider", "modelId"],
  set_thinking_level: ["level"],
  set_steering_mode: ["mode"],
  set_follow_up_mode: ["mode"],
  set_interrupt_mode: ["mode"],
  set_setting: ["key", "value"],
  set_auto_compaction: ["enabled"],
  set_auto_retry: ["enabled"],
  bash: ["command"],
  switch_session: ["sessionPath"],
  fork: ["entryId"],
  branch: ["entryId"],
  set_session_name: ["name"],
  checkpoint_diff: ["from"],
  checkpoint_restore: ["checkpoint"],
  checkpoint_write: ["path", "content", "expectedHash"],
};

function expectError(value: unknown, error: string): void {
  const result = decodeCommand(value);
  expect(result).toEqual({ ok: false, error });
}

describe("decodeCommand: valid commands", () => {
  it("covers every command type", () => {
    expect(Object.keys(VALID).sort()).toEqual([...ALL_COMMAND_TYPES].sort());
  });

  it.each(ALL_COMMAND_TYPES)("accepts %s with all fields, keeps id, drops unknown extras", (type) => {
    const input = { id: `g1-${type}`, type, ...VALID[type], extraField: { nested: true } };
    const result = decodeCommand(input);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    const { extraField: _ignored, ...expected } = input;
    expect(result.value).toEqual(expected);
    expect("extraField" in result.value).toBe(false);
  });

  it.each(ALL_COMMAND_TYPES.filter((t) => !REQUIRED[t]))("accepts %s with only a type (no id)", (type) => {
    const result = decodeCommand({ type });
    expect(result).toEqual({ ok: true, value: { type } });
  });

  it("treats null optional fields as absent", () => {
    expect(decodeCommand({ type: "prompt", message: "hi", images: null, streamingBehavior: null, id: null })).toEqual({
      ok: true,
      value: { type: "prompt", message: "hi" },
    });
  });

  it("accepts the legacy base64 image source and normalises it on request", () => {
    const legacy = { type: "image", source: { type: "base64", mediaType: "image/jpeg", data: "AAAA" } };
    const result = decodeCommand({ type: "steer", message: "look", images: [legacy] });
    expect(result.ok).toBe(true);
    if (!result.ok || result.value.type !== "steer") return;
    const image = result.value.images?.[0];
    expect(image).toEqual(legacy);
    if (image) expect(normalizeImageInput(image)).toEqual({ type: "image", data: "AAAA", mimeType: "image/jpeg" });
    expect(normalizeImageInput({ type: "image", data: "B", mimeType: "image/png" })).toEqual({
      type: "image",
      data: "B",
      mimeType: "image/png",
    });
  });

  it("types the result by command", () => {
    const result = decodeCommand({ type: "set_model", provider: "p", modelId: "m" });
    if (!result.ok) throw new Error(result.error);
    const command: RpcCommand = result.value;
    if (command.type === "set_model") expect(command.modelId).toBe("m");
    else throw new Error("wrong type");
  });
});

describe("decodeCommand: errors", () => {
  it("rejects values that are not objects with a string type", () => {
    const message = 'Invalid command: expected a JSON object with a string "type"';
    for (const value of [null, 42, "just a string", [1, 2, 3], { id: "j-notype" }, { type: 7 }, {}])
      expectError(value, message);
  });

  it("answers an unknown type with exactly `Unknown command: <type>`", () => {
    expectError({ id: "j-unknown", type: "frobnicate" }, "Unknown command: frobnicate");
    expectError({ type: "toString" }, "Unknown command: toString");
    expectError({ type: "__proto__" }, "Unknown command: __proto__");
  });

  it.each(Object.entries(REQUIRED))("%s: names each missing required field", (type, fields) => {
    for (const field of fields ?? []) {
      const input: Record<string, unknown> = { type, ...VALID[type as RpcCommandType] };
      delete input[field];
      const result = decodeCommand(input);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(new RegExp(`^${type}: "${field}" must be |^Host tool|phases`));
    }
  });

  it("names wrong types and enum values precisely", () => {
    expectError({ type: "prompt", message: 42 }, 'prompt: "message" must be a string');
    expectError(
      { type: "prompt", message: "x", streamingBehavior: "later" },
      'prompt: "streamingBehavior" must be "steer" or "followUp"',
    );
    expectError({ type: "prompt", message: "x", id: 5 }, 'prompt: "id" must be a string');
    expectError(
      { type: "set_steering_mode", mode: "some" },
      'set_steering_mode: "mode" must be "all" or "one-at-a-time"',
    );
    expectError({ type: "set_follow_up_mode" }, 'set_follow_up_mode: "mode" must be "all" or "one-at-a-time"');
    expectError(
      { type: "set_interrupt_mode", mode: "later" },
      'set_interrupt_mode: "mode" must be "immediate" or "wait"',
    );
    expectError(
      { type: "set_thinking_level", level: "extreme" },
      'set_thinking_level: "level" must be "off", "minimal", "low", "medium", "high", "xhigh" or "max"',
    );
    expectError({ type: "set_auto_retry", enabled: "yes" }, 'set_auto_retry: "enabled" must be a boolean');
    expectError({ type: "set_auto_compaction", enabled: 1 }, 'set_auto_compaction: "enabled" must be a boolean');
    expectError(
      { type: "bash", command: "ls", excludeFromContext: "no" },
      'bash: "excludeFromContext" must be a boolean',
    );
    expectError({ type: "compact", customInstructions: 3 }, 'compact: "customInstructions" must be a string');
    expectError({ type: "new_session", parentSession: false }, 'new_session: "parentSession" must be a string');
    expectError({ type: "get_entries", since: 1 }, 'get_entries: "since" must be a string');
    expectError({ type: "export_html", outputPath: [] }, 'export_html: "outputPath" must be a string');
    expectError({ type: "clear_queue", lane: "both" }, 'clear_queue: "lane" must be "steering" or "followUp"');
    expectError({ type: "branch", entryId: 1 }, 'branch: "entryId" must be a string');
    expectError({ type: "set_model", provider: "p", modelId: null }, 'set_model: "modelId" must be a string');
  });

  it("names bad images", () => {
    expectError({ type: "prompt", message: "x", images: "img" }, 'prompt: "images" must be an array');
    expectError({ type: "prompt", message: "x", images: [7] }, 'prompt: "images[0]" must be an object');
    expectError(
      { type: "steer", message: "x", images: [IMAGE, { type: "image", mimeType: "image/png" }] },
      'steer: "images[1].data" must be a string',
    );
    expectError(
      { type: "follow_up", message: "x", images: [{ type: "picture", data: "a", mimeType: "b" }] },
      'follow_up: "images[0].type" must be "image"',
    );
    expectError(
      { type: "prompt", message: "x", images: [{ type: "image", source: { type: "base64", data: "a" } }] },
      'prompt: "images[0].source.mediaType" must be a string',
    );
    expectError(
      { type: "prompt", message: "x", images: [{ type: "image", source: { type: "url", url: "http://x/y.png" } }] },
      "URL image sources are not supported",
    );
  });

  it("names bad todo phases", () => {
    expectError({ type: "set_todos", phases: {} }, 'set_todos: "phases" must be an array');
    expectError({ type: "set_todos", phases: [{ tasks: [] }] }, 'set_todos: "phases[0].name" must be a string');
    expectError(
      { type: "set_todos", phases: [{ name: "a", tasks: [{ content: "c", status: "done" }] }] },
      'set_todos: "phases[0].tasks[0].status" must be "pending", "in_progress", "completed" or "abandoned"',
    );
    expectError(
      { type: "set_todos", phases: [{ name: "a", tasks: ["c"] }] },
      'set_todos: "phases[0].tasks[0]" must be an object',
    );
    expectError({ type: "set_todos", phases: [{ name: "a", id: 1 }] }, 'set_todos: "phases[0].id" must be a string');
  });

  it("rejects host tools with the exact docs/protocol.md §3.10 texts", () => {
    const tool = { name: "t", description: "d", parameters: { type: "object" } };
    expectError({ type: "set_host_tools", tools: "x" }, 'set_host_tools: "tools" must be an array');
    expectError(
      { type: "set_host_tools", tools: [tool, { ...tool, name: "  " }] },
      "Host tool at index 1 must provide a non-empty name",
    );
    expectError({ type: "set_host_tools", tools: [null] }, "Host tool at index 0 must provide a non-empty name");
    expectError(
      { type: "set_host_tools", tools: [{ ...tool, name: " echo ", description: "" }] },
      'Host tool "echo" must provide a non-empty description',
    );
    expectError(
      { type: "set_host_tools", tools: [{ ...tool, parameters: [] }] },
      'Host tool "t" must provide a JSON Schema object',
    );
    const coerced = decodeCommand({ type: "set_host_tools", tools: [{ ...tool, hidden: 1 }] });
    expect(coerced.ok && coerced.value.type === "set_host_tools" && coerced.value.tools[0]?.hidden).toBe(true);
  });
});

describe("commandIdOf", () => {
  it("returns only string ids", () => {
    expect(commandIdOf({ id: "g1-1", type: "x" })).toBe("g1-1");
    expect(commandIdOf({ id: 1 })).toBeUndefined();
    expect(commandIdOf(null)).toBeUndefined();
    expect(commandIdOf(["g1"])).toBeUndefined();
  });
});

describe("decodeStdinFrame", () => {
  it("routes extension UI responses, normalising an unusable shape to a cancellation", () => {
    expect(decodeStdinFrame({ type: "extension_ui_response", id: "u1", value: "Allow" })).toEqual({
      ok: true,
      value: { kind: "extension_ui_response", frame: { type: "extension_ui_response", id: "u1", value: "Allow" } },
    });
    expect(decodeStdinFrame({ type: "extension_ui_response", id: "u2", confirmed: false })).toMatchObject({
      ok: true,
      value: { frame: { confirmed: false } },
    });
    expect(
      decodeStdinFrame({ type: "extension_ui_response", id: "u3", cancelled: true, timedOut: true }),
    ).toMatchObject({
      ok: true,
      value: { frame: { cancelled: true, timedOut: true } },
    });
    expect(decodeStdinFrame({ type: "extension_ui_response", id: "u4" })).toMatchObject({
      ok: true,
      value: { frame: { id: "u4", cancelled: true } },
    });
    expect(decodeStdinFrame({ type: "extension_ui_response" })).toMatchObject({
      ok: false,
      command: "extension_ui_response",
    });
  });

  it("routes host tool frames and rejects those without a content array (docs/protocol.md §8.4)", () => {
    const result = decodeStdinFrame({
      type: "host_tool_result",
      id: "host_1",
      result: { content: [{ type: "text", text: "hello" }], details: { echoed: true } },
      isError: true,
    });
    expect(result).toEqual({
      ok: true,
      value: {
        kind: "host_tool_result",
        frame: {
          type: "host_tool_result",
          id: "host_1",
          result: { content: [{ type: "text", text: "hello" }], details: { echoed: true } },
          isError: true,
        },
      },
    });
    expect(decodeStdinFrame({ type: "host_tool_update", id: "host_1", partialResult: { content: [] } })).toMatchObject({
      ok: true,
      value: { kind: "host_tool_update" },
    });
    expect(decodeStdinFrame({ type: "host_tool_result", id: "host_1", result: {} })).toEqual({
      ok: false,
      command: "host_tool_result",
      error: "Invalid host tool frame: result.content must be an array",
    });
    expect(decodeStdinFrame({ type: "host_tool_update", id: "h", partialResult: null })).toMatchObject({
      ok: false,
      error: "Invalid host tool frame: partialResult.content must be an array",
    });
  });

  it("routes commands and says how to answer failures", () => {
    expect(decodeStdinFrame({ id: "a", type: "abort" })).toEqual({
      ok: true,
      value: { kind: "command", command: { id: "a", type: "abort" } },
    });
    expect(decodeStdinFrame({ id: "j-unknown", type: "frobnicate" })).toEqual({
      ok: false,
      error: "Unknown command: frobnicate",
      command: "frobnicate",
      id: "j-unknown",
    });
    expect(decodeStdinFrame({ id: "j-notype" })).toEqual({
      ok: false,
      error: 'Invalid command: expected a JSON object with a string "type"',
      command: "parse",
      id: "j-notype",
    });
    expect(decodeStdinFrame(null)).toMatchObject({ ok: false, command: "parse" });
    expect(decodeStdinFrame({ id: "x", type: "prompt" })).toEqual({
      ok: false,
      error: 'prompt: "message" must be a string',
      command: "prompt",
      id: "x",
    });
  });

  it("decodes every stdin line the pi harness wrote, failing only the deliberate bad ones", () => {
    const dir = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");
    const failures: string[] = [];
    let decoded = 0;
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".timeline.jsonl"))) {
      for (const line of readFileSync(join(dir, name), "utf8").split("\n")) {
        if (line.trim() === "") continue;
        const entry = JSON.parse(line) as { dir?: string; raw?: string };
        if (entry.dir !== "in" || typeof entry.raw !== "string") continue;
        for (const record of entry.raw.split("\n")) {
          if (record.trim() === "") continue;
          let value: unknown;
          try {
            value = JSON.parse(record);
          } catch (error) {
            // Malformed JSON and half-written records are the framer's business, not the decoder's.
            expect(error).toBeInstanceOf(SyntaxError);
            continue;
          }
          const result = decodeStdinFrame(value);
          if (result.ok) decoded += 1;
          else failures.push(result.error);
        }
      }
    }
    expect(decoded).toBeGreaterThan(100);
    expect(failures.sort()).toEqual([
      'Invalid command: expected a JSON object with a string "type"',
      'Invalid command: expected a JSON object with a string "type"',
      'Invalid command: expected a JSON object with a string "type"',
      'Invalid command: expected a JSON object with a string "type"',
      "Unknown command: frobnicate",
    ]);
  });
});
