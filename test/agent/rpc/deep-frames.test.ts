// Depth is never a crash: a host tool result whose details nest 5,000 deep ends its tool call
// with a clear error (and the run with agent_end), an over-deep command is answered with an
// error, a result nesting 900 deep is carried through frames and the session file, and a host
// tool schema deeper than the schema limit is refused by name instead of failing every call.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { spawnRpc, writeAgentHome } from "../helpers/agent-process.js";
import { MAX_SCHEMA_DEPTH } from "../../../src/agent/session/host-tools.js";

/** JSON text nesting `depth` objects (built as text: JSON.stringify itself overflows at 5,000). */
function nestedJson(depth: number): string {
  return `${'{"inner":'.repeat(depth)}"bottom"${"}".repeat(depth)}`;
}

const echoTool = {
  name: "echo_host",
  description: "Echo",
  parameters: { type: "object", properties: { message: { type: "string" } } },
};

describe("over-deep frames", () => {
  let llm: FakeLlm;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(TEST_TMP, "deep-frames-"));
    llm = await startFakeLlm({
      script: [
        {
          kind: "tool_call",
          matchLastUser: "deep",
          calls: [{ id: "toolu_deep", name: "echo_host", arguments: { message: "x" } }],
        },
        { kind: "text", match: "toolu_deep", chunks: ["after deep"] },
        {
          kind: "tool_call",
          matchLastUser: "fine",
          calls: [{ id: "toolu_fine", name: "echo_host", arguments: { message: "y" } }],
        },
        { kind: "text", match: "toolu_fine", chunks: ["after fine"] },
        {
          kind: "tool_call",
          matchLastUser: "schema",
          calls: [{ id: "toolu_schema", name: "nested_host", arguments: { a: [] } }],
        },
        { kind: "text", match: "toolu_schema", chunks: ["after schema"] },
      ],
    });
    writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
  });
  afterAll(async () => {
    await llm.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("ends the tool call and the run with a clear error, and keeps serving", async () => {
    const agent = spawnRpc({ cwd: dir, home: join(dir, "home"), args: [] });
    try {
      await agent.request({ type: "set_host_tools", tools: [echoTool] });
      agent.send(`{"type":"get_state","id":"deep-1","junk":${nestedJson(5000)}}\n`);
      const deepCommand = await agent.waitFor((f) => f.type === "response" && f["id"] === "deep-1");
      expect(deepCommand).toMatchObject({
        command: "get_state",
        success: false,
        error: "Frame nested deeper than 1000 levels",
      });

      await agent.request({ type: "prompt", message: "deep" });
      const call = await agent.waitFor((f) => f.type === "host_tool_call");
      agent.send(
        `{"type":"host_tool_result","id":${JSON.stringify(call["id"])},"result":{"content":[{"type":"text","text":"ok"}],"details":${nestedJson(5000)}}}\n`,
      );
      const end = await agent.waitFor((f) => f.type === "tool_execution_end");
      expect(end).toMatchObject({
        toolCallId: "toolu_deep",
        isError: true,
        result: {
          content: [{ type: "text", text: "Host tool result rejected: Frame nested deeper than 1000 levels" }],
        },
      });
      await agent.waitFor((f) => f.type === "agent_end");
      await agent.waitFor((f) => f.type === "agent_settled");

      const from = agent.mark();
      await agent.request({ type: "prompt", message: "fine" });
      const second = await agent.waitFor((f) => f.type === "host_tool_call", { from });
      agent.send(
        `{"type":"host_tool_result","id":${JSON.stringify(second["id"])},"result":{"content":[{"type":"text","text":"ok"}],"details":${nestedJson(900)}}}\n`,
      );
      const fine = await agent.waitFor((f) => f.type === "tool_execution_end", { from });
      expect(fine["isError"]).toBe(false);
      await agent.waitFor((f) => f.type === "agent_settled", { from });
      const state = await agent.request({ type: "get_state" });
      const file = (state["data"] as { sessionFile: string }).sessionFile;
      expect(readFileSync(file, "utf8")).toContain('"inner":{"inner":"bottom"}');
      expect(agent.stderr()).not.toMatch(/RangeError|Maximum call stack/);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  }, 30_000);

  it("refuses a host tool schema nested deeper than its limit, naming it, and calls one within it", async () => {
    /** A tool whose parameter `a` is an array of arrays … `arrays` deep: its schema nests arrays + 3 JSON levels. */
    const nestedTool = (arrays: number): string => {
      const items = `${'{"type":"array","items":'.repeat(arrays)}{"type":"string"}${"}".repeat(arrays)}`;
      return `{"name":"nested_host","description":"Nested","parameters":{"type":"object","properties":{"a":${items}}}}`;
    };
    const agent = spawnRpc({ cwd: dir, home: join(dir, "home"), args: [] });
    try {
      // Far below the frame limit (1,000), yet too deep for a tool's arguments to be validated.
      agent.send(`{"id":"too-deep","type":"set_host_tools","tools":[${nestedTool(490)}]}\n`);
      const refused = await agent.waitFor((f) => f.type === "response" && f["id"] === "too-deep");
      expect(refused).toMatchObject({
        success: false,
        error: `Invalid host tools: tool 1 (nested_host) parameters nest deeper than ${MAX_SCHEMA_DEPTH} levels`,
      });

      agent.send(`{"id":"within","type":"set_host_tools","tools":[${nestedTool(MAX_SCHEMA_DEPTH - 4)}]}\n`);
      expect(await agent.waitFor((f) => f.type === "response" && f["id"] === "within")).toMatchObject({
        success: true,
      });
      await agent.request({ type: "prompt", message: "schema" });
      const call = await agent.waitFor((f) => f.type === "host_tool_call");
      agent.send(
        `{"type":"host_tool_result","id":${JSON.stringify(call["id"])},"result":{"content":[{"type":"text","text":"ok"}]}}\n`,
      );
      const end = await agent.waitFor((f) => f.type === "tool_execution_end");
      expect(end["isError"]).toBe(false);
      await agent.waitFor((f) => f.type === "agent_settled");
      expect(agent.stderr()).not.toMatch(/RangeError|Maximum call stack/);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  }, 30_000);
});
