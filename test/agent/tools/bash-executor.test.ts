// runBashCommand: streaming order, merged stderr, exit codes, abort and timeout killing the
// whole process group, tail truncation with the full output in a temp file, sanitising.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { runBashCommand } from "../../../src/agent/tools/bash-executor.js";
import { StreamSanitizer, sanitizeText } from "../../../src/agent/tools/output-sanitizer.js";
import { makeTempDir, processAlive, waitFor } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

describe("runBashCommand", () => {
  test("streams chunks in order while the command is still running", async () => {
    const flag = join(dir, "flag");
    const chunks: string[] = [];
    // The command only prints "two" after the test saw "one": proof that output streams.
    const run = runBashCommand(`echo one; while [ ! -e ${flag} ]; do sleep 0.01; done; echo two`, {
      cwd: dir,
      onChunk: (text) => {
        chunks.push(text);
        if (text.includes("one")) writeFileSync(flag, "");
      },
    });
    const result = await run;
    expect(chunks.join("")).toBe("one\ntwo\n");
    expect(chunks[0]).toBe("one\n");
    expect(result).toMatchObject({ output: "one\ntwo\n", exitCode: 0, cancelled: false, truncated: false });
    expect(result.fullOutputPath).toBeUndefined();
  });

  test("merges stderr and reports a non-zero exit code without failing", async () => {
    const result = await runBashCommand("echo to-stderr 1>&2; exit 3", { cwd: dir });
    expect(result.output).toBe("to-stderr\n");
    expect(result.exitCode).toBe(3);
    expect(result.cancelled).toBe(false);
  });

  test("runs in the given working directory", async () => {
    const result = await runBashCommand("pwd", { cwd: dir });
    expect(result.output.trim()).toBe(dir);
  });

  test("rejects a missing working directory", async () => {
    await expect(runBashCommand("true", { cwd: join(dir, "nope") })).rejects.toThrow(
      /Working directory does not exist/,
    );
  });

  test("abort kills the shell and its grandchildren; no exit code", async () => {
    const controller = new AbortController();
    let grandchild = 0;
    const result = await runBashCommand("sleep 30 & echo $!; wait", {
      cwd: dir,
      signal: controller.signal,
      onChunk: (text) => {
        grandchild = Number.parseInt(text.trim(), 10);
        controller.abort();
      },
    });
    expect(result.cancelled).toBe(true);
    expect(result.exitCode).toBeUndefined();
    expect(grandchild).toBeGreaterThan(0);
    await waitFor(() => !processAlive(grandchild), 3000, "grandchild to die");
  });

  test("escalates to SIGKILL when the group ignores SIGTERM", async () => {
    const controller = new AbortController();
    let grandchild = 0;
    const started = Date.now();
    const result = await runBashCommand("trap '' TERM; sleep 30 & echo $!; wait", {
      cwd: dir,
      signal: controller.signal,
      killGraceMs: 150,
      onChunk: (text) => {
        grandchild = Number.parseInt(text.trim(), 10);
        controller.abort();
      },
    });
    expect(result.cancelled).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    await waitFor(() => !processAlive(grandchild), 3000, "grandchild to die");
  });

  test("an already aborted signal runs nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const marker = join(dir, "ran");
    const result = await runBashCommand(`touch ${marker}`, { cwd: dir, signal: controller.signal });
    expect(result).toMatchObject({ cancelled: true, exitCode: undefined, output: "" });
    expect(existsSync(marker)).toBe(false);
  });

  test("timeout kills the command and keeps the output so far", async () => {
    let grandchild = 0;
    const result = await runBashCommand("sleep 30 & echo $!; wait", {
      cwd: dir,
      timeoutMs: 200,
      onChunk: (text) => {
        grandchild = Number.parseInt(text.trim(), 10);
      },
    });
    expect(result.timedOut).toBe(true);
    expect(result.cancelled).toBe(true);
    expect(result.exitCode).toBeUndefined();
    expect(result.output).toBe(`${grandchild}\n`);
    await waitFor(() => !processAlive(grandchild), 3000, "grandchild to die");
  });

  test("does not hang on a background process that keeps the pipes open", async () => {
    let background = 0;
    const result = await runBashCommand("sleep 30 & echo $!", {
      cwd: dir,
      onChunk: (text) => {
        background = Number.parseInt(text.trim(), 10);
      },
    });
    expect(result.exitCode).toBe(0);
    // Not ours to kill (the user asked for a background job), but the test must not leak it.
    process.kill(background, "SIGKILL");
  });

  test("truncates long output to the last lines and saves everything to fullOutputPath", async () => {
    const chunks: string[] = [];
    const result = await runBashCommand("seq 1 30000", { cwd: dir, tempDir: dir, onChunk: (t) => chunks.push(t) });
    const full = `${Array.from({ length: 30000 }, (_, i) => String(i + 1)).join("\n")}\n`;
    expect(result.truncated).toBe(true);
    expect(result.exitCode).toBe(0);
    // pi counts the empty item after the final newline as a line: 30001 lines, last 2000 kept.
    expect(result.totalLines).toBe(30001);
    expect(result.outputLines).toBe(2000);
    expect(result.output.startsWith("28002\n")).toBe(true);
    expect(result.output.endsWith("30000\n")).toBe(true);
    expect(result.totalBytes).toBe(Buffer.byteLength(full));
    expect(result.fullOutputPath).toBeDefined();
    expect(result.fullOutputPath?.startsWith(dir)).toBe(true);
    expect(readFileSync(result.fullOutputPath ?? "", "utf8")).toBe(full);
    // Streaming chunks carry everything, even past the limit.
    expect(chunks.join("")).toBe(full);
  });

  test("truncates by bytes, showing the end of a huge single line", async () => {
    const result = await runBashCommand("head -c 100000 /dev/zero | tr '\\0' a", { cwd: dir, tempDir: dir });
    expect(result.truncated).toBe(true);
    expect(result.snapshot.truncation.lastLinePartial).toBe(true);
    expect(result.outputBytes).toBe(50 * 1024);
    expect(readFileSync(result.fullOutputPath ?? "", "utf8")).toBe("a".repeat(100000));
  });

  test("sanitises invalid UTF-8, ANSI escapes and carriage returns", async () => {
    const result = await runBashCommand("printf '\\033[31mred\\033[0m ok\\r\\n\\xff bad\\n'", { cwd: dir });
    expect(result.output).toBe("red ok\n\uFFFD bad\n");
  });
});

describe("StreamSanitizer", () => {
  test("joins a UTF-8 character split across chunks", () => {
    const s = new StreamSanitizer();
    const euro = Buffer.from("€", "utf8");
    expect(s.push(euro.subarray(0, 2))).toBe("");
    expect(s.push(Buffer.concat([euro.subarray(2), Buffer.from([0xff, 0x0a])]))).toBe("€\uFFFD\n");
    expect(s.end()).toBe("");
  });

  test("strips an escape sequence split across chunks", () => {
    const s = new StreamSanitizer();
    expect(s.push(Buffer.from("a\u001b[3"))).toBe("a");
    expect(s.push(Buffer.from("1mb"))).toBe("b");
    expect(s.end()).toBe("");
  });

  test("keeps tabs and newlines, drops other control characters", () => {
    expect(sanitizeText("a\tb\u0007c\u0000\nd\u001b]0;title\u0007e")).toBe("a\tbc\nde");
  });
});
