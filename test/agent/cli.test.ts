// CLI parsing (unit) and process-level behaviour of the built agent-rpc: flags, exit codes for
// unknown flags, stdin end, SIGTERM and SIGHUP, stdout reserved for frames, demo selection.

import "./helpers/isolated-tmp.js";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CliError, parseCli } from "../../src/agent/cli.js";
import { splitThinkingSuffix } from "../../src/agent/providers/model-registry.js";
import { AGENT_BIN, startAgentProcess, type AgentProcess } from "./helpers/agent-process.js";

describe("parseCli", () => {
  it("parses every flag", () => {
    const options = parseCli([
      "--mode",
      "rpc",
      "--provider",
      "fake",
      "--model",
      "fake/fake-model:high",
      "--thinking",
      "low",
      "--no-session",
      "--session-dir",
      "s",
      "--session",
      "f.jsonl",
      "-c",
      "-n",
      "name",
      "-e",
      "a.ts",
      "--extension=b.ts",
    ]);
    expect(options).toMatchObject({
      provider: "fake",
      model: "fake/fake-model:high",
      thinking: "low",
      noSession: true,
      sessionDir: "s",
      session: "f.jsonl",
      continueSession: true,
      name: "name",
      extensions: ["a.ts", "b.ts"],
    });
  });

  it("rejects unknown flags, missing values and bad values", () => {
    expect(() => parseCli(["--frobnicate"])).toThrow(CliError);
    expect(() => parseCli(["--model"])).toThrow(/needs a value/);
    expect(() => parseCli(["--thinking", "huge"])).toThrow(/Invalid thinking level/);
    expect(() => parseCli(["--mode", "json"])).toThrow(/Unsupported mode/);
  });

  it("splits a :thinking suffix only when it is a level", () => {
    expect(splitThinkingSuffix("fake/m:high")).toEqual({ pattern: "fake/m", thinking: "high" });
    expect(splitThinkingSuffix("ollama/qwen3:8b")).toEqual({ pattern: "ollama/qwen3:8b" });
  });
});

describe("process behaviour", () => {
  let agent: AgentProcess | undefined;
  afterEach(async () => {
    await agent?.stop();
    agent = undefined;
  });

  it("exits 2 with a clear message on an unknown flag; prints --version and --help", () => {
    const bad = spawnSync(process.execPath, [AGENT_BIN, "--bogus"], { encoding: "utf8" });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("Unknown option: --bogus");
    expect(bad.stdout).toBe("");
    const version = spawnSync(process.execPath, [AGENT_BIN, "--version"], { encoding: "utf8" });
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = spawnSync(process.execPath, [AGENT_BIN, "--help"], { encoding: "utf8" });
    expect(help.stdout).toContain("--no-session");
  });

  it("writes ready first, exits 0 on stdin end", async () => {
    agent = await startAgentProcess();
    const ready = await agent.waitFor((f) => f.type === "ready");
    expect(agent.frames[0]).toBe(ready);
    expect(typeof ready["version"]).toBe("string");
    agent.closeStdin();
    expect(await agent.waitExit()).toBe(0);
  });

  it.each([
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)("exits %s with %i", async (signal, code) => {
    agent = await startAgentProcess();
    await agent.request({ id: "s", type: "get_state" });
    agent.child.kill(signal);
    expect(await agent.waitExit()).toBe(code);
  });

  it("aborts a running stream when stdin ends and still exits 0", async () => {
    agent = await startAgentProcess({
      script: [{ kind: "text", chunks: Array.from({ length: 50 }, (_, i) => ` c${i}`), delayMs: 50 }],
    });
    await agent.request({ id: "p", type: "prompt", message: "stream" });
    await agent.waitFor((f) => f.type === "message_update");
    agent.closeStdin();
    expect(await agent.waitExit()).toBe(0);
  });

  it("keeps stdout for frames: an extension's console.log goes to stderr", async () => {
    const extDir = mkdtempSync(join(tmpdir(), "agent-rpc-ext-"));
    const ext = join(extDir, "noisy.ts");
    writeFileSync(ext, 'export default function (pi: any) { console.log("stray stdout line"); }\n');
    try {
      agent = await startAgentProcess({ args: ["-e", ext] });
      await agent.request({ id: "s", type: "get_state" });
      for (const frame of agent.frames) expect(typeof frame.type).toBe("string");
      expect(agent.stderr()).toContain("stray stdout line");
    } finally {
      rmSync(extDir, { recursive: true, force: true });
    }
  });

  it("treats EPIPE on stdout as the client being gone and exits 0", async () => {
    agent = await startAgentProcess();
    await agent.waitFor((f) => f.type === "ready");
    agent.child.stdout!.destroy();
    for (let i = 0; i < 20; i++) agent.send(JSON.stringify({ id: `s${i}`, type: "get_state" }) + "\n");
    expect(await agent.waitExit()).toBe(0);
  });

  it("defaults to the demo model with a notice when nothing is configured", async () => {
    agent = await startAgentProcess({
      noModels: true,
      settings: { defaultProvider: undefined, defaultModel: undefined },
    });
    const state = await agent.request({ id: "s", type: "get_state" });
    expect((state["data"] as { model: { provider: string; name: string } }).model).toMatchObject({ provider: "demo" });
    expect((state["data"] as { model: { name: string } }).model.name).toContain("demo");
    expect(agent.stderr()).toContain("demo");
    const from = agent.mark();
    await agent.request({ id: "p", type: "prompt", message: "show me" });
    await agent.waitFor((f) => f.type === "agent_settled", { from, timeoutMs: 15_000 });
    const tools = agent.frames.slice(from).filter((f) => f.type === "tool_execution_end");
    // The plan is left unfinished, so a todo reminder follows and the demo finishes the plan.
    expect(tools.map((f) => f["toolName"])).toEqual(["ls", "bash", "todo_write", "todo_write"]);
    expect(agent.frames.slice(from).filter((f) => f.type === "todo_reminder")).toHaveLength(1);
    expect(tools.every((f) => f["isError"] === false)).toBe(true);
    // Picked as a fallback, the demo says why.
    const intro = agent.frames
      .slice(from)
      .find((f) => f.type === "message_end" && (f["message"] as { role: string }).role === "assistant");
    expect(JSON.stringify(intro)).toContain("no API key was found");
    const state2 = await agent.request({ id: "s2", type: "get_state" });
    expect(((state2["data"] as { todoPhases: { tasks: unknown[] }[] }).todoPhases[0]?.tasks ?? []).length).toBe(3);
    const kinds = new Set(
      agent.frames
        .slice(from)
        .filter((f) => f.type === "message_update")
        .map((f) => (f["assistantMessageEvent"] as { type: string }).type),
    );
    expect([...kinds]).toEqual(
      expect.arrayContaining(["thinking_delta", "text_delta", "toolcall_start", "toolcall_end"]),
    );
  });

  it("never picks the demo silently when a real key exists", async () => {
    agent = await startAgentProcess({
      noModels: true,
      settings: { defaultProvider: undefined, defaultModel: undefined },
      env: { OPENAI_API_KEY: "sk-test-not-used" },
    });
    const state = await agent.request({ id: "s", type: "get_state" });
    expect((state["data"] as { model: { provider: string } }).model.provider).toBe("openai");
    expect(agent.stderr()).not.toContain("sk-test-not-used");
    await agent.stop();
    agent = await startAgentProcess({
      noModels: true,
      env: { OPENAI_API_KEY: "sk-test-not-used" },
      args: ["--provider", "demo"],
    });
    const demo = await agent.request({ id: "s2", type: "get_state" });
    expect((demo["data"] as { model: { provider: string } }).model.provider).toBe("demo");
  });
});
