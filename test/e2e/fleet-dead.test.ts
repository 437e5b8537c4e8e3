// A live worker that dies (SIGKILL) under the fleet view, as a person at a second terminal sees
// it: its row turns `failed` saying the worker died, the fleet rings once for it (one BEL, one
// OSC 9) and never again, the other session's row goes on as before; a fleet opened after the
// death lists it without announcing it; peek shows the worker's log; and Enter on the dead row
// brings its conversation back in a new worker.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listLiveEntries, type LiveEntry } from "../../src/agent/live/live-registry.js";
import { promptWorker, serveWorker } from "./fleet-workers.js";
import { endSandboxWorkers, sandboxLiveDir } from "./live-workers.js";
import { spawnTui, type TuiProcess } from "./pty-harness.js";
import { createSandbox, type Sandbox } from "./sandbox.js";
import { BUILT, FAKE_MODEL, waitUntil } from "./tui-session.js";

vi.hoisted(() => delete process.env["CI"]);

const answer = (word: string) => ({ kind: "text" as const, matchLastUser: word, chunks: [`${word}-ANSWER`] });

/** Our window titles (OSC 0, BEL-ended): taken out before BELs are counted. */
const TITLE = /\u001b\]0;([^\u0007\u001b]*)\u0007/g;
/** The desktop notifications written (OSC 9, ST-ended): their text. */
const OSC9 = /\u001b\]9;([^\u0007\u001b]*)\u001b\\/g;

let sandbox: Sandbox | undefined;
const fleets: TuiProcess[] = [];

const liveDir = sandboxLiveDir;
const entries = (box: Sandbox): LiveEntry[] => listLiveEntries(liveDir(box));

afterEach(async () => {
  for (const t of fleets.splice(0)) t.kill();
  if (!sandbox) return;
  await endSandboxWorkers(sandbox);
  await sandbox.dispose();
  sandbox = undefined;
});

function startFleet(box: Sandbox): TuiProcess {
  const t = spawnTui({ args: ["fleet"], cwd: box.cwd, env: box.env, cols: 110, rows: 30 });
  fleets.push(t);
  return t;
}

/** The texts of the OSC 9 notifications `t` wrote after its first `from` characters. */
const notifications = (t: TuiProcess, from = 0): string[] =>
  [...t.output().slice(from).matchAll(OSC9)].map((m) => m[1] ?? "");

/** The fleet's session rows on screen: the first row of each (state, name). */
function sessionRows(t: TuiProcess): string[] {
  return t.screen().filter((r) => /^(› | {2})(needs input|working|idle|done|failed|unreachable)/.test(r));
}

/** Moves the selection (k, one key at a time, each seen on screen) up to the row that reads `text`. */
async function selectUp(t: TuiProcess, text: string): Promise<void> {
  const index = (): { at: number; now: number } => {
    const rows = sessionRows(t);
    return { at: rows.findIndex((r) => r.includes(text)), now: rows.findIndex((r) => r.startsWith("›")) };
  };
  for (let moves = 0; moves < 5 && index().at !== index().now; moves += 1) {
    const { now } = index();
    t.write(index().at < now ? "k" : "j");
    await waitUntil(() => index().now !== now, "the selection to move", 5000);
  }
  expect(index().at).toBe(index().now);
}

describe.skipIf(!BUILT)("a dead worker in the fleet view", () => {
  it("turns failed, rings once, leaves the other row alone, and Enter brings its conversation back", async () => {
    const box = await createSandbox(["ALPHA", "BRAVO", "AGAIN"].map(answer), {
      settings: { liveSessions: { enabled: true } },
    });
    sandbox = box;
    const [alpha, bravo] = await Promise.all([
      serveWorker(box.cwd, box.env, FAKE_MODEL),
      serveWorker(box.cwd, box.env, FAKE_MODEL),
    ]);
    await promptWorker(alpha as string, box.env, box.cwd, "ALPHA here");
    await promptWorker(bravo as string, box.env, box.cwd, "BRAVO here");
    const settled = (): boolean => {
      const list = entries(box);
      return list.length === 2 && list.every((e) => e.status?.outcome === "done" && e.sessionFile !== undefined);
    };
    await waitUntil(settled, "both runs to finish");
    const alphaPid = entries(box).find((e) => e.id === alpha)?.pid as number;

    const fleet = startFleet(box);
    await fleet.waitForText(/Fleet · 2 sessions/, 20_000);
    await fleet.waitForText(/done\s+BRAVO here/, 5000);
    const before = fleet.output().length;

    process.kill(alphaPid, "SIGKILL");
    await fleet.waitForText(/failed\s+ALPHA here/, 3000);
    await fleet.waitForText(`worker died (pid ${alphaPid})`, 1000);
    await fleet.waitForText(/ALPHA here failed: worker died/, 1000);
    expect(sessionRows(fleet).find((r) => r.includes("BRAVO here"))).toMatch(/done\s+BRAVO here/);
    const late = startFleet(box);
    await late.waitForText(/failed\s+ALPHA here/, 20_000);

    // Later snapshots (BRAVO's next run: working, then done) do not announce the death again.
    await promptWorker(bravo as string, box.env, box.cwd, "AGAIN, BRAVO");
    await fleet.waitForText("AGAIN-ANSWER", 10_000);
    await fleet.waitForText("BRAVO here finished", 5000);
    await late.waitForText("BRAVO here finished", 5000);
    expect(notifications(late), "the later fleet's notifications").toEqual(["BRAVO here finished"]);
    const written = fleet.output().slice(before);
    const notes = notifications(fleet, before);
    expect(
      notes.filter((n) => n.includes("ALPHA")),
      "OSC 9 notifications of the death",
    ).toHaveLength(1);
    expect(
      notes.filter((n) => n.includes("BRAVO")),
      "BRAVO's own finish",
    ).toHaveLength(1);
    expect(written.replace(TITLE, "").replace(OSC9, "").split("\u0007").length - 1, "bells").toBe(notes.length);

    await selectUp(fleet, "ALPHA here");
    fleet.write("p");
    await fleet.waitForText(`worker died (pid ${alphaPid}); its log`, 5000);
    fleet.write(" ");
    await waitUntil(() => !fleet.screenText().includes("; its log"), "the peek to close", 5000);
    // On the dead row the hint says what its keys do to it.
    await fleet.waitForText(/resume · .*its log · .*dismiss/, 5000);
    fleet.write("\r");
    // The conversation, back in a new worker of the same session, attached in this terminal.
    await fleet.waitForText("ALPHA-ANSWER", 20_000);
    await waitUntil(
      () => entries(box).some((e) => e.id === alpha && e.pid !== alphaPid),
      "a new worker on ALPHA's session",
    );
    expect(existsSync(join(liveDir(box), `${alpha}.dead.json`))).toBe(false);
  }, 90_000);
});
