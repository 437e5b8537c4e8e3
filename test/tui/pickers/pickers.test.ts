// Pure picker state: fuzzy search, selection movement, tree fold/search/jump, session summaries.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fuzzyFilter, fuzzyMatch } from "../../../src/tui/state/fuzzy.js";
import { createPickerState, pickerWindow, reducePicker, selectedItem } from "../../../src/tui/state/picker-state.js";
import { pickerLines } from "../../../src/tui/pickers/picker-lines.js";
import {
  defaultSessionDir,
  listSessions,
  sessionDirFor,
  sessionItems,
  summariseSession,
} from "../../../src/tui/pickers/session-list.js";
import { createTreeController, jumpTarget, treeFromNodes, treeItems } from "../../../src/tui/pickers/tree.js";
import { wireTree } from "../helpers/wire-values.js";
import { stripSgr } from "../../../src/tui/render/text-width.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

describe("fuzzy", () => {
  it("matches characters in order and ranks substrings and word starts first", () => {
    expect(fuzzyMatch("gpt4", "openai/gpt-4o")).toBeDefined();
    expect(fuzzyMatch("xyz", "openai/gpt-4o")).toBeUndefined();
    const ranked = fuzzyFilter(["claude-opus", "cheap-large-model", "claude-sonnet"], "sonnet", (s) => s);
    expect(ranked[0]).toBe("claude-sonnet");
    expect(fuzzyFilter(["a", "b"], "", (s) => s)).toEqual(["a", "b"]);
  });
});

describe("picker state", () => {
  const items = [
    { id: "a/one", label: "Model One" },
    { id: "b/two", label: "Model Two", current: true },
    { id: "c/three", label: "Three" },
  ];
  it("starts on the current item, wraps around, filters by typing and resets on backspace", () => {
    let s = createPickerState("Model", items);
    expect(selectedItem(s)?.id).toBe("b/two");
    s = reducePicker(s, { op: "down" });
    s = reducePicker(s, { op: "down" });
    expect(selectedItem(s)?.id).toBe("a/one");
    s = reducePicker(s, { op: "up" });
    expect(selectedItem(s)?.id).toBe("c/three");
    s = reducePicker(s, { op: "type", text: "thr" });
    expect(s.visible.map((i) => i.id)).toEqual(["c/three"]);
    s = reducePicker(s, { op: "type", text: "zzz" });
    expect(selectedItem(s)).toBeUndefined();
    for (let i = 0; i < 6; i += 1) s = reducePicker(s, { op: "backspace" });
    expect(s.visible).toHaveLength(3);
  });

  it("renders within maxRows with the selection visible", () => {
    const many = Array.from({ length: 50 }, (_, i) => ({ id: String(i), label: `item ${i}` }));
    let s = createPickerState("Many", many);
    for (let i = 0; i < 30; i += 1) s = reducePicker(s, { op: "down" });
    const lines = pickerLines(s, 40, 8, PALETTE).map(stripSgr);
    expect(lines).toHaveLength(8);
    expect(lines.some((l) => l.includes("item 30"))).toBe(true);
    expect(pickerWindow(s, 6).items.map((i) => i.id)).toContain("30");
  });
});

const entry = (id: string, parentId: string | null, role: string, text: string) => ({
  type: "message",
  id,
  parentId,
  timestamp: "2025-01-01T00:00:00.000Z",
  message: { role, content: [{ type: "text", text }], timestamp: 0 },
});

describe("tree navigator", () => {
  // u1 -> a1 -> (u2 -> a2 | u3 -> a3)
  const raw = [
    {
      entry: entry("u1", null, "user", "first question"),
      children: [
        {
          entry: entry("a1", "u1", "assistant", "first answer"),
          children: [
            {
              entry: entry("u2", "a1", "user", "branch one"),
              children: [{ entry: entry("a2", "u2", "assistant", "answer one"), children: [] }],
            },
            {
              entry: entry("u3", "a1", "user", "branch two"),
              label: "keep",
              children: [{ entry: entry("a3", "u3", "assistant", "answer two"), children: [] }],
            },
          ],
        },
      ],
    },
  ];
  const roots = treeFromNodes(wireTree(raw));

  it("flattens with depth at branch points and marks the leaf", () => {
    const items = treeItems(roots, new Set(), "a3");
    expect(items.map((i) => i.id)).toEqual(["u1", "a1", "u2", "a2", "u3", "a3"]);
    expect(items.find((i) => i.id === "a1")?.foldable).toBe(true);
    expect(items.find((i) => i.id === "u2")?.depth).toBe(1);
    expect(items.find((i) => i.id === "a3")?.current).toBe(true);
    expect(items.find((i) => i.id === "u3")?.detail).toBe("[keep]");
  });

  it("folds with left, unfolds with right, and searches folded nodes too", () => {
    const tree = createTreeController(roots, "a3");
    const host = { state: createPickerState("Tree", tree.items()) };
    host.state = reducePicker(host.state, { op: "down" }); // from the leaf (a3) wraps to u1
    host.state = reducePicker(host.state, { op: "down" }); // a1
    expect(selectedItem(host.state)?.id).toBe("a1");
    host.state = tree.onKey("fold", host.state) ?? host.state;
    expect(host.state.visible.map((i) => i.id)).toEqual(["u1", "a1"]);
    host.state = tree.onQuery(reducePicker(host.state, { op: "type", text: "branch two" }));
    expect(selectedItem(host.state)?.id).toBe("u3");
    host.state = tree.onQuery(reducePicker(host.state, { op: "backspace" }));
    for (let i = 0; i < 20; i += 1) host.state = tree.onQuery(reducePicker(host.state, { op: "backspace" }));
    const a1 = host.state.visible.findIndex((i) => i.id === "a1");
    host.state = { ...host.state, selected: a1 };
    host.state = tree.onKey("unfold", host.state) ?? host.state;
    expect(host.state.visible).toHaveLength(6);
  });

  it("jumps to a user message, or the first one below another entry", () => {
    expect(jumpTarget(roots, "u3")).toEqual({ entryId: "u3" });
    expect(jumpTarget(roots, "a1")).toEqual({ entryId: "u2" });
    expect(jumpTarget(roots, "a3")).toBeUndefined();
  });
});

describe("session list", () => {
  const dir = mkdtempSync(join(tmpdir(), "sessions-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const header = (id: string) =>
    JSON.stringify({ type: "session", version: 3, id, timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" });

  it("summarises name, first message and message count; skips non-session files and torn lines", () => {
    writeFileSync(
      join(dir, "a.jsonl"),
      [
        header("s1"),
        JSON.stringify(entry("1", null, "user", "fix  the\nparser")),
        JSON.stringify(entry("2", "1", "assistant", "ok")),
        JSON.stringify({ type: "session_info", id: "3", parentId: "2", timestamp: "", name: "parser" }),
        '{"type":"mess',
      ].join("\n"),
    );
    writeFileSync(join(dir, "b.jsonl"), "not json\n");
    writeFileSync(join(dir, "c.txt"), header("x"));
    const list = listSessions(dir);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: "s1", name: "parser", firstMessage: "fix the parser", messageCount: 2 });
    const items = sessionItems(list, join(dir, "a.jsonl"));
    expect(items[0]?.label).toBe("parser — fix the parser");
    expect(items[0]?.current).toBe(true);
    expect(items[0]?.detail).toMatch(/2 msg$/);
  });

  it("finds the directory from the worker's session file, else pi's slug under AGENT_TUI_HOME", () => {
    expect(listSessions(join(dir, "missing"))).toEqual([]);
    expect(summariseSession("x", "", 0)).toBeUndefined();
    expect(sessionDirFor("/s/--p--/f.jsonl", "/fallback")).toBe("/s/--p--");
    expect(sessionDirFor(undefined, "/fallback")).toBe("/fallback");
    expect(defaultSessionDir({ AGENT_TUI_HOME: "/h" }, "/home/me/proj")).toBe("/h/sessions/--home-me-proj--");
  });
});
