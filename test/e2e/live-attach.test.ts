// What a terminal attaching to a live worker is shown, under a pty: what an extension showed
// before any client was attached (its first notification, status, widget, an open dialog that
// this terminal then answers), once and not again to the next terminal.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isProcessAlive, listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL } from "./tui-session.js";

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
      const tui = spawnTui({ args, cwd: sandbox.cwd, env: { ...sandbox.env, AGENT_TUI_LIVE_SESSIONS: "1" }, cols: 100, rows: 30 });
      tuis.push(tui);
      await tui.waitForText(ready, 20_000);
      return tui;
    },
  };
}

const liveDir = (b: Box): string => join(b.sandbox.root, "agent", "live");

async function waitUntil(cond: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const count = (text: string, what: string): number => text.split(what).length - 1;

afterEach(async () => {
  if (!box) return;
  for (const t of box.tuis) t.kill();
  const pids = listLiveEntries(liveDir(box)).map((e) => e.pid);
  for (const pid of pids) process.kill(pid, "SIGKILL");
  await waitUntil(() => pids.every((p) => !isProcessAlive(p)), "live workers to die");
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
    await first.waitForText("took it over", 10_000, "all");
    await second.waitForText("EXT-WIDGET line");
    const again = second.allText();
    expect(again).not.toContain("EXT-HELLO");
    expect(again).not.toContain("EXT-ANSWERED-YES");
    expect(again).not.toContain("EXT-ASK");
  }, 60_000);
});
