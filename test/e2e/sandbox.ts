// A throwaway HOME/cwd with models.json pointing the bundled agent at the scripted fake LLM
// server on loopback, so agent-tui runs end to end without network or API keys.
import { createFakeAgentHome } from "../fixtures/fake-agent-home.js";
import type { FakeLlm, FakeStep } from "../fixtures/fake-llm-server.mjs";

export type Sandbox = { root: string; cwd: string; env: NodeJS.ProcessEnv; llm: FakeLlm; dispose(): Promise<void> };

/** `models` (default: the one fake model) and `settings` (merged over retry off) for the worker. */
export type SandboxOptions = { models?: ReadonlyArray<Record<string, unknown>>; settings?: Record<string, unknown> };

export async function createSandbox(script: FakeStep[], o: SandboxOptions = {}): Promise<Sandbox> {
  const home = await createFakeAgentHome({
    prefix: "tui-e2e-",
    script,
    ...(o.models ? { models: o.models } : {}),
    settings: { retry: { enabled: false }, ...o.settings },
    cwdFiles: { "hello.txt": "hello\n" },
    env: { TERM: "xterm-256color" },
  });
  home.env["AGENT_TUI_HOME"] = home.agentDir;
  home.env["PI_CODING_AGENT_DIR"] = home.agentDir;
  return home;
}
