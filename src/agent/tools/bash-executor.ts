// Runs one shell command for the bash tool and the RPC `bash` command: `bash -c` in its
// own process group, merged stdout+stderr streamed as sanitised text, timeout and abort
// kill the whole group (SIGTERM, then SIGKILL), long output truncated to a tail + temp file.
// The shell gets the tool environment (no credentials) and its output is credential-masked;
// its group is registered with the reaper, so it dies with this worker.

import { type ChildProcessByStdio, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import type { Readable } from "node:stream";
import { OutputCollector, type OutputSnapshot } from "./output-collector.js";
import { StreamSanitizer } from "./output-sanitizer.js";
import { createOutputMasker, toolEnvironment } from "../security/credential-guard.js";
import { registerToolGroup, releaseToolGroupIfEmpty } from "./process-reaper.js";
import { lowerSessionGroup, toolCommand } from "./tool-priority.js";

export interface RunBashOptions {
  cwd: string;
  signal?: AbortSignal;
  /**
   * Each sanitised output chunk as it arrives (all of it, even past the truncation limit).
   * `snapshot()` gives the accumulated, truncated view; it costs a scan, so call it throttled.
   */
  onChunk?: (text: string, snapshot: () => OutputSnapshot) => void;
  timeoutMs?: number;
  /** Where the full output goes when truncated (default: the OS temp dir). */
  tempDir?: string;
  /** Grace period between SIGTERM and SIGKILL. */
  killGraceMs?: number;
}

export interface BashRunResult {
  /** Combined stdout+stderr, sanitised, the tail that fits the limits. */
  output: string;
  /** Absent when the command was cancelled, timed out or died from a signal. */
  exitCode: number | undefined;
  /** Aborted through the signal or killed by the timeout. */
  cancelled: boolean;
  timedOut: boolean;
  /** The signal that ended the process when it was not ours (e.g. an OOM kill). */
  signalName: string | undefined;
  truncated: boolean;
  fullOutputPath?: string;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  snapshot: OutputSnapshot;
}

const DEFAULT_KILL_GRACE_MS = 1000;
/** After the shell exits, how long to wait for pipes held open by background descendants. */
const PIPE_DRAIN_MS = 100;

function killGroup(pid: number, signal: NodeJS.Signals, shellAlive = true): void {
  try {
    process.kill(-pid, signal);
    return;
  } catch (groupError) {
    // No such group. Once the shell is reaped its pid may be reused: never signal it then.
    if (!shellAlive) return;
    // Otherwise the shell could not become a group leader: fall back to the shell alone.
    void groupError;
  }
  try {
    process.kill(pid, signal);
  } catch (error) {
    // ESRCH: already gone, which is what we wanted.
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") {
      process.stderr.write(`agent-rpc: could not send ${signal} to ${pid}: ${String(error)}\n`);
    }
  }
}

/** `bash -c command` in a process group and session of its own, as every tool command starts. */
function startShell(command: string, cwd: string): ChildProcessByStdio<null, Readable, Readable> {
  // Below the terminal when cores are short, from its first instruction (tool-priority.ts).
  const start = toolCommand("bash", ["-c", command]);
  const child = spawn(start.file, start.args, {
    cwd,
    // Own process group, so abort/timeout reach every descendant (pipelines, `sleep`, servers).
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // Without credentials (security/tool-env.ts): a model runs `env` freely.
    env: toolEnvironment(),
  });
  if (child.pid !== undefined) {
    // Killed with its group if this worker dies, even by SIGKILL (process-reaper.ts).
    registerToolGroup(child.pid);
    void lowerSessionGroup(child.pid);
  }
  return child;
}

export async function runBashCommand(command: string, options: RunBashOptions): Promise<BashRunResult> {
  if (!existsSync(options.cwd)) {
    throw new Error(`Working directory does not exist: ${options.cwd}\nCannot execute bash commands.`);
  }
  const collector = new OutputCollector({ tempDir: options.tempDir });
  const sanitizer = new StreamSanitizer();
  // A credential printed by the command (e.g. `cat models.json`) is masked before it is kept.
  const masker = createOutputMasker();
  const emit = (raw: string, last = false): void => {
    const text = last ? masker.push(raw) + masker.end() : masker.push(raw);
    if (text.length === 0) return;
    collector.append(text);
    options.onChunk?.(text, () => collector.snapshot());
  };

  const signal = options.signal;
  if (signal?.aborted) return finish(collector, undefined, undefined, true, false);
  let cancelled = false;
  let timedOut = false;

  const child = startShell(command, options.cwd);

  let killTimer: NodeJS.Timeout | undefined;
  const stop = (): void => {
    const pid = child.pid;
    if (pid === undefined || killTimer !== undefined) return;
    killGroup(pid, "SIGTERM");
    const shellAlive = (): boolean => child.exitCode === null && child.signalCode === null;
    killTimer = setTimeout(() => killGroup(pid, "SIGKILL", shellAlive()), options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
    killTimer.unref();
  };
  const onAbort = (): void => {
    cancelled = true;
    stop();
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  const timeoutTimer =
    options.timeoutMs !== undefined && options.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          stop();
        }, options.timeoutMs)
      : undefined;

  child.stdout.on("data", (chunk: Buffer) => emit(sanitizer.push(chunk)));
  child.stderr.on("data", (chunk: Buffer) => emit(sanitizer.push(chunk)));

  try {
    const { code, signalName } = await waitForExit(child);
    emit(sanitizer.end(), true);
    if (killTimer !== undefined && (cancelled || timedOut)) {
      // The shell is gone but descendants may have ignored SIGTERM: make sure of the group.
      const pid = child.pid;
      if (pid !== undefined) killGroup(pid, "SIGKILL", false);
    }
    const killedByUs = cancelled || timedOut;
    return await finish(
      collector,
      killedByUs ? undefined : (code ?? undefined),
      killedByUs ? undefined : (signalName ?? undefined),
      killedByUs,
      timedOut,
    );
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (timeoutTimer !== undefined) clearTimeout(timeoutTimer);
    if (killTimer !== undefined) clearTimeout(killTimer);
    if (child.pid !== undefined) releaseToolGroupIfEmpty(child.pid);
  }
}

/** Resolves when the shell exits and its pipes are drained (or held open by a background child). */
function waitForExit(
  child: ReturnType<typeof spawn>,
): Promise<{ code: number | null; signalName: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    let openPipes = 2;
    let exited: { code: number | null; signalName: NodeJS.Signals | null } | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    const done = (): void => {
      if (exited === undefined) return;
      if (drainTimer !== undefined) clearTimeout(drainTimer);
      resolve(exited);
    };
    const onPipeClosed = (): void => {
      openPipes--;
      if (openPipes === 0) done();
    };
    child.stdout?.once("close", onPipeClosed);
    child.stderr?.once("close", onPipeClosed);
    child.once("error", reject);
    child.once("exit", (code, signalName) => {
      exited = { code, signalName };
      if (openPipes === 0) {
        done();
        return;
      }
      // A background descendant (`server &`) can keep the pipes open forever: stop reading.
      drainTimer = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        done();
      }, PIPE_DRAIN_MS);
    });
  });
}

async function finish(
  collector: OutputCollector,
  exitCode: number | undefined,
  signalName: string | undefined,
  cancelled: boolean,
  timedOut: boolean,
): Promise<BashRunResult> {
  const snapshot = collector.snapshot();
  await collector.close();
  const t = snapshot.truncation;
  return {
    output: snapshot.content,
    exitCode,
    cancelled,
    timedOut,
    signalName,
    truncated: t.truncated,
    ...(snapshot.fullOutputPath !== undefined ? { fullOutputPath: snapshot.fullOutputPath } : {}),
    totalLines: t.totalLines,
    totalBytes: t.totalBytes,
    outputLines: t.outputLines,
    outputBytes: t.outputBytes,
    snapshot,
  };
}
