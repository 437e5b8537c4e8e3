// `agent-tui -p … | head -1` with an answer longer than a pipe holds: once the answer is written,
// print mode stops its worker and exits, while the answer's tail is still on its way. A reader that
// leaves then made the answer incomplete, so the exit is SIGPIPE's 141, not the run's 0; a reader
// that stays gets the whole answer before the exit. The tests order the events for certain: the
// reader reads nothing more until the worker is gone (print mode stops it only after the run).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TUI_BIN } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, waitUntil } from "./tui-session.js";

/** Far more than a pipe and the reading side's buffer hold together. */
const ANSWER = Array.from({ length: 100 }, (_, i) => `line${i} ${"x".repeat(4000)}\n`).join("");
/** Linux lists a process's children here: the one way to see the worker end without touching it. */
const childrenOf = (pid: number): string => `/proc/${pid}/task/${pid}/children`;

type Run = { child: ChildProcess; stderr: () => string; exit: Promise<number | null> };

function start(sandbox: Sandbox, prompt: string): Run {
  const child = spawn(process.execPath, [TUI_BIN, ...FAKE_MODEL, "--no-session", "-p", prompt], {
    cwd: sandbox.cwd,
    env: sandbox.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString("utf8")));
  const exit = new Promise<number | null>((res) => child.on("close", (code) => res(code)));
  return { child, stderr: () => err, exit };
}

/** Resolves once the run's answer has started to arrive and agent-tui's worker has exited since. */
function answeredAndWorkerGone(r: Run): Promise<Buffer> {
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

describe.skipIf(!BUILT || !existsSync(childrenOf(process.pid)))("agent-tui -p into a pipe", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox([
      { kind: "text", matchLastUser: "LEAVING-READER", chunks: [ANSWER] },
      { kind: "text", matchLastUser: "STAYING-READER", chunks: [ANSWER] },
    ]);
  }, 30_000);
  afterAll(async () => {
    await sandbox?.dispose();
  });

  it("exits 141, quietly, when the reader leaves before the answer's end was written", async () => {
    const r = start(sandbox, "LEAVING-READER go");
    await answeredAndWorkerGone(r);
    r.child.stdout?.destroy();
    expect(await r.exit).toBe(141);
    expect(r.stderr()).toBe("");
  });

  it("writes the whole answer before exiting 0 when the reader stays", async () => {
    const r = start(sandbox, "STAYING-READER go");
    const first = await answeredAndWorkerGone(r);
    const chunks: Buffer[] = [first];
    r.child.stdout?.on("data", (d: Buffer) => chunks.push(d));
    r.child.stdout?.resume();
    expect(await r.exit).toBe(0);
    expect(Buffer.concat(chunks).toString("utf8")).toBe(`${ANSWER}\n`);
    expect(r.stderr()).toBe("");
  });
});
