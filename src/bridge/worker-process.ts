// One worker generation: spawns the child without a shell (unless asked), owns all four handles
// (docs/protocol.md §11.1), frames stdout, drains stderr into the redacted ring, and reports the
// exit once.
import { spawn, type ChildProcess } from "node:child_process";
import { createJsonlFramer, DEFAULT_MAX_RECORD_BYTES } from "../protocol/index.js";
import { createStderrRing, type StderrRing } from "./stderr-ring.js";
import { createWriteQueue, type WriteQueue } from "./write-queue.js";
import type { Redactor } from "./redact.js";

export interface WorkerSpawnOptions {
  argv: string[];
  cwd?: string;
  env: NodeJS.ProcessEnv;
  envAllowList?: string[];
  useShell?: boolean;
  ownProcessGroup?: boolean;
  maxQueuedFrames?: number;
  maxQueuedBytes?: number;
  maxRecordBytes?: number;
  redact: Redactor;
}

export interface WorkerProcessHandlers {
  onRecord(line: string): void;
  onFramingError(message: string): void;
  onStderrLine(line: string): void;
  onStdinError(error: Error): void;
  /** stdout ended; the process may still be alive (a protocol failure if it stays so). */
  onStdoutEnd(): void;
  onExit(code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void;
}

export interface WorkerProcess {
  readonly pid: number | undefined;
  readonly writer: WriteQueue;
  readonly stderr: StderrRing;
  isAlive(): boolean;
  /** Resolves once the process has exited and its pipes closed. */
  readonly exited: Promise<void>;
  closeStdin(): void;
  kill(signal: NodeJS.Signals): void;
  /**
   * Let a live worker go without a signal: close its stdin, stop reading it, let it outlive this
   * process, and report its exit now (code and signal null). A relay in front of a live worker
   * ends by itself once its stdin closes; a worker serving this link in place runs on.
   */
  release(): void;
}

/** The spawn options that come straight from the connection options. */
export function spawnOptionsFrom(o: {
  cwd?: string;
  envAllowList?: string[];
  useShell?: boolean;
  ownProcessGroup?: boolean;
  maxQueuedFrames?: number;
  maxQueuedBytes?: number;
  maxRecordBytes?: number;
}): Partial<WorkerSpawnOptions> {
  return {
    ...(o.cwd !== undefined ? { cwd: o.cwd } : {}),
    ...(o.envAllowList ? { envAllowList: o.envAllowList } : {}),
    ...(o.useShell ? { useShell: true } : {}),
    ...(o.ownProcessGroup ? { ownProcessGroup: true } : {}),
    ...(o.maxQueuedFrames !== undefined ? { maxQueuedFrames: o.maxQueuedFrames } : {}),
    ...(o.maxQueuedBytes !== undefined ? { maxQueuedBytes: o.maxQueuedBytes } : {}),
    ...(o.maxRecordBytes !== undefined ? { maxRecordBytes: o.maxRecordBytes } : {}),
  };
}

/** Client-initiated shutdown (docs/protocol.md §1.6): close stdin, wait, SIGTERM, wait, SIGKILL. */
export async function terminateWorker(
  w: WorkerProcess,
  timeouts: { closeWaitMs?: number; termWaitMs?: number } = {},
): Promise<void> {
  const { closeWaitMs = 5000, termWaitMs = 3000 } = timeouts;
  const timedOut = (ms: number): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      w.exited.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  };
  w.closeStdin();
  if (await timedOut(closeWaitMs)) {
    w.kill("SIGTERM");
    if (await timedOut(termWaitMs)) w.kill("SIGKILL");
  }
  await w.exited;
}

/**
 * Environment for the child: full env, or only the allow-list plus PATH and HOME
 * (docs/protocol.md §11.9).
 */
export function buildChildEnv(env: NodeJS.ProcessEnv, allowList?: string[]): NodeJS.ProcessEnv {
  if (!allowList) return { ...env };
  const out: NodeJS.ProcessEnv = {};
  for (const name of new Set(["PATH", "HOME", ...allowList])) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * Close the child's stdin, stop reading its output (no more frames, no 'close') and let it
 * outlive us.
 */
function letGo(child: ChildProcess, writer: WriteQueue): void {
  writer.end();
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.unref();
}

interface ChildPipes {
  child: ChildProcess;
  stdin: NonNullable<ChildProcess["stdin"]>;
  stdout: NonNullable<ChildProcess["stdout"]>;
  stderr: NonNullable<ChildProcess["stderr"]>;
}

/** Start the child with three pipes, directly or through a shell. */
function startChild(options: WorkerSpawnOptions): ChildPipes {
  const [file, ...args] = options.argv;
  if (file === undefined) throw new Error("Worker command is empty");
  const env = buildChildEnv(options.env, options.envAllowList);
  // A process group of its own keeps the terminal's Ctrl+C (SIGINT to the foreground group)
  // away from the worker; the worker still ends with its stdin or with our stop().
  const detached = options.ownProcessGroup === true;
  const child: ChildProcess = options.useShell
    ? spawn(options.argv.join(" "), { cwd: options.cwd, env, stdio: ["pipe", "pipe", "pipe"], shell: true, detached })
    : spawn(file, args, { cwd: options.cwd, env, stdio: ["pipe", "pipe", "pipe"], shell: false, detached });
  const { stdin, stdout, stderr } = child;
  if (!stdin || !stdout || !stderr) throw new Error("Worker spawned without pipes");
  return { child, stdin, stdout, stderr };
}

/** Attach the readers to stdout (framed into records) and stderr (into the ring), and watch stdin. */
function wirePipes(
  pipes: ChildPipes,
  stderrRing: StderrRing,
  options: WorkerSpawnOptions,
  handlers: WorkerProcessHandlers,
): void {
  const maxRecordBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const framer = createJsonlFramer({
    onRecord: handlers.onRecord,
    onOversize: (bytes) =>
      handlers.onFramingError(
        `Worker stdout record of ${bytes} bytes exceeds the ${maxRecordBytes}-byte limit; discarded`,
      ),
    onInvalidUtf8: (bytes) =>
      handlers.onFramingError(`Worker stdout record of ${bytes} bytes is not valid UTF-8; discarded`),
    maxRecordBytes,
  });
  pipes.stdout.on("data", (chunk: Buffer) => framer.push(chunk));
  pipes.stdout.on("end", () => {
    framer.end();
    handlers.onStdoutEnd();
  });
  pipes.stderr.on("data", (chunk: Buffer) => {
    for (const line of stderrRing.push(chunk)) handlers.onStderrLine(line);
  });
  pipes.stdin.on("error", (error: Error) => handlers.onStdinError(error));
}

/** The process's life: alive until its exit is reported, which happens once whatever reports it. */
interface ExitTracker {
  isAlive(): boolean;
  readonly exited: Promise<void>;
  report(code: number | null, signal: NodeJS.Signals | null, spawnError?: Error): void;
}

function trackExit(writer: WriteQueue, stderrRing: StderrRing, handlers: WorkerProcessHandlers): ExitTracker {
  let alive = true;
  let reported = false;
  let resolveExited: () => void = () => undefined;
  const exited = new Promise<void>((resolve) => {
    resolveExited = resolve;
  });
  return {
    isAlive: () => alive,
    exited,
    report(code, signal, spawnError) {
      if (reported) return;
      reported = true;
      alive = false;
      writer.discard();
      for (const line of stderrRing.end()) handlers.onStderrLine(line);
      handlers.onExit(code, signal, spawnError);
      resolveExited();
    },
  };
}

export function spawnWorker(options: WorkerSpawnOptions, handlers: WorkerProcessHandlers): WorkerProcess {
  const pipes = startChild(options);
  const { child } = pipes;
  const writer = createWriteQueue(pipes.stdin, options.maxQueuedFrames, options.maxQueuedBytes);
  const stderr = createStderrRing(options.redact);
  const life = trackExit(writer, stderr, handlers);

  // Readers attach before anything is written (docs/protocol.md §11.1).
  wirePipes(pipes, stderr, options, handlers);
  child.on("error", (error: Error) => {
    // Spawn failure (ENOENT, EACCES): there will be no 'close' with a code.
    if (child.pid === undefined) life.report(null, null, error);
    else handlers.onStdinError(error);
  });
  child.on("close", (code: number | null, signal: NodeJS.Signals | null) => life.report(code, signal));

  return {
    pid: child.pid,
    writer,
    stderr,
    isAlive: life.isAlive,
    exited: life.exited,
    closeStdin: () => writer.end(),
    kill(signal) {
      if (life.isAlive()) child.kill(signal);
    },
    release() {
      if (!life.isAlive()) return;
      letGo(child, writer);
      life.report(null, null);
    },
  };
}
