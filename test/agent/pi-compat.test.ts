// pi compatibility: pi's own RpcClient (from the pinned @mariozechner/pi-coding-agent) spawns
// the built agent-rpc unchanged, prompts, waits for idle, and reads messages, state and stats.

import "./helpers/isolated-tmp.js";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RpcClient } from "@mariozechner/pi-coding-agent";
import { startFakeLlm, type FakeLlm } from "../fixtures/fake-llm-server.mjs";
import { AGENT_BIN, writeAgentHome } from "./helpers/agent-process.js";

let client: RpcClient | undefined;
let llm: FakeLlm | undefined;
let dir: string | undefined;

afterEach(async () => {
  await client?.stop();
  await llm?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  client = undefined;
  llm = undefined;
  dir = undefined;
});

describe("pi RpcClient drives agent-rpc", () => {
  it("prompts, waits for idle, reads messages, state and stats", async () => {
    llm = await startFakeLlm({
      script: [
        { kind: "thinking", thinking: ["Pondering"], chunks: ["Hello", " from", " agent-rpc."], delayMs: 2 },
        { kind: "tool_call", calls: [{ id: "call_ls", name: "ls", arguments: { path: "." } }] },
        { kind: "text", chunks: ["Listed."] },
      ],
    });
    dir = mkdtempSync(join(tmpdir(), "agent-rpc-compat-"));
    const work = join(dir, "work");
    mkdirSync(work);
    const home = writeAgentHome(join(dir, "home"), llm.baseUrl);
    client = new RpcClient({ cliPath: AGENT_BIN, cwd: work, env: { AGENT_TUI_HOME: home }, args: ["--no-session"] });
    await client.start();

    const state = await client.getState();
    expect(state.model?.id).toBe("fake-model");
    expect(state.isStreaming).toBe(false);
    expect(state.thinkingLevel).toBe("medium");

    const events = await client.promptAndWait("Say hello", undefined, 15_000);
    const types = events.map((e) => e.type);
    expect(types[0]).toBe("agent_start");
    expect(types.at(-1)).toBe("agent_end");
    expect(await client.getLastAssistantText()).toBe("Hello from agent-rpc.");

    await client.promptAndWait("List files", undefined, 15_000);
    const messages = await client.getMessages();
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "toolResult", "assistant"]);

    const stats = await client.getSessionStats();
    expect(stats.assistantMessages).toBe(3);
    expect(stats.toolCalls).toBe(1);
    expect(stats.tokens.total).toBeGreaterThan(0);

    const levels = await client.cycleThinkingLevel();
    expect(levels?.level).toBe("high");
    const model = await client.setModel("fake", "fake-model-2");
    expect(model.id).toBe("fake-model-2");
    const after = await client.getState();
    expect(after.thinkingLevel).toBe("off");
    expect(after.messageCount).toBe(6);

    const bash = await client.bash("echo compat");
    expect(bash.output).toBe("compat\n");
    expect(bash.exitCode).toBe(0);
  });
});
