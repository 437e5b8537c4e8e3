// Live sessions under a pty: the run outlives the terminal (SIGHUP), `agent-tui -c` shows the
// whole answer once; a second TUI attaches mid-stream as a watcher, sees the rest arrive live,
// is refused typing (the text stays) until it takes control with its key, and the first is
// told; an SSH link cut mid-stream is reconnected and the answer is whole; quitting while
// working asks; `agent-tui sessions` lists and stops workers.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries, type LiveEntry } from "../../src/agent/live/live-registry.js";
import { KEYS, ROOT, spawnTui, TUI_BIN, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

const TOKENS = Array.from({ length: 36 }, (_, i) => `tok${String(i).padStart(2, "0")} `);
const SLOW = (match: string) => ({ kind: "text" as const, matchLastUser: match, chunks: TOKENS, delayMs: 90 });
/** Streams 10 tokens, then waits for `llm.release()`: a reattach lands mid-stream however slow the machine. */
const HELD = (match: string) => ({
  kind: "text" as const,
  matchLastUser: match,
  chunks: TOKENS,
  delayMs: 20,
  holdAfter: 10,
});
const LIVE = { liveSessions: { enabled: true, reconnectDelaysMs: [400, 800] } };
const STANDIN = join(ROOT, "test", "fixtures", "ssh-standin.mjs");
const AGENT_RPC = join(ROOT, "bin", "agent-rpc.js");

type Box = {
  sandbox: Sandbox;
  tuis: TuiProcess[];
  start(args: string[], env?: NodeJS.ProcessEnv): Promise<TuiProcess>;
  live(): LiveEntry[];
};
let box: Box | undefined;

async function liveBox(script: Parameters<typeof createSandbox>[0]): Promise<Box> {
  const sandbox = await createSandbox(script, { settings: LIVE });
  const tuis: TuiProcess[] = [];
  const liveDir = join(sandbox.root, "agent", "live");
  return {
    sandbox,
    tuis,
    async start(args, env = {}) {
      const tui = spawnTui({
        args,
        cwd: sandbox.cwd,
        env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: "1", ...env },
        cols: 100,
        rows: 30,
      });
      tuis.push(tui);
      await tui.waitForText("Fake Model", 20_000);
      return tui;
    },
    live: () => listLiveEntries(liveDir),
  };
}

/** Every token exactly once in the whole terminal buffer, in order. */
function expectWholeAnswerOnce(tui: TuiProcess): void {
  const text = tui.allText();
  for (const t of TOKENS) expect(text.split(t.trim()).length - 1, `${t.trim()} in:\n${text}`).toBe(1);
}

function sessionAnswer(sandbox: Sandbox): string[] {
  const root = join(sandbox.root, "agent", "sessions");
  const files = readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
  return files.flatMap((f) =>
    readFileSync(f, "utf8")
      .split("\n")
      .filter((l) => l.includes('"role":"assistant"'))
      .map((l) =>
        ((JSON.parse(l) as { message: { content: Array<{ text?: string }> } }).message.content ?? [])
          .map((b) => b.text ?? "")
          .join(""),
      ),
  );
}

afterEach(async () => {
  if (!box) return;
  for (const t of box.tuis) t.kill();
  const pids = box.live().map((e) => e.pid);
  await endLiveWorkers(pids);
  await box.sandbox.dispose();
  box = undefined;
});

describe.skipIf(!BUILT)("live sessions under a pty", () => {
  it("keeps the run going after SIGHUP; agent-tui -c shows the whole answer once", async () => {
    box = await liveBox([SLOW("HUP-PROMPT")]);
    const first = await box.start(FAKE_MODEL);
    await submitLine(first, "HUP-PROMPT go");
    await first.waitForText("tok03");
    process.kill(first.pid, "SIGHUP");
    await first.waitForExit();
    await waitUntil(() => box?.live()[0]?.attached === false, "the worker to say nobody is attached");
    const [worker] = box.live();
    expect(worker?.state).toBe("working");
    // The worker finishes the answer on its own, into the session file.
    await waitUntil(() => box?.live()[0]?.state === "idle", "the detached run to finish");
    expect(sessionAnswer(box.sandbox)).toEqual([TOKENS.join("")]);

    const again = await box.start([...FAKE_MODEL, "-c"]);
    await again.waitForText("tok35", 10_000, "all");
    expectWholeAnswerOnce(again);
    expect(box.live().map((e) => e.pid)).toEqual([worker?.pid]); // reattached, no second worker
  }, 60_000);

  it("a second terminal watches the stream live and types only after taking control; the first is told", async () => {
    box = await liveBox([
      HELD("MID-PROMPT"),
      { kind: "text", matchLastUser: "FROM-SECOND", chunks: ["second-answer"] },
    ]);
    const first = await box.start(FAKE_MODEL);
    await submitLine(first, "MID-PROMPT go");
    await first.waitForText("tok09");
    const second = await box.start(["attach"]);
    await second.waitForText("Watching: another terminal controls this session. Alt+T takes control.", 10_000, "all");
    // The answer so far, streamed before this terminal existed, is shown; the rest arrives live.
    await second.waitForText("tok09", 10_000, "all");
    expect(second.allText()).not.toContain("tok10");
    box.sandbox.llm.release();
    await second.waitForText("tok35", 15_000, "all");
    expectWholeAnswerOnce(second);
    expect(first.allText()).not.toContain("took");
    expect(box.live()[0]).toMatchObject({ attached: true, clients: 2 });

    // Typing is refused with the hint; the text stays in the editor and nothing reaches the worker.
    await submitLine(second, "FROM-SECOND please");
    await second.waitForText("your text stays here");
    expect(second.screenText()).toContain("› FROM-SECOND please");
    expect(box.sandbox.llm.requests.some((r) => JSON.stringify(r).includes("FROM-SECOND"))).toBe(false);

    second.write("\u001bt"); // Alt+T
    await first.waitForText("Another terminal took control of this session; this one watches now.", 10_000, "all");
    await second.waitForText("This terminal controls the session now.", 10_000, "all");
    second.write("\r");
    await second.waitForText("second-answer", 15_000, "all");
    // The first terminal watches the second's answer arrive.
    await first.waitForText("second-answer", 15_000, "all");
    // The first terminal leaves without ending the worker the second one drives.
    await submitLine(first, "/quit");
    await first.waitForExit();
    expect(box.live()[0]?.attached).toBe(true);
  }, 90_000);

  it("reconnects a cut SSH link and the answer is whole", async () => {
    box = await liveBox([SLOW("SSH-PROMPT")]);
    const down = join(box.sandbox.root, "link-down");
    const agent = `node ${STANDIN} devbox node ${AGENT_RPC} --mode rpc`;
    const tui = await box.start(["--agent", agent, ...FAKE_MODEL], {
      SSH_STANDIN_DOWN_FILE: down,
      SSH_STANDIN_DELAY_MS: "5",
    });
    await submitLine(tui, "SSH-PROMPT go");
    await tui.waitForText("tok03");
    writeFileSync(down, "");
    // The TUI's children through the ssh stand-in: the link (the worker's `--mode rpc`) and the
    // fleet's watcher of live sessions (`sessions --json --watch`).
    const link = execFileSync("pgrep", ["-P", String(tui.pid), "-f", "mode rpc"], { encoding: "utf8" }).trim();
    process.kill(Number(link), "SIGTERM");
    await tui.waitForText("Lost the link to the worker", 10_000, "all");
    await tui.waitForText(/Reconnect attempt \d failed/, 10_000, "all");
    rmSync(down);
    // The same worker (same id and pid) replayed what the link missed: that, and only that, is "nothing was lost".
    await tui.waitForText("Reconnected: the worker kept running and nothing was lost.", 15_000, "all");
    await tui.waitForText("tok35", 15_000, "all");
    expectWholeAnswerOnce(tui);
  }, 60_000);

  it("asks before quitting a working run; -r marks the live session and reattaches; `agent-tui sessions` lists and stops it", async () => {
    box = await liveBox([SLOW("ASK-PROMPT")]);
    const tui = await box.start(FAKE_MODEL);
    await submitLine(tui, "ASK-PROMPT go");
    await tui.waitForText("tok02");
    tui.write(KEYS.ctrlD);
    await tui.waitForText("The agent is working. Leave it running?");
    // The question names the command that comes back, as the line printed on leaving does.
    const shortId = box.live()[0]?.id.slice(0, 13) ?? "";
    expect(shortId).not.toBe("");
    await tui.waitForText(/Detach: the run keeps going +Come back with: node /);
    expect(tui.screenText()).not.toContain("(or -c)");
    // The run goes on above the question: its text keeps coming and its working line stays on screen.
    await tui.waitForText("tok06");
    expect(tui.screenText()).toContain("The agent is working. Leave it running?");
    expect(tui.screenText()).toContain("Working…");
    tui.write(KEYS.enter); // Detach
    await tui.waitForExit();
    // As it was started.
    expect(tui.output()).toMatch(new RegExp(`Come back with: node \\S+/bin/agent-tui\\.js attach ${shortId}`));
    // agent-tui let the worker go and left; the worker notes the closed link in its own time.
    await waitUntil(() => box?.live()[0]?.attached === false, "the worker to say nobody is attached");
    const [entry] = box.live();

    // -r starts a fresh worker, lists the live session first with its state, and goes to it.
    const picker = await box.start([...FAKE_MODEL, "-r"]);
    await picker.waitForText(/● (working|idle since)/);
    picker.write(KEYS.enter);
    await picker.waitForText("tok35", 15_000, "all");
    expectWholeAnswerOnce(picker);
    // One attach, one line: the session's title and state, not also a divider.
    const attached = picker.allText();
    const line = /Attached to live session “ASK-PROMPT go” \((working|idle \d+s)\) · \/resume for others/g;
    expect(attached.match(line), attached).toHaveLength(1);
    expect(attached).not.toContain("── Attached");
    // The fresh worker -r ended to switch is no news: no "worker ended" line about it.
    expect(attached).not.toContain("The worker ended");
    await waitUntil(() => box?.live().length === 1, "the fresh worker of -r to end");
    expect(box.live()[0]).toMatchObject({ pid: entry?.pid, attached: true });

    const run = (args: string[]) =>
      spawnSync(process.execPath, [TUI_BIN, ...args], {
        cwd: box?.sandbox.cwd,
        env: box?.sandbox.env,
        encoding: "utf8",
      });
    const listed = run(["sessions"]);
    expect(listed.stdout).toContain(entry?.id.slice(0, 13));
    expect(listed.stdout).toMatch(/idle|working/);
    expect(listed.stdout).toContain(box.sandbox.cwd);
    const stopped = run(["sessions", "stop", entry?.id ?? ""]);
    expect(stopped.status).toBe(0);
    expect(isProcessAlive(entry?.pid ?? 0)).toBe(false);
    await picker.waitForText("The worker ended", 10_000, "all");
    expect(box.live()).toEqual([]);
  }, 90_000);
});
