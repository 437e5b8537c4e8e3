// Tool commands run below the worker's CPU priority: their own nice value (inherited by what
// they start) and, on Linux with session groups, their session's, so the agent's own build
// cannot starve the terminal. A command gone already, or 0 (turned off), changes nothing.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { getPriority, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runBashCommand } from "../../../src/agent/tools/bash-executor.js";
import { lowerSessionGroup, toolCommand } from "../../../src/agent/tools/tool-priority.js";

const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) process.kill(pid, "SIGKILL");
  vi.restoreAllMocks();
});

/**
 * A command in a session of its own, started as the tools start them, and the nice value it
 * reports for itself once it runs (`nice` sets it before the command starts).
 */
async function startCommand(nice: number): Promise<{ pid: number; reported: number }> {
  const start = toolCommand("sh", ["-c", "ps -o ni= -p $$; exec sleep 30"], nice);
  const child = spawn(start.file, start.args, { detached: true, stdio: ["ignore", "pipe", "ignore"] });
  if (child.pid === undefined) throw new Error("the command did not start");
  started.push(child.pid);
  const [line] = (await once(child.stdout, "data")) as [Buffer];
  return { pid: child.pid, reported: Number(line.toString().trim()) };
}

const groupNice = (pid: number): string | undefined =>
  existsSync(`/proc/${pid}/autogroup`)
    ? /nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, "utf8"))?.[1]
    : undefined;

describe("tool command priority", () => {
  it("lowers a command's nice value and its session group's below the worker's", async () => {
    const { pid, reported } = await startCommand(3);
    await lowerSessionGroup(pid, 3);
    expect(reported).toBe(Math.min(19, getPriority() + 3));
    // Where the kernel groups sessions (Linux autogroups), the command's group is lowered too.
    if (existsSync("/proc/self/autogroup")) expect(groupNice(pid)).toBe("3");
  });

  it("is what the bash tool's commands start as", () => {
    const start = toolCommand("bash", ["-c", "make"], 5);
    expect(start.args.slice(-4)).toEqual(["5", "bash", "-c", "make"]);
    expect(toolCommand("bash", ["-c", "make"], 0)).toEqual({ file: "bash", args: ["-c", "make"] });
  });

  it("leaves a command alone when turned off, and says nothing about one already gone", async () => {
    const { pid, reported } = await startCommand(0);
    await lowerSessionGroup(pid, 0);
    expect(reported).toBe(getPriority());
    if (existsSync("/proc/self/autogroup")) expect(groupNice(pid)).toBe("0");
    const stderr = vi.spyOn(process.stderr, "write");
    const gone = spawn("true", [], { detached: true });
    await new Promise((resolve) => gone.once("exit", resolve));
    if (gone.pid === undefined) throw new Error("true did not start");
    await lowerSessionGroup(gone.pid, 3);
    expect(stderr).not.toHaveBeenCalled();
  });

  it("runs the bash tool's commands at the lowered priority", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tool-priority-"));
    // $$ is the command's shell: lowered right after it started, before it runs anything.
    const result = await runBashCommand("ps -o ni= -p $$", { cwd: dir });
    expect(result.output.trim()).toBe(String(Math.min(19, getPriority() + 5)));
  });
});
