// Queue and settings with the REAL pi 0.73.1 as the worker (`--mode rpc`, behind an ssh-style
// stand-in so it counts as remote), on the scripted LLM under a pseudo-terminal: pi cannot
// take queued messages back, so Esc keeps the lanes and says where they go; /settings drives
// pi's set_* commands; `@` says completion is local.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KEYS, ROOT } from "./pty-harness.js";
import { BUILT, sharedTuiSession, submitLine } from "./tui-session.js";

const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
const STANDIN = join(ROOT, "test", "fixtures", "ssh-standin.mjs");
const runnable = BUILT && existsSync(PI_CLI);

describe.skipIf(!runnable)("queue and settings with pi 0.73.1 as the worker", () => {
  const s = sharedTuiSession(
    [
      {
        kind: "text",
        matchLastUser: "PI-QUEUE",
        chunks: Array.from({ length: 80 }, (_, i) => `piq${i} `),
        delayMs: 60,
      },
      { kind: "text", matchLastUser: "pi steer", chunks: ["Next ", "answer."], delayMs: 5 },
    ],
    {
      args: ["--agent", `${process.execPath} ${STANDIN} devbox ${process.execPath} ${PI_CLI} --mode rpc`, "--model", "fake-model"],
      env: { SSH_STANDIN_DELAY_MS: "5" },
      cols: 110,
      rows: 32,
      readyTimeoutMs: 30_000,
    },
  );

  it("Esc keeps pi's queued messages visible and says they will be delivered with the next prompt", async () => {
    const { tui, sandbox } = s;
    await submitLine(tui, "PI-QUEUE go");
    await tui.waitForText("piq2");
    await submitLine(tui, "pi steer");
    await tui.waitForText(/Steering \(1\) pi steer/);
    await tui.waitForText("↳ this worker cannot take queued messages back");
    tui.write(KEYS.esc);
    await tui.waitForText("The queued message will be delivered with your next prompt: this worker cannot take queued messages back.");
    await tui.waitForNoText("Working…");
    await tui.waitForText(/Steering \(1\) pi steer/);
    await tui.waitForText("↳ will be delivered with your next prompt (this worker cannot take them back)");
    await submitLine(tui, "PI-NEXT");
    await tui.waitForText("Next answer.");
    await tui.waitForNoText(/Steering \(1\)/);
    // What the lanes said: pi sent the old steer along with the new prompt, in one request.
    const body = JSON.stringify(sandbox.llm.requests.at(-1)?.body);
    expect(body).toContain("PI-NEXT");
    expect(body).toContain("pi steer");
  });
});
