// get_tree decoding without recursion: an unknown entry's children take its place in order,
// and a linear tree of 20,000 levels decodes.
import { describe, expect, it } from "vitest";
import { decodeSessionTree } from "../../src/protocol/decode/session-entry.js";

const info = (id: string, parentId: string | null) => ({
  type: "session_info",
  id,
  parentId,
  timestamp: "t",
  name: id,
});

describe("decodeSessionTree", () => {
  it("keeps the children of a node it drops, in sibling order", () => {
    const tree = [
      { entry: info("a", null), children: [] },
      {
        entry: { type: "hologram", id: "h", parentId: null, timestamp: "t" },
        children: [
          { entry: info("h1", "h"), children: [] },
          { entry: info("h2", "h"), children: [] },
        ],
      },
      { entry: info("b", null), label: "x", children: [{ entry: info("b1", "b"), children: [] }] },
    ];
    const decoded = decodeSessionTree(tree, "tree");
    expect(decoded.map((n) => n.entry.id)).toEqual(["a", "h1", "h2", "b"]);
    expect(decoded[3]?.label).toBe("x");
    expect(decoded[3]?.children.map((n) => n.entry.id)).toEqual(["b1"]);
    expect(() => decodeSessionTree([{ entry: info("a", null), children: "no" }], "tree")).toThrow(
      /tree\[0\]\.children must be an array/,
    );
  });

  it("decodes a linear tree 20,000 levels deep", () => {
    let nested: unknown[] = [];
    for (let i = 19_999; i >= 0; i--)
      nested = [{ entry: info(`e${i}`, i === 0 ? null : `e${i - 1}`), children: nested }];
    let depth = 0;
    for (let node = decodeSessionTree(nested, "tree")[0]; node !== undefined; node = node.children[0]) depth++;
    expect(depth).toBe(20_000);
  });
});
