// What --continue picks among live workers and finished session files (the conversation used
// last in this folder), and the title a live worker publishes (its name, else its first prompt).
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chooseContinued } from "../../../src/agent/live/continue-choice.js";
import type { LiveEntry } from "../../../src/agent/live/live-registry.js";
import { createTitleReader } from "../../../src/agent/live/live-title.js";
import { formatTable } from "../../../src/agent/live/sessions-command.js";
import type { SessionEntry } from "../../../src/agent/session/types.js";

const CWD = "/work/project";
let dir: string;

/** A session file in `dir` last written at `at` (ms). */
function sessionFile(name: string, at: number): string {
  const path = join(dir, name);
  writeFileSync(
    path,
    `${JSON.stringify({ type: "session", version: 3, id: name, timestamp: new Date(at).toISOString(), cwd: CWD })}\n`,
  );
  utimesSync(path, at / 1000, at / 1000);
  return path;
}

function worker(id: string, o: Partial<LiveEntry>): LiveEntry {
  return {
    id,
    pid: 1,
    cwd: CWD,
    socket: "",
    log: "",
    version: "",
    startedAt: 0,
    sessionId: id,
    state: "idle",
    since: 0,
    attached: false,
    attachedChanged: 0,
    ...o,
  };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "continue-choice-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("--continue among live workers and finished sessions", () => {
  it("a finished session used after a detached worker wins over it", () => {
    const old = worker("old", {
      sessionFile: sessionFile("old.jsonl", 1_000_000),
      since: 1_000_000,
      attachedChanged: 2_000_000,
    });
    sessionFile("banana.jsonl", 3_000_000);
    expect(chooseContinued([old], CWD, dir)).toBeUndefined();
  });

  it("a worker used after every finished session is chosen, by its last use, not its start", () => {
    sessionFile("done.jsonl", 2_000_000);
    const early = worker("early", {
      sessionFile: sessionFile("early.jsonl", 1_000_000),
      startedAt: 100,
      since: 2_500_000,
      attachedChanged: 2_500_000,
    });
    const late = worker("late", {
      sessionFile: sessionFile("late.jsonl", 1_500_000),
      startedAt: 900,
      since: 1_500_000,
      attachedChanged: 1_600_000,
    });
    expect(chooseContinued([late, early], CWD, dir)).toBe(early);
  });

  it("the worker holding the newest file is chosen; one of another folder or with no conversation yet is not", () => {
    const holder = worker("holder", { sessionFile: sessionFile("held.jsonl", 5_000_000) });
    const elsewhere = worker("elsewhere", { cwd: "/other", since: 9_000_000 });
    const empty = worker("empty", { sessionFile: join(dir, "not-written-yet.jsonl"), since: 9_000_000 });
    expect(chooseContinued([elsewhere, empty, holder], CWD, dir)).toBe(holder);
  });

  it("with no session files, any worker of this folder (as before)", () => {
    const empty = worker("empty", { sessionFile: join(dir, "not-written-yet.jsonl") });
    expect(chooseContinued([empty], CWD, dir)).toBe(empty);
    expect(chooseContinued([empty], CWD, undefined)).toBe(empty);
    expect(chooseContinued([], CWD, dir)).toBeUndefined();
  });
});

describe("a live worker's title", () => {
  const message = (id: string, role: "user" | "assistant", text: string): SessionEntry =>
    ({
      type: "message",
      id,
      parentId: null,
      timestamp: "",
      message: { role, content: [{ type: "text", text }], timestamp: 0 },
    }) as unknown as SessionEntry;

  it("is the session's name, else its first prompt on one row; it follows a switch to another session", () => {
    let name: string | undefined;
    let entries: SessionEntry[] = [
      message("a", "assistant", "hi"),
      message("b", "user", "  fix\nthe   tests "),
      message("c", "user", "later"),
    ];
    const title = createTitleReader({ getName: () => name, getEntries: () => entries });
    expect(title()).toBe("fix the tests");
    name = "release prep";
    expect(title()).toBe("release prep");
    name = undefined;
    entries = [message("d", "user", "x".repeat(500))];
    expect(title()).toHaveLength(120);
    entries = [];
    expect(title()).toBeUndefined();
  });

  it("is the TITLE column of `sessions`, with control characters shown, not sent", () => {
    const table = formatTable(
      [worker("0198aaaa-1111-2222", { title: "hi \u001b]0;pwned\u0007 there" }), worker("0198bbbb-1111-2222", {})],
      0,
    );
    expect(table.split("\n")[0]).toMatch(/FOLDER\s+TITLE$/);
    expect(table).toContain("hi ␛]0;pwned␇ there");
    expect(table).toContain("(no messages yet)");
    expect(table).not.toContain("\u001b");
  });
});
