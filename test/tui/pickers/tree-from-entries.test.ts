// /tree from get_entries: the flat list builds the same tree get_tree describes (labels
// resolved, branches, orphans as roots), and every walk copes with a 20,000-entry session.
import { describe, expect, it } from "vitest";
import { findNode, jumpTarget, treeFromEntries, treeFromNodes, treeItems } from "../../../src/tui/pickers/tree.js";
import { wireEntries, wireTree } from "../helpers/wire-values.js";
import type { SessionEntry, SessionTreeNode } from "../../../src/bridge/index.js";

const entry = (id: string, parentId: string | null, role: "user" | "assistant", text: string) => ({
  type: "message",
  id,
  parentId,
  timestamp: "2025-01-01T00:00:00.000Z",
  message: { role, content: [{ type: "text", text }], timestamp: 0 },
});
const label = (id: string, targetId: string, text: string | undefined) => ({
  type: "label",
  id,
  parentId: null,
  timestamp: "t",
  targetId,
  ...(text !== undefined ? { label: text } : {}),
});

describe("tree from get_entries", () => {
  it("builds what get_tree would send", () => {
    const flat = [
      entry("u1", null, "user", "first question"),
      entry("a1", "u1", "assistant", "first answer"),
      entry("u2", "a1", "user", "branch one"),
      entry("a2", "u2", "assistant", "answer one"),
      entry("u3", "a1", "user", "branch two"),
      label("l1", "u3", "old"),
      label("l2", "u3", "keep"),
      label("l3", "u2", "gone"),
      label("l4", "u2", undefined),
      entry("a3", "u3", "assistant", "answer two"),
      entry("x1", "missing", "user", "orphan"),
    ];
    const nested = [
      {
        entry: flat[0],
        children: [
          {
            entry: flat[1],
            children: [
              { entry: flat[2], children: [{ entry: flat[3], children: [] }] },
              { entry: flat[4], label: "keep", children: [{ entry: flat[9], children: [] }] },
            ],
          },
        ],
      },
      { entry: flat[5], children: [] },
      { entry: flat[6], children: [] },
      { entry: flat[7], children: [] },
      { entry: flat[8], children: [] },
      { entry: flat[10], children: [] },
    ];
    expect(treeFromEntries(wireEntries(flat))).toEqual(treeFromNodes(wireTree(nested)));
    const items = treeItems(treeFromEntries(wireEntries(flat)), new Set(), "a3");
    expect(items.filter((i) => i.depth === 0).map((i) => i.id)).toEqual(["u1", "a1", "x1"]);
    expect(items.find((i) => i.id === "u3")?.detail).toBe("[keep]");
    expect(items.find((i) => i.id === "u2")?.detail).toBeUndefined();
  });

  it("walks a linear session of 20,000 entries without recursion", () => {
    const flat = Array.from({ length: 20_000 }, (_, i) =>
      entry(`e${i}`, i === 0 ? null : `e${i - 1}`, i % 2 === 0 ? "user" : "assistant", `message ${i}`),
    );
    const entries = wireEntries(flat);
    const roots = treeFromEntries(entries);
    const items = treeItems(roots, new Set(), "e19999");
    expect(items).toHaveLength(20_000);
    expect(items.at(-1)).toMatchObject({ id: "e19999", current: true, depth: 0 });
    expect(findNode(roots, "e19998")?.text).toBe("message 19998");
    expect(jumpTarget(roots, "e19997")).toEqual({ entryId: "e19998" });
    // get_tree's nesting of the same session builds too (nested here without recursion).
    let nested: SessionTreeNode[] = [];
    for (let i = entries.length - 1; i >= 0; i--) nested = [{ entry: entries[i] as SessionEntry, children: nested }];
    expect(treeItems(treeFromNodes(nested), new Set(), null)).toHaveLength(20_000);
  });
});
