// A dead worker (its process gone, its entry left behind) as the plain listings show it:
// `agent-tui sessions` lists it after the live ones, marked dead, with its session file and
// how to resume or dismiss it; `agent-tui fleet --plain` numbers it as a failed line; and
// `agent-rpc attach ID` says it died and how to resume it; `agent-tui sessions stop ID`
// dismisses it with a message saying its session file is kept, or, when the worker died before
// writing it, that nothing of it was saved. Listers racing to tombstone it
// (separate processes) each list it once.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AGENT_BIN } from "../agent/helpers/agent-process.js";
import { TEST_TMP } from "../agent/helpers/isolated-tmp.js";
import { BUILT } from "./tui-session.js";

const TUI = join(AGENT_BIN, "..", "agent-tui.js");

/**
 * A home whose registry holds the entry of a worker that died (a pid that ran and is gone); its
 * session file is written unless `saved` is false (a worker that died before its first message).
 */
function homeWithDeadWorker(saved = true): { home: string; pid: number; file: string } {
  mkdirSync(TEST_TMP, { recursive: true });
  const home = mkdtempSync(join(TEST_TMP, "sessions-dead-"));
  const file = join(home, "dead.jsonl");
  if (saved) writeFileSync(file, `${JSON.stringify({ type: "session", version: 3, id: "dead-0001-worker" })}\n`);
  const live = join(home, "live");
  mkdirSync(live, { mode: 0o700 });
  const pid = spawnSync(process.execPath, ["-e", ""]).pid as number;
  const entry = {
    id: "dead-0001-worker",
    pid,
    cwd: "/work/app",
    socket: join(live, "dead-0001-worker.sock"),
    log: join(live, "dead-0001-worker.log"),
    version: "1",
    startedAt: Date.now() - 60_000,
    sessionId: "dead-0001-worker",
    sessionFile: file,
    title: "DEAD-TASK",
    state: "working",
    since: Date.now() - 5000,
    attached: false,
    attachedChanged: 0,
  };
  writeFileSync(join(live, "dead-0001-worker.json"), JSON.stringify(entry), { mode: 0o600 });
  return { home, pid, file };
}

/** `agent-rpc sessions --json` in `home`, run alongside others. */
const listJson = (home: string): Promise<unknown[]> =>
  new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [AGENT_BIN, "sessions", "--json"],
      { env: { ...process.env, AGENT_TUI_HOME: home, TMPDIR: TEST_TMP }, timeout: 20_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as unknown[])),
    ),
  );

const tui = (home: string, args: string[]): string =>
  execFileSync(process.execPath, [TUI, ...args], {
    env: { ...process.env, AGENT_TUI_HOME: home, TMPDIR: TEST_TMP },
    input: "",
    encoding: "utf8",
    timeout: 20_000,
  });

describe.skipIf(!BUILT)("a dead worker on the command line", () => {
  it("is listed dead with how to resume or dismiss it, numbered in fleet --plain, and dismissed by stop", () => {
    const { home, pid, file } = homeWithDeadWorker();
    const listing = tui(home, ["sessions"]);
    expect(listing).toContain("No live sessions.");
    expect(listing).toMatch(/Dead sessions .*agent-tui --session FILE.* resumes/);
    expect(listing).toMatch(new RegExp(`dead-0001-wor\\s+DEAD \\d+s ago\\s+${pid}\\s+/work/app\\s+DEAD-TASK`));
    expect(listing).toContain(`worker died; session ${file}`);

    const plain = tui(home, ["fleet", "--plain", "--once"]);
    expect(plain).toMatch(new RegExp(`^1\\. failed · DEAD-TASK · /work/app · worker died \\(pid ${pid}\\)`, "m"));

    const attach = spawnSync(process.execPath, [AGENT_BIN, "attach", "dead-0001"], {
      env: { ...process.env, AGENT_TUI_HOME: home, TMPDIR: TEST_TMP },
      input: "",
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(attach.status).toBe(4);
    expect(attach.stderr).toContain(
      `the worker of live session dead-0001-worker died (pid ${pid}, worker died); ` +
        `agent-tui --session ${file} resumes its conversation`,
    );

    expect(tui(home, ["sessions", "stop", "dead-0001"])).toContain(
      `Dismissed dead session dead-0001-worker (worker died, pid ${pid}); its session file ${file} is kept`,
    );
    expect(tui(home, ["sessions"])).toBe("No live sessions.\n");
  });

  it("says nothing of it was saved when the session file it named was never written", () => {
    const { home, pid, file } = homeWithDeadWorker(false);
    const nothing = `nothing of it was saved (no file at ${file})`;
    expect(tui(home, ["sessions"])).toContain(`worker died; ${nothing}`);
    const attach = spawnSync(process.execPath, [AGENT_BIN, "attach", "dead-0001"], {
      env: { ...process.env, AGENT_TUI_HOME: home, TMPDIR: TEST_TMP },
      input: "",
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(attach.stderr).toContain(`died (pid ${pid}, worker died); ${nothing}`);
    expect(attach.stderr).not.toContain("resumes its conversation");
    expect(tui(home, ["sessions", "stop", "dead-0001"])).toContain(`pid ${pid}); ${nothing}`);
  });

  it("is listed once by each of two listers racing to tombstone it", async () => {
    for (let round = 0; round < 4; round++) {
      const { home } = homeWithDeadWorker();
      const lists = await Promise.all([listJson(home), listJson(home), listJson(home)]);
      for (const list of lists) expect(list).toMatchObject([{ id: "dead-0001-worker", state: "dead" }]);
    }
  });
});
