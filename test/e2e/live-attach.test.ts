// What a terminal attaching to a live worker is shown, under a pty: what an extension showed
// before any client was attached (its first notification, status, widget, an open dialog that
// this terminal then answers), once and not again to the next terminal; a run joined midway
// keeps the worker's clock and token totals; and where no socket fits, a worker on stdio.
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endLiveWorkers } from "./live-workers.js";

const LIVE = { liveSessions: { enabled: true } };

/** Says hello, sets a status and a widget, then asks, all before any client is attached. */
const GREETER = `export default function (pi) {
  pi.on("session_start", async (_event, ctx) => {
    ctx.ui.notify("EXT-HELLO first words", "info");
    ctx.ui.setStatus("greeter", "EXT-STATUS");
    ctx.ui.setWidget("greeter", ["EXT-WIDGET line"]);
    const ok = await ctx.ui.confirm("EXT-ASK", "Proceed with the greeting?");
    ctx.ui.notify(ok ? "EXT-ANSWERED-YES" : "EXT-ANSWERED-NO", "info");
  });
}
`;

type Box = { sandbox: Sandbox; tuis: TuiProcess[]; start(args: string[], ready?: string): Promise<TuiProcess> };
let box: Box | undefined;

async function liveBox(script: Parameters<typeof createSandbox>[0]): Promise<Box> {
  const sandbox = await createSandbox(script, { settings: LIVE });
  const tuis: TuiProcess[] = [];
  return {
    sandbox,
    tuis,
    async start(args, ready = "Fake Model") {
      const tui = spawnTui({
        args,
        cwd: sandbox.cwd,
        env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: "1" },
        cols: 100,
        rows: 30,
      });
      tuis.push(tui);
      await tui.waitForText(ready, 20_000);
      return tui;
    },
  };
}

const liveDir = (b: Box): string => join(b.sandbox.root, "agent", "live");

const count = (text: string, what: string): number => text.split(what).length - 1;

/** The seconds of the "Working… Ns" row, if shown. */
function workingSeconds(tui: TuiProcess): number | undefined {
  const m = /Working… (\d+)s/.exec(tui.screenText());
  return m ? Number(m[1]) : undefined;
}

/** The footer's "↑in ↓out" figures, if shown. */
function footerTokens(tui: TuiProcess): string | undefined {
  const footer = tui.screen().find((row) => row.includes("Fake Model •"));
  return /↑\S+ ↓\S+/.exec(footer ?? "")?.[0];
}

afterEach(async () => {
  if (!box) return;
  for (const t of box.tuis) t.kill();
  const pids = listLiveEntries(liveDir(box)).map((e) => e.pid);
  await endLiveWorkers(pids);
  await box.sandbox.dispose();
  box = undefined;
});

describe.skipIf(!BUILT)("attaching to a live worker under a pty", () => {
  it("shows what an extension showed before any client was attached, once; its dialog is answered here", async () => {
    box = await liveBox([]);
    const ext = join(box.sandbox.root, "greeter.mjs");
    writeFileSync(ext, GREETER);
    const first = await box.start([...FAKE_MODEL, "-e", ext], "EXT-ASK");
    const text = first.allText();
    expect(count(text, "EXT-HELLO first words"), text).toBe(1);
    await first.waitForText("EXT-STATUS");
    await first.waitForText("EXT-WIDGET line");
    // The worker's first message comes before its question, as it wrote them.
    expect(text.indexOf("EXT-HELLO")).toBeLessThan(text.lastIndexOf("EXT-ASK"));
    first.write("y");
    await first.waitForText("EXT-ANSWERED-YES", 10_000, "all");
    await waitUntil(() => listLiveEntries(liveDir(box as Box))[0]?.attached === true, "the worker to list its client");

    // The next terminal gets the status and widget as they are, but no message a client saw.
    const second = await box.start(["attach"], "EXT-STATUS");
    await second.waitForText("Watching: another terminal controls this session", 10_000, "all");
    second.write("\u001bt"); // Alt+T: take control
    await first.waitForText("Another terminal took control of this session", 10_000, "all");
    // Its editor and footer agree: the worker runs on, this terminal watches it.
    await first.waitForText("watching: another terminal controls this session · Alt+T takes control");
    expect(first.screenText()).not.toContain("worker stopped");
    await second.waitForText("EXT-WIDGET line");
    const again = second.allText();
    expect(again).not.toContain("EXT-HELLO");
    expect(again).not.toContain("EXT-ANSWERED-YES");
    expect(again).not.toContain("EXT-ASK");
  }, 60_000);

  it("runs the worker on stdio, saying so, when $AGENT_TUI_HOME is too long for a socket path", async () => {
    box = await liveBox([{ kind: "text", matchLastUser: "HELLO", chunks: ["stdio answer"], delayMs: 5 }]);
    const home = join(box.sandbox.root, "h".repeat(100));
    cpSync(join(box.sandbox.root, "agent"), home, { recursive: true });
    const tui = spawnTui({
      args: FAKE_MODEL,
      cwd: box.sandbox.cwd,
      env: { ...box.sandbox.env, AGENT_TUI_HOME: home, PI_CODING_AGENT_DIR: home, AGENT_TUI_LIVE_SESSIONS: "1" },
      cols: 100,
      rows: 30,
    });
    box.tuis.push(tui);
    await tui.waitForText("Fake Model", 20_000);
    await tui.waitForText("Live sessions are off", 10_000, "all");
    await submitLine(tui, "HELLO there");
    await tui.waitForText("stdio answer");
    await submitLine(tui, "/detach");
    await tui.waitForText("not a live session");
  }, 60_000);

  it("keeps the run's clock and the session's token totals when a terminal attaches mid-run", async () => {
    const tokens = Array.from({ length: 30 }, (_, i) => `tok${String(i).padStart(2, "0")} `);
    const firstUsage = { prompt_tokens: 4321, completion_tokens: 765 };
    const secondUsage = { prompt_tokens: 1000, completion_tokens: 50 };
    box = await liveBox([
      { kind: "text", matchLastUser: "ONE", chunks: ["first answer"], delayMs: 5, usage: firstUsage },
      { kind: "text", matchLastUser: "TWO", chunks: tokens, delayMs: 20, holdAfter: 10, usage: secondUsage },
    ]);
    const first = await box.start(FAKE_MODEL);
    await submitLine(first, "ONE go");
    await first.waitForText("first answer");
    await submitLine(first, "TWO go");
    await first.waitForText("tok09");
    const before = footerTokens(first);
    expect(before).toBeDefined();
    // The run has been going for a few seconds when the second terminal joins it.
    await first.waitForText(/Working… [3-9]s/, 15_000);
    const elapsed = workingSeconds(first) ?? 0;

    const second = await box.start(["attach"], "tok09");
    await second.waitForText(/Working… \d+s/);
    expect(workingSeconds(second)).toBeGreaterThanOrEqual(elapsed);
    await waitUntil(() => footerTokens(second) !== undefined, "the footer's totals");
    expect(footerTokens(second)).toBe(before);

    // The rest of the run adds to the worker's totals, counted once.
    box.sandbox.llm.release();
    await second.waitForText("tok29", 15_000, "all");
    await second.waitForNoText(/Working…/);
    const inTokens = firstUsage.prompt_tokens + secondUsage.prompt_tokens;
    const outTokens = firstUsage.completion_tokens + secondUsage.completion_tokens;
    expect(footerTokens(second)).toBe(`↑${(inTokens / 1000).toFixed(1)}k ↓${outTokens}`);
  }, 60_000);

  it("gives the footer the detached session's token totals back, on attach and on -c", async () => {
    const usage = { prompt_tokens: 4321, completion_tokens: 765 };
    box = await liveBox([{ kind: "text", matchLastUser: "COUNT", chunks: ["counted answer"], delayMs: 5, usage }]);
    const detached = (): boolean => listLiveEntries(liveDir(box as Box))[0]?.attached === false;
    const first = await box.start(FAKE_MODEL);
    await submitLine(first, "COUNT go");
    await first.waitForText("counted answer");
    await first.waitForNoText(/Working…/);
    const before = footerTokens(first);
    expect(before).toBe("↑4.3k ↓765");
    await submitLine(first, "/detach");
    expect(await first.waitForExit()).toBe(0);
    await waitUntil(detached, "the worker to say nobody is attached");

    // A new agent-tui starts with no totals of its own: what it shows came from the worker.
    for (const args of [["attach"], [...FAKE_MODEL, "-c"]]) {
      const again = await box.start(args, "counted answer");
      await waitUntil(() => footerTokens(again) !== undefined, `the footer's totals after ${args.join(" ")}`);
      expect(footerTokens(again), args.join(" ")).toBe(before);
      await submitLine(again, "/detach");
      expect(await again.waitForExit()).toBe(0);
      await waitUntil(detached, "the worker to say nobody is attached");
    }
  }, 60_000);
});
