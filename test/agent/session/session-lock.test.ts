// One writer per session file: a second worker on a session a live worker holds refuses it
// with a clear message (at start, and on switch_session); a lock left by a killed worker is
// taken over; locks of one process are re-entrant and released on close.
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireSessionLock, lockPathFor, SessionLockedError } from "../../../src/agent/session/index.js";
import { spawnRpc } from "../helpers/agent-process.js";

describe("session lock (in process)", () => {
  it("is exclusive across processes, re-entrant within one, and taken over from a dead holder", () => {
    const dir = mkdtempSync(join(TEST_TMP, "lock-unit-"));
    const file = join(dir, "s.jsonl");
    const first = acquireSessionLock(file);
    const second = acquireSessionLock(file);
    expect(JSON.parse(readFileSync(lockPathFor(file), "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    first.release();
    expect(existsSync(lockPathFor(file))).toBe(true);
    second.release();
    expect(existsSync(lockPathFor(file))).toBe(false);

    // A live holder elsewhere (pid 1 is always alive): refused, naming it.
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: 1, host: hostname(), since: "then" }));
    expect(() => acquireSessionLock(file)).toThrow(SessionLockedError);
    expect(() => acquireSessionLock(file)).toThrow(/in use by process 1 on .* \(since then\)/);
    // It runs (a dead holder's lock is taken over): its lock is not to be deleted.
    const reached = /one writer per session\. A live session is reached with agent-tui attach/;
    expect(() => acquireSessionLock(file)).toThrow(reached);
    expect(() => acquireSessionLock(file)).not.toThrow(/delete/);
    // Another machine's holder cannot be checked from here: if it is gone, its lock may go.
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: 1, host: "elsewhere.example", since: "then" }));
    expect(() => acquireSessionLock(file)).toThrow(`If that process is gone, delete ${lockPathFor(file)}.`);
    // A dead holder: taken over.
    writeFileSync(lockPathFor(file), JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), since: "then" }));
    const taken = acquireSessionLock(file);
    expect(JSON.parse(readFileSync(lockPathFor(file), "utf8"))["pid"]).toBe(process.pid);
    taken.release();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("session lock held by a zombie", () => {
  it.skipIf(process.platform !== "linux")(
    "is taken over: a worker killed with its parent holds nothing while unreaped",
    async () => {
      // `sleep 0 &` exits at once; its parent then becomes `sleep 5`, which never reaps it.
      const parent = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 5"], { stdio: ["ignore", "pipe", "ignore"] });
      const pid = Number(
        await new Promise<string>((resolve) => parent.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()))),
      );
      const state = (): string => {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      };
      for (const deadline = Date.now() + 5000; state() !== "Z" && Date.now() < deadline; )
        await new Promise((r) => setTimeout(r, 20));
      expect(state()).toBe("Z");
      const dir = mkdtempSync(join(TEST_TMP, "lock-zombie-"));
      const file = join(dir, "s.jsonl");
      writeFileSync(lockPathFor(file), JSON.stringify({ pid, host: hostname(), since: "then" }));
      const taken = acquireSessionLock(file);
      expect(JSON.parse(readFileSync(lockPathFor(file), "utf8"))["pid"]).toBe(process.pid);
      taken.release();
      parent.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  );
});

describe("two workers on one session file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(TEST_TMP, "lock-e2e-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses the second worker, and a switch to the held file; a killed holder's lock is taken over", async () => {
    const home = join(dir, "home");
    const file = join(dir, "shared.jsonl");
    const first = spawnRpc({ cwd: dir, home, args: ["--session", file] });
    const other = spawnRpc({ cwd: dir, home, args: [] });
    try {
      await first.waitFor((f) => f.type === "ready");
      expect(existsSync(lockPathFor(file))).toBe(true);
      // The file itself is created by the first entry.
      expect((await first.request({ type: "set_session_name", name: "held" }))["success"]).toBe(true);

      const second = spawnRpc({ cwd: dir, home, args: ["--session", file] });
      expect(await second.waitExit()).toBe(1);
      expect(second.stderr()).toContain(`agent-rpc: Session ${file} is in use by process ${first.child.pid}`);
      expect(second.frames).toEqual([]);

      const switched = await other.request({ type: "switch_session", sessionPath: file });
      expect(switched).toMatchObject({
        success: false,
        error: expect.stringContaining(`is in use by process ${first.child.pid}`),
      });

      await first.kill();
      const third = spawnRpc({ cwd: dir, home, args: ["--session", file] });
      await third.waitFor((f) => f.type === "ready");
      expect(JSON.parse(readFileSync(lockPathFor(file), "utf8"))["pid"]).toBe(third.child.pid);
      expect(await third.stop()).toBe(0);
      // Released on a clean exit.
      expect(existsSync(lockPathFor(file))).toBe(false);
    } finally {
      await first.kill();
      await other.stop();
    }
  }, 30_000);
});
