// Queue and settings with the REAL pi 0.73.1 as the worker (`--mode rpc`, behind an ssh-style
// stand-in so it counts as remote), on the scripted LLM under a pseudo-terminal: pi cannot
// take queued messages back, so Esc keeps the lanes and says where they go; /settings drives
// pi's set_* commands; `@` says completion is local.
import { existsSync, readFileSync } from "node:fs";
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
      args: [
        "--agent",
        `${process.execPath} ${STANDIN} devbox ${process.execPath} ${PI_CLI} --mode rpc`,
        "--model",
        "fake-model",
      ],
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
    await tui.waitForText(
      "The queued message will be delivered with your next prompt: this worker cannot take queued messages back.",
    );
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

  it("/settings offers what pi can change, sends it at once, and pi saves it", async () => {
    const { tui, sandbox } = s;
    await submitLine(tui, "/settings");
    await tui.waitForText(/^Settings(?: {2}|\s*$)/m);
    await tui.waitForText(/Steering mode +one-at-a-time/);
    const menu = tui.screenText();
    for (const label of ["Follow-up mode", "Thinking level", "Auto-compaction", "Auto-retry", "Show thinking"])
      expect(menu).toContain(label);
    for (const label of ["Interrupt mode", "Todo reminders", "Permission gate", "Compaction threshold"])
      expect(menu).not.toContain(label);
    tui.write(KEYS.enter);
    await tui.waitForText(/Steering mode: queued steering/);
    tui.write(KEYS.down);
    tui.write(KEYS.enter);
    await tui.waitForText("Steering mode: all (saved)");
    await tui.waitForText(/› +Steering mode +all/); // read back from pi's get_state
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Settings(?: {2}|\s*$)/m);
    const saved = JSON.parse(readFileSync(join(sandbox.root, "agent", "settings.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(saved["steeringMode"]).toBe("all");
  });

  it("/settings shows pi's auto-retry as unknown until it is set here, then as set", async () => {
    const { tui } = s;
    await submitLine(tui, "/settings");
    await tui.waitForText(/^Settings(?: {2}|\s*$)/m);
    await tui.type("Auto-retry");
    await tui.waitForText(/› +Auto-retry +unknown \(the worker does not report it\)/);
    tui.write(KEYS.enter);
    await tui.waitForText(/Auto-retry: retry overloaded/);
    await tui.type("off");
    tui.write(KEYS.enter);
    await tui.waitForText("Auto-retry: off (saved)");
    // The menu comes back on the setting just changed.
    await tui.waitForText(/› +Auto-retry +off/);
    tui.write(KEYS.esc);
    await tui.waitForNoText(/^Settings(?: {2}|\s*$)/m);
  });

  it("a remote pi: the footer names the machine, and @ completion says it is local", async () => {
    const { tui } = s;
    await tui.waitForText(/^devbox \(remote\) · /m);
    await tui.type("@hel");
    await tui.waitForText(/^› hello\.txt/m);
    await tui.waitForText("local files: this worker cannot list its own");
    tui.write(KEYS.ctrlC);
  });
});
