// How agent-tui reaches (or says it cannot reach) a live session, on the built programs: -p -c
// and --plain -c continue a conversation a detached live worker holds by attaching to it (and
// leave it running), `attach` from another folder shows the session's folder and completes its
// files, and an id no live session has is agent-tui's one line naming agent-tui's commands, in
// `attach` (under a pty) and in `sessions stop`.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, TUI_BIN, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

const LIVE = { liveSessions: { enabled: true } };

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];

const liveEntries = () => (sandbox ? listLiveEntries(join(sandbox.root, "agent", "live")) : []);
const liveEnv = (): NodeJS.ProcessEnv => ({ ...sandbox?.env, AGENT_TUI_LIVE_SESSIONS: "1" });

/** Run agent-tui to its end without blocking this process (the fake model server lives here). */
function runTui(args: string[], input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const options = { cwd: sandbox?.cwd, env: liveEnv(), stdio: ["pipe", "pipe", "pipe"] as const };
  const child = spawn(process.execPath, [TUI_BIN, ...args], { ...options, stdio: [...options.stdio] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
  child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
  child.stdin.end(input);
  const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
  return new Promise((resolve) => {
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  const pids = liveEntries().map((e) => e.pid);
  await endLiveWorkers(pids);
  await sandbox?.dispose();
  sandbox = undefined;
});

const reach = (id: string): string => `agent-tui attach ${id} reaches it; agent-tui sessions stop ${id} ends it.`;

/** Close the terminal: the TUI gets SIGHUP and detaches; its worker runs on. */
async function hangUp(tui: TuiProcess): Promise<void> {
  process.kill(tui.pid, "SIGHUP");
  await tui.waitForExit();
  await waitUntil(() => liveEntries().every((e) => !e.attached), "the worker to say nobody is attached");
}

describe.skipIf(!BUILT)("reaching live sessions from agent-tui", () => {
  it("-p -c and --plain -c continue the conversation a detached live worker holds, and leave it running", async () => {
    sandbox = await createSandbox(
      [
        { kind: "text", matchLastUser: "remember the word banana", chunks: ["BANANA-ANSWER"] },
        { kind: "text", matchLastUser: "print check", chunks: ["PRINT-ANSWER"] },
        { kind: "text", matchLastUser: "plain check", chunks: ["PLAIN-ANSWER"] },
      ],
      { settings: LIVE },
    );
    const tui = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: liveEnv(), cols: 110, rows: 30 });
    tuis.push(tui);
    await tui.waitForText("Fake Model", 20_000);
    await submitLine(tui, "remember the word banana");
    await tui.waitForText("BANANA-ANSWER");
    await hangUp(tui);
    const [worker] = liveEntries();
    expect(worker).toBeDefined();

    const print = await runTui([...FAKE_MODEL, "-p", "-c", "print check"]);
    expect(print.stderr).toBe("");
    expect(print.stdout.trim()).toBe("PRINT-ANSWER");
    expect(print.code).toBe(0);
    // The prompt went to the live worker's conversation, which still runs, detached.
    const lastUsers = sandbox.llm.requests.map((r) => r.lastUser);
    expect(lastUsers.at(-1)).toBe("print check");
    expect(liveEntries().map((e) => [e.pid, e.attached])).toEqual([[worker?.pid, false]]);

    const plain = await runTui([...FAKE_MODEL, "--plain", "-c"], "plain check\n");
    expect(plain.stdout).toContain("PLAIN-ANSWER");
    expect(plain.stderr).not.toMatch(/in use by|delete|\.lock/);
    expect(plain.code).toBe(0);
    expect(sandbox.llm.requests.at(-1)?.lastUser).toBe("plain check");
    expect(isProcessAlive(worker?.pid ?? 0)).toBe(true);

    // A terminal follows it again: -p -c leaves it alone, in one line saying how to reach it.
    const again = spawnTui({ args: [...FAKE_MODEL, "-c"], cwd: sandbox.cwd, env: liveEnv(), cols: 110, rows: 30 });
    tuis.push(again);
    await again.waitForText("Attached to live session", 20_000, "all");
    await waitUntil(() => liveEntries().some((e) => e.attached), "the terminal to attach");
    const id = worker?.id.slice(0, 13) ?? "";
    const busy = await runTui([...FAKE_MODEL, "-p", "-c", "print check"]);
    expect(busy.code).toBe(1);
    expect(busy.stdout).toBe("");
    expect(busy.stderr).toBe(`agent-tui: the session ${id} is live and attached in another terminal. ${reach(id)}\n`);
    expect(again.allText()).not.toContain("took it over");
    expect(liveEntries().map((e) => [e.pid, e.attached])).toEqual([[worker?.pid, true]]);
  }, 90_000);

  it("attach from another folder shows the session's folder and branch; @ completes the session's files", async () => {
    const hello = { kind: "text" as const, matchLastUser: "hello there", chunks: ["HELLO-ANSWER"] };
    sandbox = await createSandbox([hello], { settings: LIVE });
    mkdirSync(join(sandbox.cwd, ".git"));
    writeFileSync(join(sandbox.cwd, ".git", "HEAD"), "ref: refs/heads/session-branch\n");
    const elsewhere = join(sandbox.root, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "help-elsewhere.md"), "not the session's\n");
    const first = spawnTui({ args: FAKE_MODEL, cwd: sandbox.cwd, env: liveEnv(), cols: 120, rows: 30 });
    tuis.push(first);
    await first.waitForText("Fake Model", 20_000);
    await submitLine(first, "hello there");
    await first.waitForText("HELLO-ANSWER");
    await hangUp(first);
    const id = liveEntries()[0]?.id.slice(0, 13) ?? "";

    const tui = spawnTui({ args: ["attach", id], cwd: elsewhere, env: liveEnv(), cols: 120, rows: 30 });
    tuis.push(tui);
    await tui.waitForText("HELLO-ANSWER", 20_000, "all");
    await tui.waitForText(`${basename(sandbox.cwd)} (session-branch)`);
    expect(tui.screenText()).not.toContain("elsewhere");
    await tui.type("@hel");
    await tui.waitForText("hello.txt");
    expect(tui.screenText()).not.toContain("help-elsewhere.md");
  }, 90_000);

  it("an id no live session has is one line naming agent-tui's commands, in attach and in sessions stop", async () => {
    sandbox = await createSandbox([], { settings: LIVE });
    const tui = spawnTui({ args: ["attach", "nosuchid"], cwd: sandbox.cwd, env: liveEnv(), cols: 120, rows: 20 });
    tuis.push(tui);
    expect(await tui.waitForExit(20_000)).not.toBe(0);
    const said = tui.allText();
    expect(said).toContain("agent-tui: no live session matches nosuchid (agent-tui sessions lists them)");
    expect(said).not.toContain("could not start the worker");
    expect(said).not.toContain("agent-rpc");

    const stop = await runTui(["sessions", "stop", "nosuchid"]);
    expect(stop.code).toBe(4);
    expect(stop.stderr).toBe("agent-tui sessions: no live session matches nosuchid (agent-tui sessions lists them)\n");
  }, 60_000);
});
