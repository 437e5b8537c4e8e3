// The one helper for tests that spawn an RPC worker: the built agent-rpc (bin/agent-rpc.js →
// dist/) or the real pi 0.73.1, with a temp agent home pointing at the scripted fake LLM.
// Collects stdout frames with the LF-only framer; waits are condition-based with timeouts.

import { TEST_TMP } from "./isolated-tmp.js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../../../src/protocol/jsonl.js";
import { startFakeLlm, type FakeLlm, type FakeStep } from "../../fixtures/fake-llm-server.mjs";
import { createWaitList, type WaitOptions } from "./wait-list.js";
import { FAKE_MODEL, FAKE_MODEL_2, fakeProviderConfig } from "../../fixtures/fake-agent-home.js";

export const ROOT = resolve(import.meta.dirname, "..", "..", "..");
export const AGENT_BIN = join(ROOT, "bin", "agent-rpc.js");
export const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

export type Frame = Record<string, unknown> & { type: string };

export interface RpcProcess {
  frames: Frame[];
  child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** Exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** A string is written as is; an object as one JSON line. */
  send(frame: string | object): void;
  /** Write one command (an id `t-<n>` is added when it has none) and wait for its response. */
  request(command: Record<string, unknown>, timeoutMs?: number): Promise<Frame>;
  mark(): number;
  waitFor(predicate: (frame: Frame) => boolean, options?: WaitOptions): Promise<Frame>;
  onFrame(listener: (frame: Frame) => void): void;
  closeStdin(): void;
  waitExit(timeoutMs?: number): Promise<number | null>;
  /** Close stdin and wait for the exit (SIGKILL after 5 s); returns the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL at once (when still running). */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /** Default: the built agent-rpc. */
  cli?: string;
  /** Default: a fresh temp directory, removed by stop()/kill(). */
  cwd?: string;
  home: string;
  /** After `--mode rpc`. */
  args: string[];
  /** Replaces the leading `--mode rpc` (e.g. `attach --or-start --mode rpc` for a live worker). */
  prefix?: string[];
  env?: Record<string, string>;
  /** $HOME of the worker (default: its cwd). */
  userHome?: string;
}

/** models.json (a `fake` openai-completions provider) + settings.json, understood by pi and agent-rpc. */
export function writeAgentHome(
  home: string,
  baseUrl: string | undefined,
  settings: Record<string, unknown> = {},
): string {
  mkdirSync(home, { recursive: true });
  if (baseUrl) {
    const models = fakeProviderConfig(baseUrl, [FAKE_MODEL, FAKE_MODEL_2]);
    writeFileSync(join(home, "models.json"), JSON.stringify(models, null, 2));
  }
  const merged = {
    defaultProvider: "fake",
    defaultModel: "fake-model",
    retry: { enabled: true, maxRetries: 2, baseDelayMs: 50 },
    ...settings,
  };
  writeFileSync(join(home, "settings.json"), JSON.stringify(merged, null, 2));
  return home;
}

export function spawnRpc(options: SpawnOptions): RpcProcess {
  const cli = options.cli ?? AGENT_BIN;
  const ownCwd = options.cwd === undefined ? mkdtempSync(join(tmpdir(), "agent-cwd-")) : undefined;
  const cwd = options.cwd ?? (ownCwd as string);
  const child = spawn(process.execPath, [cli, ...(options.prefix ?? ["--mode", "rpc"]), ...options.args], {
    cwd,
    env: {
      PATH: process.env["PATH"] ?? "",
      HOME: options.userHome ?? cwd,
      TMPDIR: TEST_TMP,
      AGENT_TUI_HOME: options.home,
      PI_CODING_AGENT_DIR: options.home,
      ...options.env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  const log = createWaitList<Frame>(
    (frames) => `${frames.map((f) => f.type).join(",")}\nstderr: ${stderr.slice(-2000)}`,
  );
  const listeners: ((frame: Frame) => void)[] = [];
  const framer = createJsonlFramer({
    onRecord: (line) => {
      let frame: Frame;
      try {
        frame = JSON.parse(line) as Frame;
      } catch (error) {
        // Our worker's stdout is frames only: a stray line fails the test. pi is only observed.
        if (cli !== PI_CLI) throw error;
        stderr += `\n[test] unparsable stdout line: ${line.slice(0, 200)} (${String(error)})`;
        return;
      }
      log.push(frame);
      for (const listener of listeners) listener(frame);
    },
  });
  child.stdout.on("data", (chunk: Buffer) => framer.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
  const running = (): boolean => child.exitCode === null && child.signalCode === null;
  const cleanup = (): void => {
    if (ownCwd) rmSync(ownCwd, { recursive: true, force: true });
  };
  const send = (frame: string | object): void =>
    void child.stdin.write(typeof frame === "string" ? frame : `${JSON.stringify(frame)}\n`);
  let counter = 0;
  return {
    frames: log.items,
    child,
    stderr: () => stderr,
    exited,
    send,
    async request(command, timeoutMs) {
      const withId = "id" in command ? command : { id: `t-${++counter}`, ...command };
      const from = log.mark();
      send(withId);
      return log.waitFor((f) => f.type === "response" && f["id"] === withId["id"], {
        from,
        ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      });
    },
    mark: log.mark,
    waitFor: log.waitFor,
    onFrame: (listener) => void listeners.push(listener),
    closeStdin: () => child.stdin.end(),
    waitExit: (timeoutMs = 10_000) =>
      Promise.race([
        exited,
        new Promise<number | null>((_, rej) => setTimeout(() => rej(new Error("no exit")), timeoutMs)),
      ]),
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      const code = await exited;
      clearTimeout(timer);
      cleanup();
      return code;
    },
    async kill() {
      if (running()) {
        child.kill("SIGKILL");
        await exited;
      }
      cleanup();
    },
  };
}

export interface StartOptions {
  script?: FakeStep[];
  fallback?: (lastUser: string, n: number) => FakeStep | undefined;
  settings?: Record<string, unknown>;
  args?: string[];
  /** Skip the fake LLM and models.json (e.g. to test the demo default). */
  noModels?: boolean;
  env?: Record<string, string>;
  cli?: string;
  /** Replace the default `--no-session`. */
  cliArgs?: string[];
}

export interface AgentProcess extends RpcProcess {
  llm: FakeLlm | undefined;
  /** Temp root: `home/` (agent home), `work/` (cwd); removed by stop(). */
  dir: string;
}

/** A fake LLM on loopback + a temp home and working directory + the worker. */
export async function startAgentProcess(options: StartOptions = {}): Promise<AgentProcess> {
  const dir = mkdtempSync(join(tmpdir(), "agent-rpc-e2e-"));
  const work = join(dir, "work");
  mkdirSync(work);
  const llm: FakeLlm | undefined = options.noModels
    ? undefined
    : await startFakeLlm({ script: options.script ?? [], ...(options.fallback ? { fallback: options.fallback } : {}) });
  const home = writeAgentHome(join(dir, "home"), llm?.baseUrl, options.settings);
  const proc = spawnRpc({
    ...(options.cli ? { cli: options.cli } : {}),
    cwd: work,
    home,
    userHome: dir,
    args: [...(options.cliArgs ?? ["--no-session"]), ...(options.args ?? [])],
    ...(options.env ? { env: options.env } : {}),
  });
  const stopProcess = proc.stop;
  return {
    ...proc,
    llm,
    dir,
    async stop() {
      const code =
        proc.child.exitCode === null && proc.child.signalCode === null ? await stopProcess() : proc.child.exitCode;
      await llm?.close();
      rmSync(dir, { recursive: true, force: true });
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

/** Event/response tokens for comparing sequences with pi's traces (message_update runs collapsed). */
export function tokenize(frames: readonly Frame[]): string[] {
  const out: string[] = [];
  for (const frame of frames) {
    let token: string;
    if (frame.type === "ready" || frame.type === "agent_settled") continue;
    if (frame.type === "response") token = `response:${String(frame["command"])}:${String(frame["success"])}`;
    else if (frame.type === "message_start" || frame.type === "message_end")
      token = `${frame.type}:${String((frame["message"] as { role?: string }).role)}`;
    else token = frame.type;
    if ((token === "message_update" || token === "tool_execution_update") && out[out.length - 1] === token) continue;
    out.push(token);
  }
  return out;
}
