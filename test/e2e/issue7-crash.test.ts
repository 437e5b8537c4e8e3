// Crash and restart end to end: the worker is killed mid-stream; the UI reports it, the
// supervisor restarts it and reopens the same session, the interrupted prompt is offered back
// (not resent) and one Enter continues the conversation in the same session file.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS, ROOT, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";

const built = existsSync(join(ROOT, "dist", "tui", "main.js")) && existsSync(join(ROOT, "dist", "agent", "main.js"));

let sandbox: Sandbox;
let tui: TuiProcess;

function workerPid(tuiPid: number): number {
  const out = execFileSync("pgrep", ["-P", String(tuiPid)], { encoding: "utf8" }).trim().split("\n").filter((l) => l !== "");
  if (out.length !== 1) throw new Error(`expected one worker process, found: ${out.join(", ")}`);
  return Number(out[0]);
}

function sessionFiles(): string[] {
  const root = join(sandbox.root, "agent", "sessions");
  return readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
}

describe.skipIf(!built)("worker crash mid-stream under a pty", () => {
  beforeAll(async () => {
    sandbox = await createSandbox([
      { kind: "text", matchLastUser: "CRASH-PROMPT", chunks: Array.from({ length: 80 }, (_, i) => `chunk${i} `), delayMs: 100 },
      { kind: "text", matchLastUser: "CRASH-PROMPT", chunks: ["Recovered ", "answer."], delayMs: 5 },
    ]);
    tui = spawnTui({ args: ["--provider", "fake", "--model", "fake-model"], cwd: sandbox.cwd, env: sandbox.env, cols: 100, rows: 30 });
    await tui.waitForText("Fake Model", 20_000);
  }, 30_000);

  afterAll(async () => {
    tui?.kill();
    await sandbox?.dispose();
  });

  it("reports the crash, restarts, offers the prompt back, and continues the same session", async () => {
    await tui.type("CRASH-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("chunk3");
    const before = sessionFiles();
    expect(before).toHaveLength(1);
    process.kill(workerPid(tui.pid), "SIGKILL");
    await tui.waitForText(/Worker (crashed|restarting).*SIGKILL/, 10_000, "all");
    await tui.waitForText('Interrupted by the crash: "CRASH-PROMPT go". It will not be resent automatically.', 10_000, "all");
    await tui.waitForText("Worker restarted; the session was reopened", 15_000, "all");
    await tui.waitForText("press Enter to resend it", 10_000, "all");
    // Offered, not sent: no second request reached the model before the user presses Enter.
    expect(sandbox.llm.requests.filter((r) => r.lastUser.includes("CRASH-PROMPT"))).toHaveLength(1);
    await tui.waitForText("› CRASH-PROMPT go");
    tui.write(KEYS.enter);
    await tui.waitForText("Recovered answer.");
    const after = sessionFiles();
    expect(after).toEqual(before);
    expect(readFileSync(after[0] ?? "", "utf8")).toContain("Recovered answer.");
  }, 40_000);
});
