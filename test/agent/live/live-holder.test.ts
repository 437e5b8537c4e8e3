// A session refused because a live worker holds it is named as that live session, with the
// agent-tui commands that reach or end it, never with advice to delete a running process's lock;
// and a one-shot client (`attach --or-run`: print, plain mode) leaves a live session in use alone.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { busyLiveSession, liveHolderMessage } from "../../../src/agent/live/live-holder.js";
import { liveDir } from "../../../src/agent/live/live-paths.js";
import { writeLiveEntry, type LiveEntry } from "../../../src/agent/live/live-registry.js";
import { SessionInUseError } from "../../../src/agent/session/session-errors.js";

const ID = "01a24fef-48a0-7000-8000-000000000001";

function entry(o: Partial<LiveEntry>): LiveEntry {
  return {
    id: ID,
    pid: process.pid,
    cwd: "/work/project",
    socket: "",
    log: "",
    version: "",
    startedAt: 0,
    sessionId: ID,
    state: "idle",
    since: 0,
    attached: false,
    attachedChanged: 0,
    ...o,
  };
}

let home: string | undefined;
let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
  if (home) rmSync(home, { recursive: true, force: true });
  home = undefined;
});

describe("the refusal of a session a live worker holds", () => {
  it("names the live session and how to reach or end it, and never says to delete the lock", async () => {
    home = mkdtempSync(join(tmpdir(), "live-holder-"));
    const dir = liveDir(home);
    mkdirSync(dir, { recursive: true });
    // The registry lists a worker only while its socket is there.
    const socket = join(dir, "w.sock");
    const listening = createServer();
    server = listening;
    await new Promise<void>((resolve) => listening.listen(socket, resolve));
    const file = join(home, "s.jsonl");
    writeLiveEntry(join(dir, "w.json"), entry({ socket, sessionFile: file }));

    const refused = new SessionInUseError(`Session ${file} is in use by process ${process.pid}`, file);
    const said = liveHolderMessage(refused, home) ?? "";
    expect(said).toBe(
      `Session ${file} is live: worker 01a24fef-48a0 (pid ${process.pid}) is running it, one writer per session. ` +
        "agent-tui attach 01a24fef-48a0 reaches it; agent-tui sessions stop 01a24fef-48a0 ends it.",
    );
    expect(said).not.toMatch(/delete|\.lock/);
    // A file no live worker holds keeps the lock's own words.
    expect(liveHolderMessage(new SessionInUseError("held", join(home, "other.jsonl")), home)).toBeUndefined();
  });
});

describe("a live session a one-shot client finds", () => {
  it("is attached to only when idle with nobody attached", () => {
    expect(busyLiveSession(entry({}))).toBeUndefined();
    expect(busyLiveSession(entry({ attached: true }))).toBe(
      "the session 01a24fef-48a0 is live and attached in another terminal. " +
        "agent-tui attach 01a24fef-48a0 reaches it; agent-tui sessions stop 01a24fef-48a0 ends it.",
    );
    const working = busyLiveSession(entry({ state: "working" }));
    expect(working).toMatch(/^the session 01a24fef-48a0 is live and working\. agent-tui attach/);
    expect(busyLiveSession(entry({ state: "waiting" }))).toMatch(/is live and waiting for a dialog\./);
  });
});
