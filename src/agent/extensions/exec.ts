// pi.exec(command, args, {signal, timeout, cwd}) for extensions: runs a program without a shell and
// resolves with {stdout, stderr, code, killed}; it never rejects, so an extension's await is safe.
import { spawn } from "node:child_process";
import { toolEnvironment } from "../security/credential-guard.js";
import { registerToolGroup, releaseToolGroupIfEmpty } from "../tools/process-reaper.js";
import { lowerSessionGroup } from "../tools/tool-priority.js";

export interface ExecOptions {
  signal?: AbortSignal;
  timeout?: number;
  cwd?: string;
}

export interface ExecResult {
  stdout: string;
  stderr: string;
  code: number;
  killed: boolean;
}

export function execForExtension(
  command: string,
  args: readonly string[],
  cwd: string,
  options: ExecOptions = {},
): Promise<ExecResult> {
  return new Promise((resolve) => {
    if (options.signal?.aborted) {
      resolve({ stdout: "", stderr: "", code: 1, killed: true });
      return;
    }
    // The same credential-free environment as the bash tool: extensions often run model input.
    // Its own process group, registered with the reaper: a timeout or abort reaches what it
    // started, and nothing it started outlives this worker.
    const child = spawn(command, [...args], {
      cwd: options.cwd ?? cwd,
      stdio: ["ignore", "pipe", "pipe"],
      env: toolEnvironment(),
      detached: true,
    });
    const pgid = child.pid;
    if (pgid !== undefined) registerToolGroup(pgid);
    // Its session below the terminal's when cores are short (tool-priority.ts). Not started
    // through `nice` as the bash tool's commands are: a missing command must stay spawn's ENOENT.
    if (pgid !== undefined) void lowerSessionGroup(pgid);
    let stdout = "";
    let stderr = "";
    let killed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const kill = (): void => {
      killed = true;
      try {
        if (pgid !== undefined) process.kill(-pgid, "SIGTERM");
        else child.kill("SIGTERM");
      } catch (error) {
        // ESRCH: the group is already gone, which is the goal.
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") child.kill("SIGTERM");
      }
    };
    if (typeof options.timeout === "number" && options.timeout > 0) timer = setTimeout(kill, options.timeout);
    options.signal?.addEventListener("abort", kill, { once: true });
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const done = (result: ExecResult): void => {
      if (timer) clearTimeout(timer);
      if (pgid !== undefined) releaseToolGroupIfEmpty(pgid);
      options.signal?.removeEventListener("abort", kill);
      resolve(result);
    };
    // A program that cannot start (ENOENT, EACCES) is reported like a shell would: code 127.
    child.on("error", (error) => done({ stdout, stderr: stderr + error.message, code: 127, killed }));
    child.on("close", (code) => done({ stdout, stderr, code: code ?? 1, killed }));
  });
}
