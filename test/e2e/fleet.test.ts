// The fleet view under a pty, as a person at a second terminal sees it: a live session that starts
// waiting on a question becomes a "needs input" row, the fleet terminal rings once (one BEL, one
// OSC 9 desktop notification) and its window title carries the count; answering from the list lets
// that run go on to its answer, which reaches the session file.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { listLiveEntries } from "../../src/agent/live/live-registry.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, submitLine, waitUntil } from "./tui-session.js";
import { endSandboxWorkers, sandboxLiveDir } from "./live-workers.js";

const LIVE = { liveSessions: { enabled: true } };

/** Asks before every run, so the session is listed (idle) before it starts waiting. */
const ASKER = `export default function (pi) {
  pi.on("before_agent_start", async (_event, ctx) => {
    const ok = await ctx.ui.confirm("FLEET-ASK", "Go on with the run?");
    ctx.ui.notify(ok ? "FLEET-YES" : "FLEET-NO", "info");
  });
}
`;

/** Our window titles (OSC 0, BEL-ended): taken out before BELs are counted. */
const TITLE = /\u001b\]0;([^\u0007\u001b]*)\u0007/g;

let sandbox: Sandbox | undefined;
const tuis: TuiProcess[] = [];

function start(box: Sandbox, args: string[]): TuiProcess {
  const tui = spawnTui({
    args,
    cwd: box.cwd,
    env: { ...box.env, AGENT_TUI_LIVE_SESSIONS: "1" },
    cols: 110,
    rows: 30,
  });
  tuis.push(tui);
  return tui;
}

const liveDir = sandboxLiveDir;

afterEach(async () => {
  for (const t of tuis.splice(0)) t.kill();
  if (!sandbox) return;
  await endSandboxWorkers(sandbox);
  await sandbox.dispose();
  sandbox = undefined;
});

describe.skipIf(!BUILT)("the fleet view under a pty", () => {
  it("rings once when a session starts waiting, shows the count in the title, and answers it", async () => {
    const box = await createSandbox([{ kind: "text", matchLastUser: "GO", chunks: ["FLEET-ANSWER"], delayMs: 5 }], {
      settings: LIVE,
    });
    sandbox = box;
    const ext = join(box.root, "asker.mjs");
    writeFileSync(ext, ASKER);
    const agent = start(box, [...FAKE_MODEL, "-e", ext]);
    await agent.waitForText("Fake Model", 20_000);
    const fleet = start(box, ["fleet"]);
    await fleet.waitForText(/Fleet · 1 session/, 20_000);
    expect(fleet.output()).not.toContain("\u001b]9;");

    await submitLine(agent, "GO now");
    await agent.waitForText("FLEET-ASK", 10_000);
    await fleet.waitForText("needs input", 10_000);
    await fleet.waitForText(/needs you/, 10_000, "all");
    const raw = fleet.output();
    const titles = [...raw.matchAll(TITLE)].map((m) => m[1] ?? "");
    const rest = raw.replace(TITLE, "");
    expect(rest.split("\u0007").length - 1, "bells outside the title").toBe(1);
    expect(rest.split("\u001b]9;").length - 1, "OSC 9 notifications").toBe(1);
    expect(titles.at(-1)).toMatch(/1 waiting/);

    fleet.write("a");
    // The question's own text, which the row does not show: the answer form is open.
    await fleet.waitForText("Go on with the run?", 10_000);
    fleet.write("y");
    await agent.waitForText("FLEET-YES", 15_000, "all");
    await agent.waitForText("FLEET-ANSWER", 10_000, "all");
    const file = listLiveEntries(liveDir(box))[0]?.sessionFile;
    expect(file).toBeDefined();
    await waitUntil(
      () => readFileSync(file as string, "utf8").includes("FLEET-ANSWER"),
      "the answer in the session file",
    );
  }, 90_000);
});
