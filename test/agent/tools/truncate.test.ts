// truncateHead/truncateTail limits, and the streaming OutputCollector agreeing with
// truncateTail over the whole output even after it dropped most of it from memory.

import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { OutputCollector } from "../../../src/agent/tools/output-collector.js";
import { formatSize, truncateHead, truncateLine, truncateTail } from "../../../src/agent/tools/truncate.js";
import { makeTempDir } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

describe("truncate", () => {
  test("head keeps whole first lines within both limits", () => {
    expect(truncateHead("a\nb\nc", { maxLines: 2 })).toMatchObject({
      content: "a\nb",
      truncated: true,
      truncatedBy: "lines",
      totalLines: 3,
      outputLines: 2,
    });
    expect(truncateHead("aaa\nbbb\nccc", { maxBytes: 8 })).toMatchObject({
      content: "aaa\nbbb",
      truncatedBy: "bytes",
      outputBytes: 7,
    });
    expect(truncateHead("abcdef", { maxBytes: 3 })).toMatchObject({ content: "", firstLineExceedsLimit: true });
    expect(truncateHead("small")).toMatchObject({ content: "small", truncated: false, truncatedBy: null });
  });

  test("tail keeps whole last lines; a huge last line is cut on a character boundary", () => {
    expect(truncateTail("a\nb\nc", { maxLines: 2 })).toMatchObject({
      content: "b\nc",
      truncatedBy: "lines",
      outputLines: 2,
    });
    const cut = truncateTail("x\n€€€€", { maxBytes: 7 });
    expect(cut).toMatchObject({ content: "€€", lastLinePartial: true, truncatedBy: "bytes" });
  });

  test("formatSize and truncateLine", () => {
    expect([formatSize(512), formatSize(51200), formatSize(3 * 1024 * 1024)]).toEqual(["512B", "50.0KB", "3.0MB"]);
    expect(truncateLine("abcdef", 3)).toEqual({ text: "abc... [truncated]", truncated: true });
  });
});

describe("OutputCollector", () => {
  test("matches truncateTail of the full text after trimming its rolling tail", async () => {
    const collector = new OutputCollector({ tempDir: dir });
    let full = "";
    for (let i = 0; i < 120000; i += 1000) {
      // Odd chunk boundaries: lines split across appends.
      const chunk =
        Array.from({ length: 1000 }, (_, k) => `row ${i + k} ${"=".repeat((i + k) % 37)}`).join("\n") + "\n";
      for (const part of [chunk.slice(0, 777), chunk.slice(777)]) {
        collector.append(part);
        full += part;
      }
    }
    const snapshot = collector.snapshot();
    const expected = truncateTail(full);
    expect(snapshot.content).toBe(expected.content);
    expect(snapshot.truncation).toMatchObject({
      truncated: true,
      truncatedBy: expected.truncatedBy,
      totalLines: expected.totalLines,
      totalBytes: expected.totalBytes,
      outputLines: expected.outputLines,
    });
    await collector.close();
    expect(readFileSync(snapshot.fullOutputPath ?? "", "utf8")).toBe(full);
  });

  test("no temp file while under the limits", async () => {
    const collector = new OutputCollector({ tempDir: dir });
    collector.append("short\n");
    expect(collector.snapshot()).toMatchObject({
      content: "short\n",
      fullOutputPath: undefined,
      truncation: { truncated: false, totalLines: 2 },
    });
    await collector.close();
  });
});
