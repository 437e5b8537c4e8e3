// read (line windows, truncation notices, images, binary files, BOM/CRLF) and write.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createReadTool, formatTextWindow, windowFromLines } from "../../../src/agent/tools/read.js";
import { createWriteTool } from "../../../src/agent/tools/write.js";
import { resolveToCwd } from "../../../src/agent/tools/path-utils.js";
import { makeTempDir, textOf } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

const lines = (n: number): string => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join("\n");
// 1x1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);

describe("read", () => {
  test("reads a whole small file relative to cwd", async () => {
    writeFileSync(join(dir, "a.txt"), "hello\nworld\n");
    const result = await createReadTool(dir).execute("t", { path: "a.txt" });
    expect(textOf(result)).toBe("hello\nworld\n");
    expect(result.details).toBeUndefined();
  });

  test("offset/limit select 1-based lines and say how to continue", async () => {
    writeFileSync(join(dir, "a.txt"), lines(10));
    const result = await createReadTool(dir).execute("t", { path: "a.txt", offset: 3, limit: 2 });
    expect(textOf(result)).toBe("line 3\nline 4\n\n[6 more lines in file. Use offset=5 to continue.]");
    const tail = await createReadTool(dir).execute("t", { path: "a.txt", offset: 9 });
    expect(textOf(tail)).toBe("line 9\nline 10");
  });

  test("offset beyond the end and a zero limit are errors", async () => {
    writeFileSync(join(dir, "a.txt"), lines(3));
    await expect(createReadTool(dir).execute("t", { path: "a.txt", offset: 10 })).rejects.toThrow(
      "Offset 10 is beyond end of file (3 lines total)",
    );
    await expect(createReadTool(dir).execute("t", { path: "a.txt", limit: 0 })).rejects.toThrow(
      /limit must be at least 1/,
    );
  });

  test("more than 2000 lines: head truncation with the next offset", async () => {
    writeFileSync(join(dir, "big.txt"), lines(2500));
    const result = await createReadTool(dir).execute("t", { path: "big.txt" });
    const text = textOf(result);
    expect(text.endsWith("line 2000\n\n[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]")).toBe(true);
    expect(result.details?.truncation).toMatchObject({
      truncated: true,
      truncatedBy: "lines",
      outputLines: 2000,
      totalLines: 2500,
    });
  });

  test("byte limit truncation names the limit", async () => {
    writeFileSync(join(dir, "wide.txt"), Array.from({ length: 100 }, () => "x".repeat(1000)).join("\n"));
    const text = textOf(await createReadTool(dir).execute("t", { path: "wide.txt" }));
    expect(text).toMatch(/\n\n\[Showing lines 1-51 of 100 \(50\.0KB limit\)\. Use offset=52 to continue\.\]$/);
  });

  test("a single line over the byte limit points to bash", async () => {
    writeFileSync(join(dir, "one.txt"), "y".repeat(60 * 1024));
    const text = textOf(await createReadTool(dir).execute("t", { path: "one.txt" }));
    expect(text).toBe("[Line 1 is 60.0KB, exceeds 50.0KB limit. Use bash: sed -n '1p' one.txt | head -c 51200]");
  });

  test("missing file, directory", async () => {
    await expect(createReadTool(dir).execute("t", { path: "nope.txt" })).rejects.toThrow("File not found: nope.txt");
    mkdirSync(join(dir, "sub"));
    await expect(createReadTool(dir).execute("t", { path: "sub" })).rejects.toThrow(/is a directory/);
  });

  test("images come back as image content with their mime type (detected from bytes)", async () => {
    writeFileSync(join(dir, "pic.dat"), PNG);
    const result = await createReadTool(dir).execute("t", { path: "pic.dat" });
    expect(result.content).toEqual([
      { type: "text", text: "Read image file [image/png]" },
      { type: "image", data: PNG.toString("base64"), mimeType: "image/png" },
    ]);
  });

  test("other binary files are described, not dumped", async () => {
    writeFileSync(join(dir, "blob.bin"), Buffer.from([1, 2, 0, 3, 255, 0]));
    const text = textOf(await createReadTool(dir).execute("t", { path: "blob.bin" }));
    expect(text).toMatch(/^\[Binary file: blob\.bin \(6B\) is not shown\./);
  });

  test("UTF-16 files (with a BOM) are decoded as text, not reported as binary", async () => {
    writeFileSync(
      join(dir, "le.txt"),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("héllo\r\nwörld", "utf16le")]),
    );
    expect(textOf(await createReadTool(dir).execute("t", { path: "le.txt" }))).toBe("héllo\nwörld");
    const be = Buffer.from("hi", "utf16le").swap16();
    writeFileSync(join(dir, "be.txt"), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    expect(textOf(await createReadTool(dir).execute("t", { path: "be.txt" }))).toBe("hi");
  });

  test("large files are streamed and read exactly as small ones", async () => {
    const rows = Array.from({ length: 40000 }, (_, i) => `row ${i + 1} ${"-".repeat(i % 40)}`);
    const content = `\uFEFF${rows.join("\r\n")}\r\n`;
    writeFileSync(join(dir, "big.log"), content);
    const lines = content.slice(1).replace(/\r\n/g, "\n").split("\n");
    // Streaming from 1 MB on (default 8 MB), so this 1.3 MB file takes the streaming path.
    const tool = createReadTool(dir, { largeFileBytes: 1024 * 1024 });
    for (const [offset, limit] of [
      [undefined, undefined],
      [39999, undefined],
      [10, 5000],
    ] as const) {
      const expected = formatTextWindow(windowFromLines(lines, offset, limit), "big.log").text;
      expect(textOf(await tool.execute("t", { path: "big.log", offset, limit }))).toBe(expected);
    }
    expect(Buffer.byteLength(content)).toBeGreaterThan(1024 * 1024);
    expect(textOf(await tool.execute("t", { path: "big.log", offset: 20000, limit: 1 }))).toBe(
      `row 20000 ${"-".repeat(19999 % 40)}\n\n[20001 more lines in file. Use offset=20001 to continue.]`,
    );
    await expect(tool.execute("t", { path: "big.log", offset: 50000 })).rejects.toThrow(
      "Offset 50000 is beyond end of file (40001 lines total)",
    );
  });

  test("BOM is dropped and CRLF shown as LF", async () => {
    writeFileSync(join(dir, "win.txt"), "\uFEFFa\r\nb\r\n");
    expect(textOf(await createReadTool(dir).execute("t", { path: "win.txt" }))).toBe("a\nb\n");
  });

  test("absolute paths, @ prefix and ~ resolve", async () => {
    writeFileSync(join(dir, "a.txt"), "abs");
    expect(textOf(await createReadTool("/").execute("t", { path: join(dir, "a.txt") }))).toBe("abs");
    expect(textOf(await createReadTool(dir).execute("t", { path: "@a.txt" }))).toBe("abs");
    expect(resolveToCwd("~/x", "/somewhere")).toBe(join(homedir(), "x"));
    expect(relative(dir, resolveToCwd("../up", dir))).toBe(join("..", "up"));
  });
});

describe("write", () => {
  test("creates parent directories and reports the byte count", async () => {
    const result = await createWriteTool(dir).execute("t", { path: "deep/er/file.txt", content: "héllo" });
    expect(textOf(result)).toBe("Successfully wrote 6 bytes to deep/er/file.txt");
    expect(readFileSync(join(dir, "deep/er/file.txt"), "utf8")).toBe("héllo");
  });

  test("overwrites an existing file", async () => {
    writeFileSync(join(dir, "f.txt"), "old content");
    await createWriteTool(dir).execute("t", { path: "f.txt", content: "new" });
    expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe("new");
  });
});
