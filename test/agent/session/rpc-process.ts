// Spawns an RPC worker (our built agent-rpc or the real pi 0.73.1) with a temp agent home
// pointing at the scripted fake LLM; collects stdout frames; waits are condition-based.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../../../src/protocol/jsonl.js";

export const ROOT = resolve(import.meta.dirname, "..", "..", "..");
export const AGENT_BIN = join(ROOT, "bin", "agent-rpc.js");
export const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

export type Frame = Record<string, unknown> & { type: string };

export type RpcProcess = {
  frames: Frame[];
  stderr(): string;
  request(command: Record<string, unknown>, timeoutMs?: number): Promise<Frame>;
  waitFor(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  stop(): Promise<number | null>;
  child: ChildProcess;
};

/** models.json + settings.json understood by both pi and agent-rpc. */
export function writeHome(home: string, baseUrl: string): void {
  mkdirSync(home, { recursive: true });
  const models = {
    providers: {
      fake: {
        baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [{ id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 }],
      },
    },
  };
  writeFileSync(join(home, "models.json"), JSON.stringify(models));
  writeFileSync(join(home, "settings.json"), JSON.stringify({ defaultProvider: "fake", defaultModel: "fake-model", retry: { enabled: false } }));
}

export function startRpc(options: { cli: string; cwd: string; home: string; args: string[]; env?: Record<string, string> }): RpcProcess {
  const child = spawn(process.execPath, [options.cli, "--mode", "rpc", ...options.args], {
    cwd: options.cwd,
    env: { PATH: process.env["PATH"] ?? "", HOME: options.cwd, TMPDIR: TEST_TMP, AGENT_TUI_HOME: options.home, PI_CODING_AGENT_DIR: options.home, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const frames: Frame[] = [];
  let stderr = "";
  const listeners = new Set<() => void>();
  const framer = createJsonlFramer({
    onRecord: (line) => {
      try {
        frames.push(JSON.parse(line) as Frame);
      } catch (error) {
        stderr += `\n[test] unparsable stdout line: ${line.slice(0, 200)} (${String(error)})`;
      }
      for (const listener of [...listeners]) listener();
    },
  });
  child.stdout?.on("data", (chunk: Buffer) => framer.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolveExit) => child.on("exit", (code) => resolveExit(code)));

  const waitFor = (predicate: (frame: Frame) => boolean, timeoutMs = 10_000): Promise<Frame> =>
    new Promise((resolveFrame, reject) => {
      const check = (): void => {
        const hit = frames.find(predicate);
        if (!hit) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolveFrame(hit);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting; frames: ${frames.map((f) => f.type).join(",")}\nstderr: ${stderr}`));
      }, timeoutMs);
      listeners.add(check);
      check();
    });

  let counter = 0;
  return {
    frames,
    child,
    stderr: () => stderr,
    waitFor,
    async request(command, timeoutMs) {
      const id = `t-${++counter}`;
      child.stdin?.write(`${JSON.stringify({ id, ...command })}\n`);
      return waitFor((frame) => frame.type === "response" && frame["id"] === id, timeoutMs);
    },
    async stop() {
      child.stdin?.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** prompt and wait for the run to end (agent_end; pi 0.73 has no agent_settled). */
export async function promptAndWait(proc: RpcProcess, message: string): Promise<void> {
  const before = proc.frames.filter((f) => f.type === "agent_end").length;
  const response = await proc.request({ type: "prompt", message });
  if (response["success"] !== true) throw new Error(`prompt failed: ${JSON.stringify(response)}`);
  await proc.waitFor(() => proc.frames.filter((f) => f.type === "agent_end").length > before);
}
