// Session store: file format round trip, lazy creation, tree operations and bad input.
import "../helpers/isolated-tmp.js";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assistant, user } from "./helpers.js";
import {
  awaitingUsageAfterCompaction,
  openSessionManager,
  defaultSessionDir,
  SessionError,
  sessionTotals,
} from "../../../src/agent/session/index.js";

let dir: string;
const warnings: string[] = [];
const warn = (message: string): void => {
  warnings.push(message);
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "session-test-"));
  warnings.length = 0;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function open(extra: Partial<Parameters<typeof openSessionManager>[0]> = {}) {
  return openSessionManager({ cwd: "/work/project", agentHome: dir, sync: false, warn, ...extra });
}

describe("session files", () => {
  it("stores sessions under <agentHome>/sessions/<cwd-slug>/<time>_<id>.jsonl, created lazily", () => {
    const sm = open();
    const expectedDir = join(dir, "sessions", "--work-project--");
    expect(defaultSessionDir(dir, "/work/project")).toBe(expectedDir);
    expect(sm.sessionFile).toMatch(
      new RegExp(`^${expectedDir}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z_${sm.sessionId}\\.jsonl$`),
    );
    sm.appendModelChange("fake", "fake-model");
    expect(existsSync(sm.sessionFile ?? "")).toBe(false);
    sm.appendMessage(user("hello"));
    const lines = readFileSync(sm.sessionFile ?? "", "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "session", version: 3, id: sm.sessionId, cwd: "/work/project" });
    expect(lines[1]).toMatchObject({ type: "model_change", parentId: null, provider: "fake", modelId: "fake-model" });
    expect(lines[2]).toMatchObject({ type: "message", parentId: lines[1].id });
    expect(lines[2].id).toMatch(/^[0-9a-f]{8}$/);
  });

  it("names the session by its last name entry, asked before and after each change and session switch", () => {
    const sm = open();
    expect(sm.getName()).toBeUndefined();
    sm.appendMessage(user("q1"));
    sm.setName("first");
    expect(sm.getName()).toBe("first");
    sm.appendMessage(user("q2"));
    sm.setName("second");
    expect(sm.getName()).toBe("second");
    const named = sm.sessionFile ?? "";
    sm.newSession();
    expect(sm.getName()).toBeUndefined();
    sm.openFile(named);
    expect(sm.getName()).toBe("second");
  });

  it("round-trips entries and rebuilds the same context", () => {
    const sm = open();
    sm.appendThinkingLevelChange("high");
    sm.appendMessage(user("q1"));
    sm.appendMessage(assistant("a1"));
    sm.setName("  my session ");
    const file = sm.sessionFile ?? "";
    const again = open({ sessionFile: file });
    expect(again.sessionId).toBe(sm.sessionId);
    expect(again.getEntries()).toEqual(sm.getEntries());
    expect(again.buildContextMessages()).toEqual(sm.buildContextMessages());
    expect(again.getName()).toBe("my session");
    expect(again.getLastThinkingLevel()).toBe("high");
    expect(again.getLastModel()).toEqual({ provider: "fake", modelId: "fake-model" });
    expect(again.getLeafId()).toBe(sm.getLeafId());
  });

  it("skips a torn last line with a warning and appends cleanly after it", () => {
    const sm = open();
    sm.appendMessage(user("q1"));
    const file = sm.sessionFile ?? "";
    appendFileSync(file, '{"type":"message","id":"deadbeef","par');
    const again = open({ sessionFile: file });
    expect(warnings.some((w) => w.includes("torn"))).toBe(true);
    expect(again.getEntries()).toHaveLength(1);
    again.appendMessage(assistant("a1"));
    const third = open({ sessionFile: file });
    expect(third.getEntries().map((e) => e.type)).toEqual(["message", "message"]);
  });

  it("applies the latest compaction when building the context", () => {
    const sm = open();
    sm.appendMessage(user("q1"));
    sm.appendMessage(assistant("a1"));
    const kept = sm.appendMessage(user("q2"));
    sm.appendMessage(assistant("a2"));
    sm.appendCompaction("summary text", kept.id, 1234);
    sm.appendMessage(user("q3"));
    const roles = sm.buildContextMessages().map((m) => m.role);
    expect(roles).toEqual(["compactionSummary", "user", "assistant", "user"]);
    expect(sm.buildContextMessages()[0]).toMatchObject({ summary: "summary text", tokensBefore: 1234 });
  });

  it("migrates a version-1 file (no ids) and a v2 hookMessage role", () => {
    const file = join(dir, "v1.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({ type: "session", id: "old", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/x" }),
        JSON.stringify({ type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: user("q") }),
        JSON.stringify({
          type: "message",
          timestamp: "2025-01-01T00:00:02.000Z",
          message: { role: "hookMessage", customType: "x", content: "c", display: true, timestamp: 1 },
        }),
      ].join("\n") + "\n",
    );
    const original = readFileSync(file);
    const sm = open({ sessionFile: file });
    const entries = [...sm.getEntries()];
    expect(entries).toHaveLength(2);
    expect(entries[1]?.parentId).toBe(entries[0]?.id);
    expect(sm.buildContextMessages().map((m) => m.role)).toEqual(["user", "custom"]);
    // Reading changes nothing; the first change rewrites it as v3 and keeps the original.
    expect(readFileSync(file)).toEqual(original);
    sm.appendMessage(user("after migration"));
    expect(JSON.parse(readFileSync(file, "utf8").split("\n")[0] ?? "")).toMatchObject({ version: 3 });
    expect(readFileSync(`${file}.v1.bak`)).toEqual(original);
    sm.close();
    expect(
      open({ sessionFile: file })
        .getEntries()
        .map((e) => e.id),
    ).toEqual([...entries.map((e) => e.id), sm.getLeafId()]);
  });
});

describe("tree operations", () => {
  it("forks before a user message into a new file with parentSession", () => {
    const sm = open();
    sm.appendMessage(user("first"));
    sm.appendMessage(assistant("a1"));
    const second = sm.appendMessage(user("second"));
    sm.appendMessage(assistant("a2"));
    const original = sm.sessionFile;
    expect(sm.getForkMessages()).toEqual([
      { entryId: sm.getEntries()[0]?.id, text: "first" },
      { entryId: second.id, text: "second" },
    ]);
    const { text } = sm.fork(second.id);
    expect(text).toBe("second");
    expect(sm.sessionFile).not.toBe(original);
    expect(sm.getHeader().parentSession).toBe(original);
    expect(sm.buildContextMessages().map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(existsSync(sm.sessionFile ?? "")).toBe(true);
  });

  it("fork of the first message gives an empty session; bad ids are rejected", () => {
    const sm = open();
    const first = sm.appendMessage(user("first"));
    const reply = sm.appendMessage(assistant("a1"));
    expect(() => sm.fork("nope1234")).toThrow("Invalid entry ID for forking");
    expect(() => sm.fork(reply.id)).toThrow("Invalid entry ID for forking");
    sm.fork(first.id);
    expect(sm.getEntries()).toHaveLength(0);
  });

  it("clones the active branch; clone of an empty session fails", () => {
    const sm = open();
    expect(() => sm.clone()).toThrow(SessionError);
    sm.appendMessage(user("q"));
    sm.appendMessage(assistant("a"));
    const before = sm.buildContextMessages();
    const file = sm.sessionFile;
    sm.clone();
    expect(sm.sessionFile).not.toBe(file);
    expect(sm.buildContextMessages()).toEqual(before);
    expect(readdirSync(sm.sessionDir ?? "").filter((name) => name.endsWith(".jsonl"))).toHaveLength(2);
  });

  it("branches in place, lists all entries since a cursor and builds the tree", () => {
    const sm = open();
    const q1 = sm.appendMessage(user("q1"));
    const a1 = sm.appendMessage(assistant("a1"));
    sm.setLeaf(q1.id);
    const a1b = sm.appendMessage(assistant("a1 alt"));
    sm.appendLabel(q1.id, "start");
    expect(sm.getEntriesSince(q1.id)?.map((e) => e.id)).toEqual([a1.id, a1b.id, sm.getLeafId()]);
    expect(sm.getEntriesSince("unknown1")).toBeUndefined();
    const tree = sm.getTree();
    expect(tree).toHaveLength(1);
    expect(tree[0]?.label).toBe("start");
    expect(tree[0]?.children.map((c) => c.entry.id)).toEqual([a1.id, a1b.id]);
    expect(sm.buildContextMessages().map((m) => (m.role === "assistant" ? m.content[0] : undefined))).toContainEqual({
      type: "text",
      text: "a1 alt",
    });
  });

  it("gives the branch of the leaf as it is now, however often it is asked and whatever a caller does to it", () => {
    const sm = open();
    const q1 = sm.appendMessage(user("q1"));
    const a1 = sm.appendMessage(assistant("a1"));
    const ids = (): string[] => sm.getBranch().map((e) => e.id);
    expect(ids()).toEqual([q1.id, a1.id]);
    sm.getBranch().pop();
    expect(ids()).toEqual([q1.id, a1.id]);
    sm.setLeaf(q1.id);
    expect(ids()).toEqual([q1.id]);
    const a2 = sm.appendMessage(assistant("a2"));
    expect(ids()).toEqual([q1.id, a2.id]);
    expect(sm.getBranch(a1.id).map((e) => e.id)).toEqual([q1.id, a1.id]);
    expect(sm.getContextSettings()).toEqual({
      model: { provider: "fake", modelId: "fake-model" },
      thinkingLevel: undefined,
    });
  });

  it("reads a file whose parent links loop up to the first entry seen twice", () => {
    const file = join(dir, "loop.jsonl");
    const entry = (id: string, parentId: string | null, text: string) =>
      JSON.stringify({ type: "message", id, parentId, timestamp: new Date(0).toISOString(), message: user(text) });
    const header = JSON.stringify({
      type: "session",
      version: 3,
      id: "loop-session",
      timestamp: new Date(0).toISOString(),
      cwd: "/work/project",
    });
    // a → b → a loops; c and d hang apart. The leaf (last entry) is b.
    writeFileSync(
      file,
      `${[header, entry("c", null, "c"), entry("d", "c", "d"), entry("a", "b", "a"), entry("b", "a", "b")].join("\n")}\n`,
    );
    const sm = open({ sessionFile: file });
    expect(sm.getBranch().map((e) => e.id)).toEqual(["a", "b"]);
    expect(sm.getBranch("d").map((e) => e.id)).toEqual(["c", "d"]);
  });

  it("rejects blank names and unknown session paths when they must exist", () => {
    const sm = open();
    expect(() => sm.setName("   ")).toThrow("Session name cannot be empty");
    expect(() => sm.openFile(join(dir, "missing.jsonl"), { mustExist: true })).toThrow(/not found/);
  });

  it("takes over an empty file but never overwrites a non-session file", () => {
    const empty = join(dir, "empty.jsonl");
    writeFileSync(empty, "");
    const sm = open({ sessionFile: empty });
    sm.appendMessage(user("q"));
    expect(readFileSync(empty, "utf8")).toContain('"type":"session"');
    const notes = join(dir, "notes.md");
    writeFileSync(notes, "# my notes\n");
    const told: string[] = [];
    const other = open({ sessionFile: notes, notice: (message) => told.push(message) });
    other.appendMessage(user("q"));
    expect(told).toEqual([
      `Not a session file: ${notes} (line 1 is not a session header); it was left untouched and a new session was started instead`,
    ]);
    expect(other.sessionFile).not.toBe(notes);
    expect(readFileSync(notes, "utf8")).toBe("# my notes\n");
  });

  it("keeps everything in memory with noSession", () => {
    const sm = open({ noSession: true });
    sm.appendMessage(user("q"));
    expect(sm.sessionFile).toBeUndefined();
    expect(existsSync(join(dir, "sessions"))).toBe(false);
  });

  it("--continue resumes the most recent session of the directory", () => {
    const sm = open();
    sm.appendMessage(user("q"));
    const resumed = open({ continueRecent: true });
    expect(resumed.sessionId).toBe(sm.sessionId);
  });
});

describe("session totals", () => {
  it("counts every entry of every branch and knows when usage is pending after a compaction", () => {
    const sm = open();
    const q1 = sm.appendMessage(user("q1"));
    sm.appendMessage(assistant("a1"));
    sm.setLeaf(q1.id);
    sm.appendMessage(assistant("a1 alt"));
    const totals = sessionTotals(sm.getEntries());
    expect(totals).toMatchObject({
      userMessages: 1,
      assistantMessages: 2,
      totalMessages: 3,
      tokens: { input: 20, output: 10, total: 30 },
    });
    expect(awaitingUsageAfterCompaction(sm.getBranch())).toBe(false);
    sm.appendCompaction("s", q1.id, 100);
    expect(awaitingUsageAfterCompaction(sm.getBranch())).toBe(true);
    sm.appendMessage(assistant("after"));
    expect(awaitingUsageAfterCompaction(sm.getBranch())).toBe(false);
  });
});
