// The corrupt-file matrix (test/fixtures/corrupt-sessions.ts) through every way a session is
// opened: --session, -c and switch_session. The worker always stays up, says what it skipped
// or why it did not open a file, and a file is never changed except by appended records.
import { lstatSync, mkdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { CORRUPT_CASES, writeCorruptCase } from "../../fixtures/corrupt-sessions.js";
import { defaultSessionDir, readSessionFile, type SessionManager } from "../../../src/agent/session/index.js";
import { createAgentHarness, type AgentHarness } from "./agent-harness.js";
import { makeTempDir, quietSession, user } from "./helpers.js";

const CWD = "/work/project";

function texts(session: SessionManager): string[] {
  return session.buildContextMessages().flatMap((m) => {
    if (m.role !== "user" && m.role !== "assistant") return [];
    if (typeof m.content === "string") return [m.content];
    return m.content.flatMap((c) => (c.type === "text" ? [c.text] : []));
  });
}

/** What is on disk at `path` now: bytes of a file, or a marker for a directory or link. */
function snapshot(path: string): Buffer | string {
  const stat = lstatSync(path);
  if (stat.isDirectory()) return "<directory>";
  if (stat.isSymbolicLink()) return "<symlink>";
  return readFileSync(path);
}

/** The file is its original bytes (plus the line end a final record lacked) and then whole records. */
function expectOnlyAppended(path: string, original: Buffer, appendedText: string): void {
  const now = readFileSync(path);
  expect(now.subarray(0, original.length).equals(original)).toBe(true);
  const rest = now.subarray(original.length).toString("utf8").replace(/^\n/, "");
  const records = rest.split("\n").filter((line) => line !== "");
  expect(records.length).toBeGreaterThan(0);
  for (const line of records) expect(() => JSON.parse(line)).not.toThrow();
  expect(rest).toContain(appendedText);
}

const cases = CORRUPT_CASES.filter((c) => !c.skip);

let h: AgentHarness | undefined;
afterEach(() => {
  h?.dispose();
  h = undefined;
});

describe.each(cases)("corrupt session file: $name", (c) => {
  it("--session: stays up, reports it, never changes it except by appending", () => {
    const dir = makeTempDir("corrupt-session-");
    const path = writeCorruptCase(dir, c.name);
    const before = snapshot(path);
    const told: string[] = [];
    const session = quietSession(dir, { sessionFile: path, notice: (m) => told.push(m) });
    try {
      if (c.name === "empty") {
        // An empty file is taken over: the header and entries are appended to it.
        expect(told).toEqual([`Session ${path} was empty; a new session starts in it`]);
        session.appendMessage(user("appended after open"));
        expect(readFileSync(path, "utf8")).toMatch(/^\{"type":"session".*\n.*appended after open/s);
        return;
      }
      if (c.opens) {
        expect(session.sessionFile).toBe(path);
        expect(texts(session)).toEqual(c.messages);
        if (c.sessionName) expect(session.getName()).toBe(c.sessionName);
        if (c.note) expect(told).toEqual([expect.stringMatching(c.note)]);
        else expect(told).toEqual([]);
        session.appendMessage(user("appended after open"));
        expectOnlyAppended(path, before as Buffer, "appended after open");
        const again = readSessionFile(path);
        if (!again.ok) throw new Error(again.message);
        expect(again.file.entries.at(-1)?.type).toBe("message");
        if (c.sessionName)
          expect(again.file.entries.some((e) => e.type === "session_info" && e.name === c.sessionName)).toBe(true);
        return;
      }
      expect(told).toEqual([expect.stringMatching(c.note ?? /./)]);
      expect(told[0]).toContain("left untouched and a new session was started instead");
      expect(session.sessionFile).not.toBe(path);
      session.appendMessage(user("appended elsewhere"));
      expect(snapshot(path)).toEqual(before);
    } finally {
      session.close();
    }
  });

  it("-c: continues it when it is a session, otherwise says it was passed over", () => {
    const home = makeTempDir("corrupt-continue-");
    const sessions = defaultSessionDir(home, CWD);
    mkdirSync(sessions, { recursive: true });
    const path = writeCorruptCase(sessions, c.name);
    const before = snapshot(path);
    const told: string[] = [];
    const session = quietSession(home, { continueRecent: true, notice: (m) => told.push(m) });
    try {
      if (c.opens) {
        expect(session.sessionFile).toBe(path);
        expect(texts(session)).toEqual(c.messages);
        if (c.note) expect(told).toEqual([expect.stringMatching(c.note)]);
        else expect(told).toEqual([]);
      } else {
        expect(session.sessionFile).not.toBe(path);
        expect(told).toEqual([`Not continuing ${path}: it is not a readable session file (left untouched)`]);
        session.appendMessage(user("a new session"));
        expect(snapshot(path)).toEqual(before);
      }
    } finally {
      session.close();
    }
  });

  it("switch_session: switches to it, or refuses and keeps the current session", async () => {
    h = createAgentHarness();
    const harness = h;
    const path = writeCorruptCase(harness.dir, c.name);
    const before = snapshot(path);
    harness.session.appendMessage(user("current session"));
    const current = harness.session.sessionFile;
    if (c.opens) {
      await expect(harness.command("switch_session", { sessionPath: path })).resolves.toEqual({ cancelled: false });
      expect(harness.session.sessionFile).toBe(path);
      expect(texts(harness.session)).toEqual(c.messages);
      return;
    }
    await expect(harness.command("switch_session", { sessionPath: path })).rejects.toThrow(c.note ?? /./);
    expect(harness.session.sessionFile).toBe(current);
    expect(texts(harness.session)).toEqual(["current session"]);
    expect(snapshot(path)).toEqual(before);
  });
});
