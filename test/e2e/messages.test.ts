// One failure, one line, end to end under a pty, with our worker and with the real pi 0.73.1:
// an HTTP 500 that the worker retries shows one status line that updates ("retrying 1/2 in
// 1 s…") and one verdict in the transcript (gave up / recovered), never an error per attempt;
// a failed /compact is one error line and no "Compacting…" after it; /new zeroes the footer's
// token counters.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import { ROOT } from "./pty-harness.js";
import { BUILT, FAKE_MODEL, sharedTuiSession, submitLine } from "./tui-session.js";

const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
const error500: FakeStep = {
  kind: "error",
  status: 500,
  body: { error: { message: "Internal Server Error", type: "server_error" } },
};

const SCRIPT: FakeStep[] = [
  { ...error500, matchLastUser: "ALWAYS-FAILS" },
  { ...error500, matchLastUser: "ALWAYS-FAILS" },
  { ...error500, matchLastUser: "ALWAYS-FAILS" },
  { ...error500, matchLastUser: "FAILS-ONCE" },
  { kind: "text", matchLastUser: "FAILS-ONCE", chunks: ["Answer after ", "one retry."], delayMs: 5 },
  { kind: "text", matchLastUser: "HELLO", chunks: ["Hello ", "back."], delayMs: 5 },
  // Anything else (the compaction's summary request) fails.
  { ...error500 },
  { ...error500 },
  { ...error500 },
];

// Retries with a visible wait; pi's HTTP client must not retry on its own underneath.
const SETTINGS = { retry: { enabled: true, maxRetries: 2, baseDelayMs: 1200, provider: { maxRetries: 0 } } };

const WORKERS = [
  { name: "agent-rpc", args: [...FAKE_MODEL, "--no-session"], runnable: BUILT },
  {
    name: "pi 0.73.1",
    args: ["--agent", `${process.execPath} ${PI_CLI} --mode rpc --no-session`, "--model", "fake-model"],
    runnable: BUILT && existsSync(PI_CLI),
  },
];

const count = (text: string, re: RegExp): number => text.split("\n").filter((l) => re.test(l)).length;

for (const worker of WORKERS) {
  describe.skipIf(!worker.runnable)(`messages with ${worker.name} as the worker`, () => {
    const s = sharedTuiSession(SCRIPT, {
      args: worker.args,
      cols: 110,
      rows: 30,
      readyTimeoutMs: 30_000,
      sandbox: { settings: SETTINGS },
    });

    it("a request that keeps failing: one updating retry line, then one verdict", async () => {
      const { tui } = s;
      await submitLine(tui, "ALWAYS-FAILS please");
      await tui.waitForText(/↻ 500 Internal Server Error · retrying 1\/2 in \d s…/);
      await tui.waitForText(/retrying 2\/2 in \d s…/, 15_000);
      await tui.waitForText(/✗ Error: 500 Internal Server Error \(gave up after 3 attempts\)/, 15_000);
      await tui.waitForNoText("Working…");
      const all = tui.allText();
      expect(count(all, /✗/)).toBe(1);
      expect(all).not.toMatch(/Retry failed/);
    }, 40_000);

    it("a request that fails once: the retry line, then one line saying it recovered", async () => {
      const { tui } = s;
      await submitLine(tui, "FAILS-ONCE please");
      await tui.waitForText(/retrying 1\/2 in \d s…/);
      await tui.waitForText("Answer after one retry.", 15_000);
      await tui.waitForText('· Recovered from "500 Internal Server Error" on retry 1');
      expect(count(tui.allText(), /✗/)).toBe(1); // still only the earlier verdict
    }, 30_000);

    it("a failed /compact is one error line, with no Compacting… notice after it", async () => {
      const { tui } = s;
      await submitLine(tui, "HELLO");
      await tui.waitForText("Hello back.");
      await tui.waitForNoText("Working…");
      await submitLine(tui, "/compact");
      await tui.waitForText(/✗ .*ompact/, 20_000);
      await tui.waitForNoText("Compacting", 15_000);
      expect(count(tui.allText(), /✗/), tui.allText()).toBe(2);
      expect(tui.allText()).not.toMatch(/ℹ Compacting/);
    }, 50_000);

    it("/new zeroes the footer's token counters", async () => {
      const { tui } = s;
      await tui.waitForText(/↑\d+ ↓\d+/);
      await submitLine(tui, "/new");
      await tui.waitForText("── New session ──");
      await tui.waitForNoText(/↑\d+ ↓\d+/);
    });
  });
}
