// A dead worker's registry entry becomes a tombstone when listed: written once (two listers
// racing end with one), 0600, never through a link planted in its place, dropped when a worker
// of the same id runs again, after a day, or beyond the count cap; dismissed by id.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_TMP } from "../helpers/isolated-tmp.js";
import { listLiveEntries, readRegistry, type LiveEntry } from "../../../src/agent/live/live-registry.js";
import {
  findDeadEntry,
  listDeadEntries,
  removeDeadEntry,
  tombstoneLiveEntry,
  TOMBSTONE_MAX_AGE_MS,
  TOMBSTONE_MAX_COUNT,
} from "../../../src/agent/live/live-tombstones.js";

/** A pid that ran and is gone (spawnSync reaps it). */
const deadPid = (): number => spawnSync(process.execPath, ["-e", ""]).pid as number;

function entry(dir: string, id: string, pid: number): LiveEntry {
  return {
    id,
    pid,
    cwd: `/work/${id}`,
    socket: join(dir, `${id}.sock`),
    log: join(dir, `${id}.log`),
    version: "1",
    startedAt: 1,
    sessionId: id,
    sessionFile: `/sessions/${id}.jsonl`,
    title: `task ${id}`,
    state: "working",
    since: 2,
    attached: false,
    attachedChanged: 2,
  };
}

function place(dir: string, e: LiveEntry): LiveEntry {
  writeFileSync(join(dir, `${e.id}.json`), JSON.stringify(e), { mode: 0o600 });
  writeFileSync(e.socket, ""); // not a socket: a dead worker's leftover
  return e;
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** An entry of this process with a listening socket: a live worker as the registry sees one. */
async function liveEntry(dir: string, id: string): Promise<LiveEntry> {
  const e = entry(dir, id, process.pid);
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(e.socket, resolve));
  writeFileSync(join(dir, `${id}.json`), JSON.stringify(e), { mode: 0o600 });
  return e;
}

const newDir = (): string => mkdtempSync(join(TEST_TMP, "live-"));

describe("tombstones of dead workers", () => {
  it("turns a dead worker's entry into a private tombstone with its last entry, and removes its socket", () => {
    const dir = newDir();
    const e = place(dir, entry(dir, "aaaa-dead", deadPid()));
    const before = Date.now();
    expect(listLiveEntries(dir)).toEqual([]);
    const path = join(dir, "aaaa-dead.dead.json");
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
    expect(existsSync(join(dir, "aaaa-dead.json"))).toBe(false);
    expect(existsSync(e.socket)).toBe(false);
    const [dead] = readRegistry(dir).dead;
    expect(dead?.state).toBe("dead");
    expect(dead?.dead.reason).toBe("worker died");
    expect(dead?.dead.at).toBeGreaterThanOrEqual(before);
    expect(dead?.last).toMatchObject({ pid: e.pid, cwd: "/work/aaaa-dead", title: "task aaaa-dead" });
    expect(dead?.last.sessionFile).toBe("/sessions/aaaa-dead.jsonl");
    expect(dead?.last.log).toBe(join(dir, "aaaa-dead.log"));
    // No top-level pid: a reader older than tombstones skips it instead of offering to attach.
    expect(JSON.parse(readFileSync(path, "utf8"))).not.toHaveProperty("pid");
    // Listed again, it is the same death.
    expect(readRegistry(dir).dead.map((d) => d.dead.at)).toEqual([dead?.dead.at]);
  });

  it("leaves one tombstone when two listers race for the same entry", () => {
    const dir = newDir();
    const e = place(dir, entry(dir, "race", deadPid()));
    // Both read the entry before either removed it: the second finds the first's tombstone.
    tombstoneLiveEntry(dir, e, "worker died", 1000);
    place(dir, e);
    tombstoneLiveEntry(dir, e, "worker died", 2000);
    // A third comes after the entry went: nothing to do.
    tombstoneLiveEntry(dir, e, "worker died", 3000);
    const dead = listDeadEntries(dir, new Set(), 5000);
    expect(dead.map((d) => [d.id, d.dead.at])).toEqual([["race", 1000]]);
  });

  it("never writes through a link planted where the tombstone goes, and never reads one", () => {
    const dir = newDir();
    const victim = join(newDir(), "victim");
    writeFileSync(victim, "keep me");
    symlinkSync(victim, join(dir, "linked.dead.json"));
    place(dir, entry(dir, "linked", deadPid()));
    listLiveEntries(dir);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(lstatSync(join(dir, "linked.dead.json")).isSymbolicLink()).toBe(false);
    expect(readRegistry(dir).dead.map((d) => d.id)).toEqual(["linked"]);

    symlinkSync(victim, join(dir, "other.dead.json"));
    expect(listDeadEntries(dir, new Set()).map((d) => d.id)).toEqual(["linked"]);
    expect(existsSync(join(dir, "other.dead.json"))).toBe(false);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
  });

  it("skips a FIFO in a tombstone's place instead of waiting on it", () => {
    const dir = newDir();
    expect(spawnSync("mkfifo", [join(dir, "fifo.dead.json")]).status).toBe(0);
    expect(listDeadEntries(dir, new Set())).toEqual([]);
  });

  it("drops the tombstone of a worker that runs again under the same id", async () => {
    const dir = newDir();
    tombstoneLiveEntry(dir, place(dir, entry(dir, "again", deadPid())), "worker died");
    await liveEntry(dir, "again");
    const { live, dead } = readRegistry(dir);
    expect(live.map((e) => e.id)).toEqual(["again"]);
    expect(dead).toEqual([]);
    expect(existsSync(join(dir, "again.dead.json"))).toBe(false);
  });

  it("expires tombstones after a day and keeps only the newest beyond the cap", () => {
    const dir = newDir();
    const now = 10 * TOMBSTONE_MAX_AGE_MS;
    tombstoneLiveEntry(dir, place(dir, entry(dir, "old", deadPid())), "worker died", now - TOMBSTONE_MAX_AGE_MS - 1);
    tombstoneLiveEntry(dir, place(dir, entry(dir, "young", deadPid())), "worker died", now - 1000);
    expect(listDeadEntries(dir, new Set(), now).map((d) => d.id)).toEqual(["young"]);
    expect(existsSync(join(dir, "old.dead.json"))).toBe(false);

    const pid = deadPid();
    for (let i = 0; i < TOMBSTONE_MAX_COUNT + 5; i++)
      tombstoneLiveEntry(dir, place(dir, entry(dir, `n${String(i).padStart(3, "0")}`, pid)), "worker died", now + i);
    const kept = listDeadEntries(dir, new Set(), now + 100);
    expect(kept).toHaveLength(TOMBSTONE_MAX_COUNT);
    expect(kept[0]?.id).toBe(`n${String(TOMBSTONE_MAX_COUNT + 4).padStart(3, "0")}`);
    expect(existsSync(join(dir, "n000.dead.json"))).toBe(false);
    expect(existsSync(join(dir, "young.dead.json"))).toBe(false);
  });

  it("finds a dead worker by id prefix, session file or pid, and dismisses it", () => {
    const dir = newDir();
    const e = place(dir, entry(dir, "dismiss-me", deadPid()));
    listLiveEntries(dir);
    const dead = readRegistry(dir).dead;
    expect(findDeadEntry(dead, "dism")?.id).toBe("dismiss-me");
    expect(findDeadEntry(dead, "/sessions/dismiss-me.jsonl")?.id).toBe("dismiss-me");
    expect(findDeadEntry(dead, String(e.pid))?.id).toBe("dismiss-me");
    removeDeadEntry(dir, "dismiss-me");
    expect(readRegistry(dir).dead).toEqual([]);
  });
});
