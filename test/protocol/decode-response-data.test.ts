// decodeResponseData: every success response recorded from pi 0.73.1 decodes for its command,
// and other workers' variants are normalised as docs/protocol.md Appendix B says.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeResponseData, decodeTodoPhaseList, isCommandType } from "../../src/protocol/index.js";

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");

describe("decodeResponseData", () => {
  it("decodes the data of every successful response in the traces", () => {
    let count = 0;
    const commands = new Set<string>();
    for (const name of readdirSync(TRACE_DIR).filter((n) => n.endsWith(".jsonl") && !n.endsWith(".timeline.jsonl"))) {
      for (const line of readFileSync(join(TRACE_DIR, name), "utf8").split("\n")) {
        if (!line.includes('"type":"response"')) continue;
        const frame = JSON.parse(line) as { success?: boolean; command?: unknown; data?: unknown };
        if (frame.success !== true || !isCommandType(frame.command)) continue;
        const result = decodeResponseData(frame.command, frame.data);
        expect(result.ok, `${frame.command}: ${result.ok ? "" : result.error}`).toBe(true);
        count += 1;
        commands.add(frame.command);
      }
    }
    expect(count).toBeGreaterThan(50);
    expect(commands.size).toBeGreaterThan(20);
  });

  it("normalises pi 0.73.1 get_state (no interruptMode, no queuedMessageCount, no sessionFile)", () => {
    const line = readFileSync(join(TRACE_DIR, "a_text.jsonl"), "utf8").split("\n")[0] ?? "";
    const data = (JSON.parse(line) as { data: unknown }).data;
    const result = decodeResponseData("get_state", data);
    if (!result.ok) throw new Error(result.error);
    expect(result.value).toMatchObject({
      thinkingLevel: "medium",
      steeringMode: "one-at-a-time",
      pendingMessageCount: 0,
      messageCount: 0,
    });
    expect(result.value.model?.id).toBe("fake-model");
    expect(result.value).not.toHaveProperty("sessionFile");
    expect(result.value).not.toHaveProperty("interruptMode");
  });

  it("normalises xcsh-style get_state: queuedMessageCount, reduced model, todo phases without ids", () => {
    const result = decodeResponseData("get_state", {
      model: { provider: "anthropic", id: "claude", headers: { Authorization: "secret" } },
      isStreaming: true,
      isCompacting: false,
      steeringMode: "all",
      followUpMode: "one-at-a-time",
      interruptMode: "immediate",
      sessionId: "s",
      autoCompactionEnabled: true,
      messageCount: 3,
      queuedMessageCount: 2,
      todoPhases: [
        {
          name: "P",
          tasks: [
            { content: "a", status: "blocked" },
            { id: "x", content: "b", status: "completed" },
          ],
        },
      ],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.pendingMessageCount).toBe(2);
    expect(result.value.queuedMessageCount).toBe(2);
    expect(result.value.interruptMode).toBe("immediate");
    expect(result.value.thinkingLevel).toBeUndefined();
    expect(result.value.model).toMatchObject({
      id: "claude",
      name: "claude",
      provider: "anthropic",
      reasoning: false,
      input: ["text"],
    });
    expect(result.value.model).not.toHaveProperty("headers");
    expect(result.value.todoPhases).toEqual([
      {
        id: "phase-1",
        name: "P",
        tasks: [
          { id: "task-1", content: "a", status: "pending" },
          { id: "x", content: "b", status: "completed" },
        ],
      },
    ]);
    expect(decodeResponseData("get_state", { sessionId: "s", model: null })).toMatchObject({
      ok: true,
      value: { sessionId: "s" },
    });
    expect(decodeResponseData("get_state", "nope")).toEqual({ ok: false, error: "get_state: data must be an object" });
  });

  it("fills get_commands path/location from sourceInfo", () => {
    const result = decodeResponseData("get_commands", {
      commands: [
        {
          name: "ui-demo",
          description: "d",
          source: "extension",
          sourceInfo: { path: "/e.ts", source: "cli", scope: "temporary", origin: "top-level" },
        },
        {
          name: "fix",
          source: "prompt",
          sourceInfo: { path: "/p.md", source: "local", scope: "project", origin: "top-level" },
        },
      ],
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.value.commands[0]).toMatchObject({ name: "ui-demo", path: "/e.ts" });
    expect(result.value.commands[0]).not.toHaveProperty("location");
    expect(result.value.commands[1]).toMatchObject({ path: "/p.md", location: "project" });
  });

  it("handles null data, no-data commands and malformed data", () => {
    expect(decodeResponseData("cycle_model", null)).toEqual({ ok: true, value: null });
    expect(decodeResponseData("cycle_thinking_level", null)).toEqual({ ok: true, value: null });
    expect(decodeResponseData("abort", undefined)).toEqual({ ok: true, value: undefined });
    expect(decodeResponseData("get_last_assistant_text", { text: null })).toEqual({ ok: true, value: { text: null } });
    expect(decodeResponseData("get_entries", { entries: [], leafId: null })).toEqual({
      ok: true,
      value: { entries: [], leafId: null },
    });
    expect(decodeResponseData("clear_queue", { steering: ["a"], followUp: [] })).toEqual({
      ok: true,
      value: { steering: ["a"], followUp: [] },
    });
    expect(decodeResponseData("get_messages", {})).toEqual({
      ok: false,
      error: 'get_messages: "data.messages" must be an array',
    });
    // A page keeps its place (agent-rpc); pi's answer has none.
    const page = decodeResponseData("get_messages", { messages: [], offset: 40, total: 90, listId: 3 });
    expect(page).toEqual({ ok: true, value: { messages: [], offset: 40, total: 90, listId: 3 } });
    expect(decodeResponseData("get_messages", { messages: [], offset: "40" })).toEqual({
      ok: true,
      value: { messages: [] },
    });
    expect(
      decodeResponseData("bash", { output: "x", cancelled: true, truncated: false, artifactId: "a1", totalLines: 3 }),
    ).toEqual({
      ok: true,
      value: { output: "x", cancelled: true, truncated: false, artifactId: "a1", totalLines: 3 },
    });
  });

  it("normalises todo_write details from any worker", () => {
    expect(decodeTodoPhaseList("x")).toEqual([]);
    expect(
      decodeTodoPhaseList([
        { id: "phase-1", name: "A", tasks: [{ id: "task-1", content: "c", status: "in_progress", details: "d" }] },
      ]),
    ).toEqual([
      { id: "phase-1", name: "A", tasks: [{ id: "task-1", content: "c", status: "in_progress", details: "d" }] },
    ]);
  });
});
