// Spawns the built agent-rpc against a temp $AGENT_TUI_HOME pointing at the fake LLM server, and
// reads its stdout frames: send/request/waitFor without sleeps, and a guaranteed kill on dispose.
import "../../helpers/isolated-tmp.js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../../../../src/protocol/jsonl.js";

export const REPO = resolve(import.meta.dirname, "../../../..");
export type Frame = Record<string, unknown> & { type?: string };

export interface RpcProcess {
  frames: Frame[];
  stderr: () => string;
  send(frame: object): void;
  request(frame: { id: string; type: string } & Record<string, unknown>, timeoutMs?: number): Promise<Frame>;
  waitFor(predicate: (f: Frame) => boolean, from?: number, timeoutMs?: number): Promise<Frame>;
  onFrame(listener: (f: Frame) => void): void;
  closeStdin(): void;
  exited: Promise<number | null>;
  dispose(): Promise<void>;
}

export function writeAgentHome(baseUrl: string, settings: Record<string, unknown> = {}): string {
  const home = mkdtempSync(join(tmpdir(), "agent-home-"));
  const models = {
    providers: {
      fake: {
        baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [{ id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }],
      },
    },
  };
  writeFileSync(join(home, "models.json"), JSON.stringify(models));
  writeFileSync(join(home, "settings.json"), JSON.stringify({ defaultProvider: "fake", defaultModel: "fake-model", ...settings }));
  return home;
}

export function spawnAgentRpc(args: string[], home: string): RpcProcess {
  const cwd = mkdtempSync(join(tmpdir(), "agent-cwd-"));
  mkdirSync(cwd, { recursive: true });
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [join(REPO, "bin", "agent-rpc.js"), "--mode", "rpc", ...args], {
    cwd,
    env: { ...process.env, AGENT_TUI_HOME: home },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const frames: Frame[] = [];
  const listeners: ((f: Frame) => void)[] = [];
  const waiters = new Set<() => void>();
  let stderrText = "";
  const framer = createJsonlFramer({
    onRecord: (line: string) => {
      if (!line.trim()) return;
      const frame = JSON.parse(line) as Frame;
      frames.push(frame);
      for (const l of listeners) l(frame);
      for (const w of [...waiters]) w();
    },
    onOversize: () => {
      throw new Error("oversize frame");
    },
  });
  child.stdout.on("data", (chunk: Buffer) => framer.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderrText += chunk.toString()));
  const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));

  const waitFor = (predicate: (f: Frame) => boolean, from = 0, timeoutMs = 10_000): Promise<Frame> =>
    new Promise((res, rej) => {
      const check = (): boolean => {
        const hit = frames.slice(from).find(predicate);
        if (!hit) return false;
        waiters.delete(onChange);
        clearTimeout(timer);
        res(hit);
        return true;
      };
      const onChange = (): void => void check();
      const timer = setTimeout(() => {
        waiters.delete(onChange);
        rej(new Error(`timed out waiting for a frame; last frames: ${JSON.stringify(frames.slice(-3)).slice(0, 800)}\nstderr: ${stderrText.slice(-800)}`));
      }, timeoutMs);
      if (!check()) waiters.add(onChange);
    });

  return {
    frames,
    stderr: () => stderrText,
    send: (frame) => child.stdin.write(`${JSON.stringify(frame)}\n`),
    request(frame, timeoutMs) {
      const from = frames.length;
      child.stdin.write(`${JSON.stringify(frame)}\n`);
      return waitFor((f) => f.type === "response" && f.id === frame.id, from, timeoutMs);
    },
    waitFor,
    onFrame: (listener) => void listeners.push(listener),
    closeStdin: () => child.stdin.end(),
    exited,
    async dispose() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGKILL");
        await exited;
      }
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
