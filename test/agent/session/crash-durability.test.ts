// Durability: a writer killed with SIGKILL at random moments always leaves a file that
// loads; every entry it announced is there; appending after a torn tail works.
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSessionFile } from "../../../src/agent/session/index.js";
import { makeTempDir, quietSession, user } from "./helpers.js";
import { ROOT } from "../helpers/agent-process.js";

const DIST_INDEX = join(ROOT, "dist", "agent", "session", "index.js");
const WORKER = join(ROOT, "test", "agent", "session", "append-worker.mjs");
const dir = makeTempDir("session-crash-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Run the worker until it announced `killAfter` ids (plus a random extra delay), then SIGKILL. */
function runAndKill(file: string, killAfter: number, extraMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, DIST_INDEX, file], { stdio: ["ignore", "pipe", "pipe"] });
    const announced: string[] = [];
    let buffer = "";
    let stderr = "";
    let killing = false;
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      announced.push(...lines);
      if (!killing && announced.length >= killAfter) {
        killing = true;
        setTimeout(() => child.kill("SIGKILL"), extraMs);
      }
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(announced);
      else reject(new Error(`worker exited ${code}: ${stderr}`));
    });
  });
}

describe("crash durability", () => {
  it("survives SIGKILL at random points, many times", async () => {
    expect(existsSync(DIST_INDEX), "build first: npx tsc -p tsconfig.json").toBe(true);
    let seed = 12345;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const iterations = 16;
    let tornSeen = 0;
    for (let i = 0; i < iterations; i++) {
      const file = join(dir, `crash-${i}.jsonl`);
      const killAfter = 1 + random(40);
      const extraMs = random(4);
      let announced: string[];
      try {
        announced = await runAndKill(file, killAfter, extraMs);
      } catch (error) {
        // Another build may be rewriting dist/ right now (shared work tree): retry once after it.
        if (!/ERR_MODULE_NOT_FOUND|SyntaxError|does not provide an export/.test(String(error))) throw error;
        rmSync(file, { force: true });
        await new Promise((resolve) => setTimeout(resolve, 500));
        announced = await runAndKill(file, killAfter, extraMs);
      }
      const warnings: string[] = [];
      const loaded = loadSessionFile(file, (w) => warnings.push(w));
      if (!loaded) throw new Error(`iteration ${i}: file did not load`);
      const torn = warnings.some((w) => w.includes("torn"));
      if (torn) tornSeen++;
      const ids = loaded.entries.map((entry) => entry.id);
      // Everything announced is on disk, in order, as one parent chain.
      expect(ids.slice(0, announced.length)).toEqual(announced);
      for (const [index, entry] of loaded.entries.entries())
        expect(entry.parentId).toBe(index === 0 ? null : ids[index - 1]);
      // The file keeps working: continue it and load again. A torn line is never cut off (the
      // file is only appended to), so it is now reported as one malformed line; nothing else.
      const session = quietSession(dir, { sessionFile: file });
      session.appendMessage(user(`after crash ${i}`));
      session.close();
      const again: string[] = [];
      const reloaded = loadSessionFile(file, (w) => again.push(w));
      expect(again).toEqual(torn ? [expect.stringMatching(/skipped 1 malformed line/)] : []);
      expect(reloaded?.entries.at(-1)?.parentId).toBe(ids.at(-1));
    }
    if (process.env["SESSION_CRASH_DEBUG"]) process.stderr.write(`torn tails seen: ${tornSeen}/${iterations}\n`);
  }, 60_000);
});
