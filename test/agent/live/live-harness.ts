// A sandbox for live-worker tests: the scripted LLM, an agent home, relays (`agent-rpc attach`)
// as RpcProcess clients, the registry, and a dispose that kills every relay and every live
// worker the test started (they run in their own sessions, so nothing else would).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { createFakeAgentHome, type FakeAgentHome } from "../../fixtures/fake-agent-home.js";
import type { FakeStep } from "../../fixtures/fake-llm-server.mjs";
import { AGENT_BIN, spawnRpc, type Frame, type RpcProcess } from "../helpers/agent-process.js";
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { isProcessAlive, listLiveEntries, type LiveEntry } from "../../../src/agent/live/live-registry.js";

export type LiveSandbox = {
  home: FakeAgentHome;
  liveDir: string;
  /** `agent-rpc <prefix…>` as a protocol client (e.g. ["attach", "--or-start", "--mode", "rpc"]). */
  relay(prefix: string[]): RpcProcess;
  entries(): LiveEntry[];
  /** Run an agent-rpc command to completion. */
  run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }>;
  dispose(): Promise<void>;
};

/** The text deltas of the assistant messages among `frames`, joined. */
export const deltas = (frames: readonly Frame[]): string =>
  frames
    .filter((f) => f.type === "message_update")
    .map((f) => (f["assistantMessageEvent"] as Record<string, unknown>)["delta"])
    .filter((d): d is string => typeof d === "string")
    .join("");

/** The live worker a client reached, as its ready frame names it. */
export const readyLive = (p: RpcProcess): { id: string; pid: number } =>
  (p.frames.find((f) => f.type === "ready")?.["live"] ?? {}) as { id: string; pid: number };

/** Frames a live client counts for its resume cursor (docs/protocol-notes.md, "Live sessions"). */
export const counted = (f: Frame): boolean =>
  !["response", "ready", "live_detached", "host_tool_call", "host_tool_cancel"].includes(f.type);

export async function waitUntil(cond: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function createLiveSandbox(
  script: FakeStep[],
  settings: Record<string, unknown> = {},
): Promise<LiveSandbox> {
  const home = await createFakeAgentHome({
    prefix: "live-",
    script,
    settings: { retry: { enabled: false }, ...settings },
  });
  const liveDir = join(home.agentDir, "live");
  const relays: RpcProcess[] = [];
  const workers = new Set<number>();
  const env = {
    PATH: process.env["PATH"] ?? "",
    HOME: home.root,
    TMPDIR: TEST_TMP,
    AGENT_TUI_HOME: home.agentDir,
    PI_CODING_AGENT_DIR: home.agentDir,
  };
  const entries = (): LiveEntry[] => {
    const list = listLiveEntries(liveDir);
    for (const e of list) workers.add(e.pid);
    return list;
  };
  return {
    home,
    liveDir,
    relay(prefix) {
      const p = spawnRpc({ cwd: home.cwd, home: home.agentDir, userHome: home.root, prefix, args: [] });
      p.onFrame((f) => {
        const live = f["live"] as { pid?: unknown } | undefined;
        if (f.type === "ready" && typeof live?.pid === "number") workers.add(live.pid);
      });
      relays.push(p);
      return p;
    },
    entries,
    run(args) {
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [AGENT_BIN, ...args], {
          cwd: home.cwd,
          env,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        child.on("close", (code) => resolve({ code, stdout, stderr }));
      });
    },
    async dispose() {
      for (const r of relays) await r.kill();
      entries();
      for (const pid of workers) if (isProcessAlive(pid)) process.kill(pid, "SIGKILL");
      await waitUntil(() => [...workers].every((pid) => !isProcessAlive(pid)), "live workers to die");
      await home.dispose();
    },
  };
}
