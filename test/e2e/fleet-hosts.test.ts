// The fleet inside the TUI, under a pty, with three live workers here and one on a "remote host"
// (a second $AGENT_TUI_HOME reached through a wrapper script standing in for ssh, configured in
// settings fleet.hosts): a worker that blocks on a confirm is a "needs input" row on top within a
// second; Enter on another row shows that conversation while the one shown before keeps running
// detached; the host's sessions are listed under its name, a cut makes it one unreachable row
// that comes back after the reconnect, and Enter on its row attaches through the wrapper; `n`
// starts a session in a new git worktree, and a worktree that exists already is a clear message.
// One sandbox and its workers serve every test: each test leaves the fleet open where the next
// one expects it.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { KEYS, spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { makeRemoteHost, promptWorker, serveWorker, type RemoteHost } from "./fleet-workers.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

vi.hoisted(() => delete process.env["CI"]);

const ASKER = `export default function (pi) {
  pi.on("before_agent_start", async (_event, ctx) => {
    const ok = await ctx.ui.confirm("BRAVO-ASKS", "May BRAVO go on?");
    ctx.ui.notify(ok ? "BRAVO-YES" : "BRAVO-NO", "info");
  });
}
`;
const CTRL_X = "\u0018";
const answer = (word: string) => ({
  kind: "text" as const,
  matchLastUser: word,
  chunks: [`${word}-ANSWER`],
  delayMs: 5,
});

let box: Sandbox | undefined;
let remote: RemoteHost | undefined;
let tui: TuiProcess | undefined;
const ids: Record<string, string> = {};

const liveDir = (home: string): string => join(home, "live");
const sandbox = (): Sandbox => box as Sandbox;
const screen = (): TuiProcess => tui as TuiProcess;
const entry = (home: string, id: string) => listLiveEntries(liveDir(home)).find((e) => e.id === id);

beforeAll(async () => {
  if (!BUILT) return;
  const remoteRead = [
    {
      kind: "tool_call" as const,
      matchLastUser: "REMOTE-READ",
      calls: [{ id: "rr", name: "read", arguments: { path: "notes.txt" } }],
    },
    { kind: "text" as const, match: "rr", chunks: ["REMOTE-READ-DONE"], delayMs: 5 },
  ];
  box = await createSandbox([...["ALPHA", "BRAVO", "CHARLIE", "DELTA"].map(answer), ...remoteRead], {
    settings: { liveSessions: { enabled: true } },
  });
  const { cwd, env, root } = box;
  const agentDir = join(root, "agent");
  remote = makeRemoteHost(root, agentDir, env, "devbox");
  const settings = JSON.parse(readFileSync(join(agentDir, "settings.json"), "utf8")) as Record<string, unknown>;
  settings["fleet"] = { hosts: [{ name: "devbox", command: [remote.command] }] };
  writeFileSync(join(agentDir, "settings.json"), JSON.stringify(settings));
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd, env });
  execFileSync("git", ["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "init"], {
    cwd,
    env,
  });
  const ext = join(root, "asker.mjs");
  writeFileSync(ext, ASKER);
  const [bravo, charlie, delta] = await Promise.all([
    serveWorker(cwd, env, [...FAKE_MODEL, "-e", ext]),
    serveWorker(cwd, env, FAKE_MODEL),
    serveWorker(remote.cwd, remote.env, FAKE_MODEL),
  ]);
  Object.assign(ids, { bravo, charlie, delta });
  await Promise.all([
    promptWorker(charlie as string, env, cwd, "CHARLIE here"),
    promptWorker(delta as string, remote.env, remote.cwd, "DELTA there"),
  ]);
  tui = spawnTui({ args: FAKE_MODEL, cwd, env: { ...env, AGENT_TUI_LIVE_SESSIONS: "1" }, cols: 120, rows: 32 });
  await tui.waitForText("Fake Model", 20_000);
  await submitLine(tui, "ALPHA first");
  await tui.waitForText("ALPHA-ANSWER", 15_000);
}, 60_000);

afterAll(async () => {
  tui?.kill();
  if (!box) return;
  const pids = [box.root ? join(box.root, "agent") : "", remote?.home ?? ""]
    .filter((h) => h !== "")
    .flatMap((h) => listLiveEntries(liveDir(h)).map((e) => e.pid));
  await endLiveWorkers(pids);
  await box.dispose();
});

/** The fleet's session rows on screen: the first row of each (state, name). */
function sessionRows(t: TuiProcess = screen()): string[] {
  return t.screen().filter((r) => /^(› | {2})(needs input|working|idle|done|failed|unreachable)/.test(r));
}

/** The conversation printed after the last line that reads `line` (the TUI's transcript is inline). */
function after(t: TuiProcess, line: string): string {
  const lines = t.logicalLines().map((l) => l.trimEnd());
  return lines.slice(lines.lastIndexOf(line) + 1).join("\n");
}

/** Moves the selection (j/k, one key at a time, each seen on screen) to the row that reads `text`. */
async function select(text: string, t: TuiProcess = screen()): Promise<void> {
  const index = (): { at: number; now: number } => {
    const rows = sessionRows(t);
    return { at: rows.findIndex((r) => r.includes(text)), now: rows.findIndex((r) => r.startsWith("›")) };
  };
  for (let moves = 0; moves < 10; moves += 1) {
    const { at, now } = index();
    expect(at, `a row reading ${text}`).toBeGreaterThanOrEqual(0);
    if (at === now) return;
    t.write(at > now ? "j" : "k");
    await waitUntil(() => index().now !== now, "the selection to move", 5000);
  }
  throw new Error(`could not select ${text}`);
}

describe.skipIf(!BUILT)("the fleet in the TUI, with a remote host", () => {
  it("puts a session that starts waiting on top within a second, and Enter switches to another", async () => {
    const t = screen();
    const home = join(sandbox().root, "agent");
    t.write(CTRL_X);
    await t.waitForText(/Fleet · 4 sessions/, 15_000);
    await t.waitForText("devbox:", 10_000);
    await promptWorker(ids["bravo"] as string, sandbox().env, sandbox().cwd, "BRAVO please");
    await waitUntil(() => entry(home, ids["bravo"] as string)?.state === "waiting", "BRAVO waiting", 10_000);
    const waitingAt = Date.now();
    await t.waitForText("needs input", 1000);
    expect(Date.now() - waitingAt).toBeLessThan(1000);
    // Named by its prompt, which waits on the question (it is not in the session file yet).
    expect(sessionRows()[0]).toMatch(/needs input\s+BRAVO please/);
    expect(t.screenText()).toMatch(/needs input.*\n.*asks: BRAVO-ASKS/);

    // To CHARLIE's row (the list is ordered: its place is found, not assumed), then Enter.
    const alpha = listLiveEntries(liveDir(home)).find((e) => e.attached);
    expect(alpha?.title).toBe("ALPHA first");
    await select("CHARLIE here");
    await t.waitForText(/› (idle|done)\s+CHARLIE here/, 5000);
    t.write(KEYS.enter);
    // The fleet's rows show answers too: the conversation is what the main screen shows.
    await waitUntil(() => t.bufferKind() === "normal", "the fleet view to close", 5000);
    await t.waitForText("Attached to live session “CHARLIE here”", 10_000);
    expect(after(t, "ALPHA-ANSWER")).toMatch(/› CHARLIE here\n+CHARLIE-ANSWER\n/);
    await waitUntil(() => entry(home, ids["charlie"] as string)?.attached === true, "CHARLIE attached");
    // The session shown before keeps running, detached.
    const before = entry(home, alpha?.id as string);
    expect(before && isProcessAlive(before.pid)).toBe(true);
    await waitUntil(() => entry(home, alpha?.id as string)?.attached === false, "ALPHA detached");
  }, 40_000);

  it("lists the remote host's sessions under its name, survives a cut, and attaches through its command", async () => {
    const t = screen();
    const host = remote as RemoteHost;
    t.write(CTRL_X);
    await t.waitForText(/(idle|done)\s+DELTA there/, 10_000);
    expect(t.screenText()).toMatch(/devbox:.*work/);
    // The cut: the host goes down and its watcher's connection is killed.
    writeFileSync(host.downFile, "");
    const watcher = readFileSync(host.pidsFile, "utf8")
      .split("\n")
      .map(Number)
      .filter((pid) => pid > 0 && isProcessAlive(pid))
      .find((pid) => readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--watch"));
    expect(watcher).toBeDefined();
    process.kill(watcher as number, "SIGKILL");
    await t.waitForText(/unreachable\s+devbox/, 10_000);
    await t.waitForText("Connection refused", 5000);
    expect(t.screenText()).not.toContain("DELTA there");
    rmSync(host.downFile);
    await t.waitForText(/(idle|done)\s+DELTA there/, 20_000);

    await select("DELTA there");
    await t.waitForText(/› (idle|done)\s+DELTA there/, 5000);
    t.write(KEYS.enter);
    await waitUntil(() => t.bufferKind() === "normal", "the fleet view to close", 5000);
    await t.waitForText("Attached to live session “DELTA there”", 15_000);
    expect(after(t, "CHARLIE-ANSWER")).toMatch(/› DELTA there\n+DELTA-ANSWER\n/);
    await waitUntil(() => entry(host.home, ids["delta"] as string)?.attached === true, "DELTA attached");
    // Its files are on that host: a tool's path is no link to this machine's file of that name.
    const from = t.output().length;
    await submitLine(t, "REMOTE-READ notes");
    await t.waitForText("REMOTE-READ-DONE", 15_000);
    expect(t.output().slice(from)).toContain("notes.txt");
    expect(t.output().slice(from)).not.toMatch(/\u001b\]8;[^;\u0007\u001b]*;file:/);
  }, 60_000);

  it("starts a session in a new git worktree, and says so when that worktree exists already", async () => {
    const t = screen();
    const { cwd, env } = sandbox();
    const worktree = resolve(cwd, "..", "cwd-feat-x");
    t.write(CTRL_X);
    await t.waitForText(/Fleet · \d+ sessions/, 10_000);
    for (const attempt of [1, 2]) {
      t.write("n");
      await t.waitForText("New session (enter starts it", 5000);
      t.write("\t");
      t.write("\t");
      await t.type("feat-x");
      await t.waitForText(/branch\s+feat-x/, 5000);
      t.write(KEYS.enter);
      if (attempt === 1) await t.waitForText(`Started a session in ${worktree}`, 20_000);
      else await t.waitForText(`${worktree} already exists`, 10_000);
    }
    expect(execFileSync("git", ["branch", "--list", "feat-x"], { cwd, env, encoding: "utf8" })).toContain("feat-x");
    const started = listLiveEntries(liveDir(join(sandbox().root, "agent"))).filter((e) => e.cwd === worktree);
    expect(started).toHaveLength(1);
    expect(existsSync(join(worktree, ".git"))).toBe(true);
    // Nothing blocked: the list still moves and the new session is a row of it.
    await t.waitForText(/cwd-feat-x \(feat-x\)/, 10_000);
  }, 40_000);

  it("agent-tui fleet attaches to a remote row through the host's command and comes back to the list", async () => {
    const { cwd, env } = sandbox();
    const fleet = spawnTui({
      args: ["fleet"],
      cwd,
      env: { ...env, AGENT_TUI_LIVE_SESSIONS: "1" },
      cols: 120,
      rows: 32,
    });
    try {
      await fleet.waitForText(/(idle|done)\s+DELTA there/, 15_000);
      await select("DELTA there", fleet);
      fleet.write(KEYS.enter);
      await waitUntil(() => fleet.bufferKind() === "normal", "the attached session's screen", 10_000);
      await fleet.waitForText("DELTA-ANSWER", 15_000);
      expect(after(fleet, "› DELTA there")).toMatch(/DELTA-ANSWER/);
      fleet.write("\u0011"); // ctrl+q: detach, back to the list
      await fleet.waitForText(/Fleet · \d+ sessions/, 15_000);
      expect(fleet.bufferKind()).toBe("alternate");
    } finally {
      fleet.kill();
    }
  }, 40_000);
});
