// Forks in the session list: nested under the session they came from (found from their header),
// labelled by what they have of their own, the thread used last first; a thread with a live
// session moves first whole; broken parent links (missing, self, cycle) never hide a session.
import { describe, expect, it } from "vitest";
import { withLiveSessions } from "../../../src/tui/live/live-resume.js";
import type { LiveSession } from "../../../src/tui/live/live-sessions.js";
import { sessionItems, summariseSession, type SessionSummary } from "../../../src/tui/pickers/session-list.js";
import { threadSessions } from "../../../src/tui/pickers/session-threads.js";

const line = (o: object): string => JSON.stringify(o);
const msg = (id: string, role: string, text: string, at: string): string =>
  line({ type: "message", id, parentId: null, timestamp: at, message: { role, content: [{ type: "text", text }] } });

function summary(path: string, modified: number, parentSession?: string): SessionSummary {
  return {
    path,
    id: path,
    name: undefined,
    firstMessage: "first",
    modified,
    messageCount: 2,
    cwd: "/p",
    parentSession,
    fork: undefined,
  };
}

describe("forks in the session list", () => {
  it("a fork's header names its parent; messages older than its header were copied, the first newer prompt is its own", () => {
    const text = [
      line({
        type: "session",
        version: 3,
        id: "f",
        timestamp: "2026-01-01T10:00:00.000Z",
        cwd: "/p",
        parentSession: "/s/parent.jsonl",
      }),
      msg("a", "user", "show me code", "2026-01-01T09:00:00.000Z"),
      msg("b", "assistant", "here", "2026-01-01T09:00:01.000Z"),
      line({
        type: "session_info",
        id: "n",
        parentId: "b",
        timestamp: "2026-01-01T10:00:00.500Z",
        name: "show me code (fork)",
      }),
      msg("c", "user", "now in  rust", "2026-01-01T10:00:02.000Z"),
      msg("d", "assistant", "fn main", "2026-01-01T10:00:03.000Z"),
    ].join("\n");
    const s = summariseSession("/s/fork.jsonl", text, Date.parse("2026-01-01T10:00:03.000Z"));
    expect(s).toMatchObject({
      parentSession: "/s/parent.jsonl",
      firstMessage: "show me code",
      fork: { copied: 2, firstNewPrompt: "now in rust" },
    });
    const parent = { ...summary("/s/parent.jsonl", 1), firstMessage: "show me code", messageCount: 4 };
    const items = sessionItems([s as SessionSummary, parent], undefined);
    expect(items.map((i) => [i.label, i.depth])).toEqual([
      ["show me code", 0],
      ["└─ now in rust", 1],
    ]);
    expect(items[1]?.detail).toMatch(/^⑂ after msg 2 · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d · 4 msg$/);
  });

  it("nests by parent, the thread used last first, and lists orphans and cycles as roots", () => {
    const threads = threadSessions([
      summary("/a", 10),
      summary("/a1", 50, "/a"),
      summary("/a2", 20, "/a"),
      summary("/a11", 30, "/a1"),
      summary("/b", 40),
      summary("/orphan", 5, "/gone"),
      summary("/self", 4, "/self"),
      summary("/x", 3, "/y"),
      summary("/y", 2, "/x"),
    ]);
    expect(threads.map((t) => `${"  ".repeat(t.depth)}${t.connector}${t.session.path}`)).toEqual([
      "/a",
      "  ├─ /a1",
      "    └─ /a11",
      "  └─ /a2",
      "/b",
      "/orphan",
      "/self",
      "/x",
      "  └─ /y",
    ]);
    expect(threads.find((t) => t.session.path === "/a11")?.root).toBe("/a");
  });

  it("moves a thread holding a live session first, whole", () => {
    const sessions = [summary("/a", 10), summary("/b", 40), summary("/b1", 30, "/b")];
    const roots = new Map(threadSessions(sessions).map((t) => [t.session.path, t.root]));
    const live: LiveSession = {
      id: "w",
      pid: 1,
      cwd: "/p",
      state: "idle",
      since: 0,
      startedAt: 0,
      attached: false,
      sessionFile: "/a",
      sessionName: undefined,
      title: "first",
    };
    const offered = withLiveSessions(sessionItems(sessions, undefined), [live], 1000, (id) => roots.get(id) ?? id);
    expect(offered.items.map((i) => i.id)).toEqual(["/a", "/b", "/b1"]);
    const heldChild = withLiveSessions(
      sessionItems(sessions, undefined),
      [{ ...live, sessionFile: "/b1" }],
      1000,
      (id) => roots.get(id) ?? id,
    );
    // A live session whose file is not in this list (another folder) is listed by its title.
    const elsewhere = withLiveSessions(
      [],
      [{ ...live, id: "01a24f09-2cb9-7", sessionFile: "/other/s.jsonl", cwd: "/other", title: "fix the parser" }],
      1000,
    );
    expect(elsewhere.items.map((i) => [i.label, i.detail])).toEqual([["fix the parser", "● idle since 1s · /other"]]);
    expect(withLiveSessions([], [{ ...live, sessionFile: undefined, title: undefined }], 1000).items[0]?.label).toBe(
      "(no messages yet)",
    );
    expect(heldChild.items.map((i) => [i.id, i.detail?.startsWith("●")])).toEqual([
      ["/b", false],
      ["/b1", true],
      ["/a", false],
    ]);
  });
});
