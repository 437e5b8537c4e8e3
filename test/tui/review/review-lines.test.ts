// The review's file list: each file name links to the file on this machine (OSC 8 we write) when
// the worker works here, a deleted file links nowhere, and no target means no link at all.
import { describe, expect, it } from "vitest";
import { stripSequences } from "../../../src/protocol/terminal-sequences.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
import { reviewRows } from "../../../src/tui/review/review-lines.js";
import { createReview } from "../../../src/tui/state/review.js";

const palette = buildPalette("dark", 1);
const change = (path: string, status: "added" | "modified" | "deleted") => ({
  path,
  status,
  binary: false,
  ...(status === "deleted" ? {} : { after: "new\n" }),
  ...(status === "added" ? {} : { before: "old\n" }),
  beforeBytes: 4,
  afterBytes: 4,
});
const review = createReview(
  "Turn 1",
  "cp-1",
  [change("src/a b.ts", "modified"), change("gone.txt", "deleted"), change("new.md", "added")],
  [],
  0,
);
const uris = (rows: string[]): string[] =>
  [...rows.join("\n").matchAll(/\u001b\]8;;([^\u0007]+)\u0007/g)].map((m) => m[1] ?? "");

describe("review file rows", () => {
  it("link each file that exists to this machine's file, the deleted one to nothing", () => {
    const rows = reviewRows(review, 80, 24, { palette, links: { cwd: "/home/me/p", host: "box" } });
    expect(uris(rows)).toEqual(["file://box/home/me/p/src/a%20b.ts", "file://box/home/me/p/new.md"]);
    const bare = reviewRows(review, 80, 24, { palette, links: undefined });
    expect(uris(bare)).toEqual([]);
    expect(rows.map(stripSequences)).toEqual(bare.map(stripSequences));
  });
});
