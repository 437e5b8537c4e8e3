// Host tools through the built agent-rpc: set_host_tools, the model's call goes out as
// host_tool_call, host_tool_update/result come back on stdin; abort sends host_tool_cancel;
// a result for an unknown id is ignored and a frame without content is answered as invalid.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeLlm, type FakeLlm } from "../../fixtures/fake-llm-server.mjs";
import { makeTempDir } from "./helpers.js";
import { AGENT_BIN, spawnRpc, writeAgentHome } from "../helpers/agent-process.js";

let llm: FakeLlm;
let dir: string;
beforeAll(async () => {
  dir = makeTempDir("session-host-e2e-");
  llm = await startFakeLlm({
    script: [
      { kind: "tool_call", calls: [{ id: "toolu_1", name: "echo_host", arguments: { message: "hello" } }] },
      { kind: "text", chunks: ["echoed"] },
      { kind: "tool_call", calls: [{ id: "toolu_2", name: "echo_host", arguments: { message: "slow" } }] },
    ],
  });
  writeAgentHome(join(dir, "home"), llm.baseUrl, { retry: { enabled: false } });
});
afterAll(async () => {
  await llm.close();
  rmSync(dir, { recursive: true, force: true });
});

const echoTool = {
  name: "echo_host",
  description: "Echo a message",
  parameters: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
};

describe("host tools e2e", () => {
  it("call, update, result, unknown id, invalid frame, cancel on abort", async () => {
    const agent = spawnRpc({ cli: AGENT_BIN, cwd: dir, home: join(dir, "home"), args: ["--no-session"] });
    try {
      expect((await agent.request({ type: "set_host_tools", tools: [echoTool] }))["data"]).toEqual({
        toolNames: ["echo_host"],
      });
      await agent.request({ type: "prompt", message: "use the host tool" });
      const call = await agent.waitFor((f) => f.type === "host_tool_call");
      expect(call).toMatchObject({ toolCallId: "toolu_1", toolName: "echo_host", arguments: { message: "hello" } });
      const id = String(call["id"]);
      agent.child.stdin?.write(
        `${JSON.stringify({ type: "host_tool_update", id, partialResult: { content: [{ type: "text", text: "working" }] } })}\n`,
      );
      await agent.waitFor((f) => f.type === "tool_execution_update");
      agent.child.stdin?.write(
        `${JSON.stringify({ type: "host_tool_result", id: "host_999", result: { content: [] } })}\n`,
      );
      agent.child.stdin?.write(`${JSON.stringify({ type: "host_tool_result", id, result: {} })}\n`);
      const invalid = await agent.waitFor((f) => f.type === "response" && f["command"] === "host_tool_result");
      expect(invalid).toEqual({
        type: "response",
        command: "host_tool_result",
        success: false,
        error: "Invalid host tool frame: result.content must be an array",
      });
      agent.child.stdin?.write(
        `${JSON.stringify({ type: "host_tool_result", id, result: { content: [{ type: "text", text: "hello" }] } })}\n`,
      );
      const end = await agent.waitFor((f) => f.type === "tool_execution_end");
      expect(end).toMatchObject({
        toolName: "echo_host",
        isError: false,
        result: { content: [{ type: "text", text: "hello" }] },
      });
      await agent.waitFor((f) => f.type === "agent_settled");

      await agent.request({ type: "prompt", message: "again, slowly" });
      const second = await agent.waitFor((f) => f.type === "host_tool_call" && f["toolCallId"] === "toolu_2");
      await agent.request({ type: "abort" });
      const cancel = await agent.waitFor((f) => f.type === "host_tool_cancel");
      expect(cancel["targetId"]).toBe(second["id"]);
      const aborted = await agent.waitFor((f) => f.type === "tool_execution_end" && f["toolCallId"] === "toolu_2");
      expect(aborted).toMatchObject({
        isError: true,
        result: { content: [{ type: "text", text: 'Host tool "echo_host" was aborted' }] },
      });
      const cancelIndex = agent.frames.indexOf(cancel);
      expect(agent.frames.indexOf(aborted)).toBeGreaterThan(cancelIndex);
    } finally {
      expect(await agent.stop()).toBe(0);
    }
  }, 20_000);
});
