// The bash tool as the agent loop sees it: pi's partial-result sequence, error conventions
// (exit code, abort, timeout) and the truncation notice naming the full output file.

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentToolResult } from "@mariozechner/pi-agent-core";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createBashTool, type BashToolDetails } from "../../../src/agent/tools/bash.js";
import { makeTempDir, textOf } from "./helpers.js";

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = makeTempDir());
});
afterEach(() => cleanup());

test("first update is empty, later updates carry the accumulated output, in order", async () => {
  const tool = createBashTool(dir, dir);
  const flag = join(dir, "flag");
  const updates: AgentToolResult<BashToolDetails | undefined>[] = [];
  const result = await tool.execute(
    "t1",
    { command: `echo hello; while [ ! -e ${flag} ]; do sleep 0.01; done; echo world` },
    undefined,
    (partial) => {
      updates.push(partial);
      if (textOf(partial).includes("hello")) writeFileSync(flag, "");
    },
  );
  expect(updates[0]).toEqual({ content: [], details: undefined });
  const texts = updates.slice(1).map(textOf);
  expect(texts[0]).toBe("hello\n");
  expect(texts[texts.length - 1]).toBe("hello\nworld\n");
  // Accumulated, not deltas: each update extends the previous one.
  for (let i = 1; i < texts.length; i++) expect(texts[i]?.startsWith(texts[i - 1] ?? "")).toBe(true);
  expect(updates[1]?.details).toEqual({});
  expect(result).toEqual({ content: [{ type: "text", text: "hello\nworld\n" }], details: undefined });
});

test("no output is reported as (no output)", async () => {
  const result = await createBashTool(dir).execute("t", { command: "true" });
  expect(textOf(result)).toBe("(no output)");
});

test("a non-zero exit code throws with the output and the code", async () => {
  await expect(createBashTool(dir).execute("t", { command: "echo oops >&2; exit 3" })).rejects.toThrow(
    "oops\n\n\nCommand exited with code 3",
  );
});

test("abort throws 'Command aborted' after the output so far", async () => {
  const controller = new AbortController();
  const run = createBashTool(dir).execute(
    "t",
    { command: "echo started; sleep 30; echo never" },
    controller.signal,
    (partial) => {
      if (textOf(partial).includes("started")) controller.abort();
    },
  );
  await expect(run).rejects.toThrow(/^started\n\n\nCommand aborted$/);
});

test("timeout (seconds) throws 'Command timed out after N seconds'", async () => {
  await expect(createBashTool(dir).execute("t", { command: "echo a; sleep 30", timeout: 0.2 })).rejects.toThrow(
    "a\n\n\nCommand timed out after 0.2 seconds",
  );
});

test("long output: tail with a notice naming the full output file, details for the UI", async () => {
  const result = await createBashTool(dir, dir).execute("t", { command: "seq 1 5000" });
  const details = result.details;
  expect(details?.truncation?.truncated).toBe(true);
  expect(details?.truncation?.truncatedBy).toBe("lines");
  const path = details?.fullOutputPath ?? "";
  expect(path.startsWith(dir)).toBe(true);
  expect(textOf(result)).toMatch(
    new RegExp(
      `\\n\\n\\[Showing lines 3002-5001 of 5001\\. Full output: ${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\]$`,
    ),
  );
  expect(readFileSync(path, "utf8").split("\n")).toHaveLength(5001);
});
