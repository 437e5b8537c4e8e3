// The review's reducer: moving through hunks and files, decisions, and the text a revert writes.
import { describe, expect, it } from "vitest";
import type { FileChange } from "../../../src/bridge/index.js";
import { revertHunks } from "../../../src/tui/state/hunks.js";
import { reduce, createInitialState } from "../../../src/tui/state/reducer.js";
import {
  createReview,
  reduceReview,
  type ReviewOp,
  type ReviewState,
  revertedSet,
  reviewTally,
} from "../../../src/tui/state/review.js";

const text = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("");
const twoHunks = text(20).replace("line 2\n", "line two\n").replace("line 18\n", "line eighteen\n");

const FILES: FileChange[] = [
  {
    path: "a.ts",
    status: "modified",
    binary: false,
    before: text(20),
    after: twoHunks,
    beforeHash: "h0",
    afterHash: "h1",
    beforeBytes: 1,
    afterBytes: 1,
  },
  { path: "new.ts", status: "added", binary: false, after: "x\n", afterHash: "h2", beforeBytes: 0, afterBytes: 2 },
  {
    path: "gone.ts",
    status: "deleted",
    binary: false,
    before: "y\nz\n",
    beforeHash: "h3",
    beforeBytes: 4,
    afterBytes: 0,
  },
  {
    path: "logo.png",
    status: "modified",
    binary: true,
    beforeHash: "h4",
    afterHash: "h5",
    beforeBytes: 10,
    afterBytes: 12,
  },
];

const open = (): ReviewState => createReview("Turn 1", "cp1", FILES, [], 7);
const run = (ops: ReviewOp[]): ReviewState => ops.reduce(reduceReview, open());
const at = (s: ReviewState): [string | undefined, number] => [s.files[s.file]?.path, s.hunk];

describe("review reducer", () => {
  it("cuts each text file into hunks and counts a file without lines as one decision", () => {
    const s = open();
    expect(s.files.map((f) => [f.path, f.diff?.hunks.length, f.decisions.length])).toEqual([
      ["a.ts", 2, 2],
      ["new.ts", 1, 1],
      ["gone.ts", 1, 1],
      ["logo.png", undefined, 1],
    ]);
  });

  it.each<{ ops: ReviewOp[]; at: [string, number] }>([
    { ops: [], at: ["a.ts", 0] },
    { ops: [{ op: "move_hunk", dir: 1 }], at: ["a.ts", 1] },
    {
      ops: [
        { op: "move_hunk", dir: 1 },
        { op: "move_hunk", dir: 1 },
      ],
      at: ["new.ts", 0],
    },
    {
      ops: [
        { op: "move_file", dir: 1 },
        { op: "move_hunk", dir: -1 },
      ],
      at: ["a.ts", 1],
    },
    { ops: [{ op: "move_hunk", dir: -1 }], at: ["a.ts", 0] },
    {
      ops: [
        { op: "move_file", dir: 1 },
        { op: "move_file", dir: 1 },
        { op: "move_file", dir: 1 },
        { op: "move_file", dir: 1 },
      ],
      at: ["logo.png", 0],
    },
    { ops: [{ op: "keep" }, { op: "keep" }], at: ["new.ts", 0] },
  ])("$ops.length steps end at $at", ({ ops, at: where }) => {
    expect(at(run(ops))).toEqual(where);
  });

  it("keeps, reverts and restores, and tallies what was decided", () => {
    const s = run([
      { op: "keep" },
      { op: "pending" },
      { op: "hunk_reverted", file: 0, hunk: 1, hash: "h9" },
      { op: "pending" },
      { op: "file_restored", file: 2 },
    ]);
    expect(s.files[0]?.decisions).toEqual(["kept", "reverted"]);
    expect(s.files[0]?.hash).toBe("h9");
    expect(s.files[2]?.restored).toBe(true);
    expect(s.pending).toBe(false);
    expect(reviewTally(s)).toEqual({ reverted: 1, kept: 1, restored: 1 });
  });

  it("writes back exactly the bytes of the other hunks when a second hunk is reverted", () => {
    const s = run([{ op: "hunk_reverted", file: 0, hunk: 1, hash: "h9" }]);
    const f = s.files[0];
    if (!f?.diff) throw new Error("a.ts has no diff");
    expect(revertHunks(f.diff, revertedSet(f))).toBe(text(20).replace("line 2\n", "line two\n"));
    expect(revertHunks(f.diff, revertedSet(f, 0))).toBe(text(20));
  });

  it("types a reason on one line, and a cancelled one is gone", () => {
    const typed = run([{ op: "reason_start" }, { op: "reason_type", text: "too\nbroad" }, { op: "reason_backspace" }]);
    expect(typed.reason).toBe("too broa");
    expect(reduceReview(typed, { op: "reason_cancel" }).reason).toBeUndefined();
  });

  it("opens in the TUI state with the count of printed entries, and closes", () => {
    const s0 = createInitialState();
    const s1 = reduce(s0, { type: "review_open", title: "T", from: "cp", files: FILES, leftOut: [] });
    expect(s1.review?.staticCount).toBe(0);
    expect(reduce(s1, { type: "review", op: { op: "move_hunk", dir: 1 } }).review?.hunk).toBe(1);
    expect(reduce(s1, { type: "review_close" }).review).toBeUndefined();
  });
});
