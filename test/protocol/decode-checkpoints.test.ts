// The checkpoint commands' response data (docs/protocol-notes.md "Checkpoints"): a well-formed answer
// keeps every field, a half-formed entry is dropped instead of shown, a wrong shape fails by name.
import { describe, expect, it } from "vitest";
import { decodeResponseData } from "../../src/protocol/index.js";

describe("checkpoint response data", () => {
  it("checkpoint_list keeps summaries and drops entries without an id", () => {
    const summary = {
      id: "c1",
      turn: 1,
      entryId: "e1",
      timestamp: 5,
      prompt: "fix it",
      files: 2,
      added: 3,
      removed: 1,
      leftOut: [{ path: "big.bin", reason: "too large" }, { reason: "ignored" }],
    };
    const result = decodeResponseData("checkpoint_list", { checkpoints: [summary, { turn: 2 }, "x"] });
    expect(result).toEqual({
      ok: true,
      value: { checkpoints: [{ ...summary, leftOut: [{ path: "big.bin", reason: "too large" }] }] },
    });
    expect(decodeResponseData("checkpoint_list", {})).toEqual({
      ok: false,
      error: 'checkpoint_list: "data.checkpoints" must be an array',
    });
  });

  it("checkpoint_diff keeps text and hashes, drops changes of unknown status", () => {
    const change = {
      path: "a.txt",
      status: "modified",
      binary: false,
      before: "a\n",
      after: "b\n",
      beforeHash: "h1",
      afterHash: "h2",
      beforeBytes: 2,
      afterBytes: 2,
    };
    const deleted = { path: "gone.bin", status: "deleted", binary: true, beforeHash: "h3", beforeBytes: 9 };
    const result = decodeResponseData("checkpoint_diff", {
      files: [change, deleted, { path: "x", status: "renamed" }],
      leftOut: [],
    });
    expect(result).toEqual({
      ok: true,
      value: { files: [change, { ...deleted, afterBytes: 0 }], leftOut: [] },
    });
  });

  it("checkpoint_restore and checkpoint_write", () => {
    const restore = { restored: ["a"], deleted: ["b"], conflicts: [{ path: "c", reason: "changed" }], bytesWritten: 4 };
    expect(decodeResponseData("checkpoint_restore", restore)).toEqual({ ok: true, value: restore });
    const write = { path: "a", hash: "h", bytesWritten: 1 };
    expect(decodeResponseData("checkpoint_write", write)).toEqual({ ok: true, value: write });
    expect(decodeResponseData("checkpoint_write", null)).toEqual({
      ok: false,
      error: "checkpoint_write: data must be an object",
    });
  });
});
