// A reader on agent-tui's stdout pipe that orders the events of a pipe test for certain, not by
// timing: it takes the first chunk of the output, then reads nothing more until agent-tui's worker
// has exited (the front ends without Ink stop their worker only once they are ending), so the
// output's tail is still on its way when the test lets the reader leave or stay.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { TUI_BIN } from "./pty-harness.js";
import type { Sandbox } from "./sandbox.js";
import { waitUntil } from "./tui-session.js";

/** Far more than a pipe and the reading side's buffer hold together. */
export const LONG_ANSWER = Array.from({ length: 100 }, (_, i) => `line${i} ${"x".repeat(4000)}\n`).join("");

/** Linux lists a process's children here: the one way to see the worker end without touching it. */
export const childrenOf = (pid: number): string => `/proc/${pid}/task/${pid}/children`;

/** False where the test cannot see agent-tui's worker end (not Linux). */
export const CAN_SEE_CHILDREN = existsSync(childrenOf(process.pid));

export type PipedRun = { child: ChildProcess; stderr: () => string; exit: Promise<number | null> };

/** agent-tui with `args`, stdin closed, stdout and stderr into pipes. */
export function spawnIntoPipe(sandbox: Sandbox, args: readonly string[]): PipedRun {
  const child = spawn(process.execPath, [TUI_BIN, ...args], {
    cwd: sandbox.cwd,
    env: sandbox.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString("utf8")));
  const exit = new Promise<number | null>((res) => child.on("close", (code) => res(code)));
  return { child, stderr: () => err, exit };
}

/** Resolves with the first chunk once the output has started to arrive and the worker has exited since. */
export function firstChunkThenWorkerGone(r: PipedRun): Promise<Buffer> {
  const stdout = r.child.stdout;
  const pid = r.child.pid;
  if (!stdout || pid === undefined) throw new Error("agent-tui started without a stdout pipe");
  return new Promise((resolve, reject) => {
    stdout.once("data", (first: Buffer) => {
      stdout.pause();
      const gone = (): boolean => !existsSync(childrenOf(pid)) || readFileSync(childrenOf(pid), "utf8").trim() === "";
      waitUntil(gone, "agent-tui's worker to exit").then(() => resolve(first), reject);
    });
  });
}

/** The reader stays: everything agent-tui writes, from `first` on. */
export function readTheRest(r: PipedRun, first: Buffer): () => string {
  const chunks: Buffer[] = [first];
  r.child.stdout?.on("data", (d: Buffer) => chunks.push(d));
  r.child.stdout?.resume();
  return () => Buffer.concat(chunks).toString("utf8");
}
