// A throwaway HOME/cwd with models.json pointing the bundled agent at the scripted fake LLM
// server on loopback, so agent-tui runs end to end without network or API keys.
import { createFakeAgentHome } from "../fixtures/fake-agent-home.js";
import type { FakeLlm, FakeStep } from "../fixtures/fake-llm-server.mjs";

export type Sandbox = { root: string; cwd: string; env: NodeJS.ProcessEnv; llm: FakeLlm; dispose(): Promise<void> };

export async function createSandbox(script: FakeStep[]): Promise<Sandbox> {
  const home = await createFakeAgentHome({
    prefix: "tui-e2e-",
    script,
    settings: { retry: { enabled: false } },
    cwdFiles: { "hello.txt": "hello\n" },
    env: { TERM: "xterm-256color" },
  });
  home.env["AGENT_TUI_HOME"] = home.agentDir;
  home.env["PI_CODING_AGENT_DIR"] = home.agentDir;
  return home;
}
