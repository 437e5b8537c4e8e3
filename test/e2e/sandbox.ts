// A throwaway HOME/cwd with models.json pointing the bundled agent at the scripted fake LLM
// server on loopback, so agent-tui runs end to end without network or API keys.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startFakeLlm, type FakeLlm, type FakeStep } from "../fixtures/fake-llm-server.mjs";

export type Sandbox = { root: string; cwd: string; env: NodeJS.ProcessEnv; llm: FakeLlm; dispose(): Promise<void> };

export async function createSandbox(script: FakeStep[]): Promise<Sandbox> {
  const root = mkdtempSync(join(tmpdir(), "tui-e2e-"));
  const dirs = { home: join(root, "home"), tmp: join(root, "tmp"), agent: join(root, "agent"), cwd: join(root, "cwd") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  writeFileSync(join(dirs.cwd, "hello.txt"), "hello\n");
  const llm = await startFakeLlm({ script, fallback: () => ({ kind: "text", chunks: ["Fallback ", "answer."], delayMs: 5 }) });
  const models = {
    providers: {
      fake: {
        baseUrl: llm.baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [{ id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 }],
      },
    },
  };
  const settings = { defaultProvider: "fake", defaultModel: "fake-model", retry: { enabled: false } };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models));
  writeFileSync(join(dirs.agent, "settings.json"), JSON.stringify(settings));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
    AGENT_TUI_HOME: dirs.agent,
    PI_CODING_AGENT_DIR: dirs.agent,
  };
  return {
    root,
    cwd: dirs.cwd,
    env,
    llm,
    async dispose() {
      await llm.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
