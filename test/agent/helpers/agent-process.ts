// Spawns the built agent-rpc (bin/agent-rpc.js → dist/) against the scripted fake LLM server,
// with a temp $AGENT_TUI_HOME holding a custom openai-completions provider. Collects stdout
// frames with an LF-only splitter; waits are condition-based with timeouts.

import { TEST_TMP } from "./isolated-tmp.js";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../../../src/protocol/jsonl.js";
import { startFakeLlm, type FakeLlm, type FakeStep } from "../../fixtures/fake-llm-server.mjs";

export const ROOT = resolve(import.meta.dirname, "..", "..", "..");
export const AGENT_BIN = join(ROOT, "bin", "agent-rpc.js");

export type Frame = Record<string, unknown> & { type: string };

export interface AgentProcess {
  llm: FakeLlm | undefined;
  frames: Frame[];
  stderr: () => string;
  dir: string;
  /** Write one command (adds nothing: pass `id` yourself) and wait for its response. */
  request(command: Record<string, unknown>, timeoutMs?: number): Promise<Frame>;
  send(raw: string): void;
  mark(): number;
  waitFor(predicate: (frame: Frame) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<Frame>;
  closeStdin(): void;
  waitExit(timeoutMs?: number): Promise<number | null>;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface StartOptions {
  script?: FakeStep[];
  fallback?: (lastUser: string, n: number) => FakeStep | undefined;
  settings?: Record<string, unknown>;
  args?: string[];
  /** Skip writing models.json (e.g. to test the demo default). */
  noModels?: boolean;
  env?: Record<string, string>;
  cli?: string;
  cliArgs?: string[];
}

export function writeAgentHome(dir: string, baseUrl: string | undefined, settings: Record<string, unknown> = {}): string {
  const home = join(dir, "home");
  mkdirSync(home, { recursive: true });
  if (baseUrl) {
    const models = {
      providers: {
        fake: {
          baseUrl,
          api: "openai-completions",
          apiKey: "fake-key",
          models: [
            { id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 },
            { id: "fake-model-2", name: "Fake Model Two", reasoning: false, input: ["text"], contextWindow: 64000, maxTokens: 2048 },
          ],
        },
      },
    };
    writeFileSync(join(home, "models.json"), JSON.stringify(models, null, 2));
  }
  const merged = { defaultProvider: "fake", defaultModel: "fake-model", retry: { enabled: true, maxRetries: 2, baseDelayMs: 50 }, ...settings };
  writeFileSync(join(home, "settings.json"), JSON.stringify(merged, null, 2));
  return home;
}

export async function startAgentProcess(options: StartOptions = {}): Promise<AgentProcess> {
  const dir = mkdtempSync(join(tmpdir(), "agent-rpc-e2e-"));
  const work = join(dir, "work");
  mkdirSync(work);
  const llm: FakeLlm | undefined = options.noModels
    ? undefined
    : await startFakeLlm({ script: options.script ?? [], ...(options.fallback ? { fallback: options.fallback } : {}) });
  const home = writeAgentHome(dir, llm?.baseUrl, options.settings);
  const cli = options.cli ?? AGENT_BIN;
  const child = spawn(process.execPath, [cli, ...(options.cliArgs ?? ["--mode", "rpc", "--no-session"]), ...(options.args ?? [])], {
    cwd: work,
    env: { PATH: process.env["PATH"] ?? "", HOME: dir, TMPDIR: TEST_TMP, AGENT_TUI_HOME: home, PI_CODING_AGENT_DIR: home, ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const frames: Frame[] = [];
  let stderr = "";
  const listeners = new Set<() => void>();
  const framer = createJsonlFramer({
    onRecord: (line) => {
      frames.push(JSON.parse(line) as Frame);
      for (const l of [...listeners]) l();
    },
  });
  child.stdout!.on("data", (chunk: Buffer) => framer.push(chunk));
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));

  const waitFor: AgentProcess["waitFor"] = (predicate, { from = 0, timeoutMs = 10_000 } = {}) =>
    new Promise((res, rej) => {
      const check = (): boolean => {
        for (let i = from; i < frames.length; i++) {
          const frame = frames[i];
          if (frame && predicate(frame)) {
            listeners.delete(onFrame);
            clearTimeout(timer);
            res(frame);
            return true;
          }
        }
        return false;
      };
      const onFrame = (): void => void check();
      const timer = setTimeout(() => {
        listeners.delete(onFrame);
        rej(new Error(`timeout; frames: ${frames.slice(from).map((f) => f.type).join(",")}\nstderr: ${stderr}`));
      }, timeoutMs);
      if (!check()) listeners.add(onFrame);
    });

  const proc: AgentProcess = {
    llm,
    frames,
    stderr: () => stderr,
    dir,
    child,
    send: (raw) => child.stdin!.write(raw),
    mark: () => frames.length,
    waitFor,
    async request(command, timeoutMs = 10_000) {
      const from = frames.length;
      child.stdin!.write(JSON.stringify(command) + "\n");
      return waitFor((f) => f.type === "response" && f["id"] === command["id"], { from, timeoutMs });
    },
    closeStdin: () => child.stdin!.end(),
    waitExit: (timeoutMs = 10_000) =>
      Promise.race([exited, new Promise<number | null>((_, rej) => setTimeout(() => rej(new Error("no exit")), timeoutMs))]),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin!.end();
        const code = await Promise.race([exited, new Promise<"late">((r) => setTimeout(() => r("late"), 3000))]);
        if (code === "late") {
          child.kill("SIGKILL");
          await exited;
        }
      }
      await llm?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return proc;
}

/** Event/response tokens for comparing sequences with pi's traces (message_update runs collapsed). */
export function tokenize(frames: readonly Frame[]): string[] {
  const out: string[] = [];
  for (const frame of frames) {
    let token: string;
    if (frame.type === "ready" || frame.type === "agent_settled") continue;
    if (frame.type === "response") token = `response:${String(frame["command"])}:${String(frame["success"])}`;
    else if (frame.type === "message_start" || frame.type === "message_end") token = `${frame.type}:${String((frame["message"] as { role?: string }).role)}`;
    else token = frame.type;
    if ((token === "message_update" || token === "tool_execution_update") && out[out.length - 1] === token) continue;
    out.push(token);
  }
  return out;
}
