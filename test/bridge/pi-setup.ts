// Setup for driving the REAL pi 0.73.1 through the bridge: temp HOME/TMPDIR/agent dir with
// models.json + settings.json pointing at the scripted fake LLM on loopback (traces README).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startFakeLlm, type FakeLlm, type FakeStep } from "../fixtures/fake-llm-server.mjs";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
export const PI_UI_EXTENSION = join(ROOT, "test", "fixtures", "pi-ui-extension.ts");

export interface PiSandbox {
  root: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  llm: FakeLlm;
  dispose(): Promise<void>;
}

export async function createPiSandbox(script: FakeStep[] = []): Promise<PiSandbox> {
  const root = mkdtempSync(join(tmpdir(), "bridge-pi-"));
  const dirs = { home: join(root, "home"), tmp: join(root, "tmp"), agent: join(root, "agent"), cwd: join(root, "cwd") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const llm = await startFakeLlm({ script, fallback: () => ({ kind: "text", chunks: ["Fallback ", "answer."], delayMs: 5 }) });
  const models = {
    providers: {
      fake: {
        baseUrl: llm.baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [
          { id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 },
          { id: "fake-model-2", name: "Fake Model Two", reasoning: false, input: ["text"], contextWindow: 64000, maxTokens: 2048 },
        ],
      },
    },
  };
  const settings = {
    defaultProvider: "fake",
    defaultModel: "fake-model",
    quietStartup: true,
    enableInstallTelemetry: false,
    retry: { enabled: true, maxRetries: 2, baseDelayMs: 300, provider: { maxRetries: 0 } },
  };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models));
  writeFileSync(join(dirs.agent, "settings.json"), JSON.stringify(settings));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"],
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: "C.UTF-8",
    TERM: "dumb",
    PI_CODING_AGENT_DIR: dirs.agent,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
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
