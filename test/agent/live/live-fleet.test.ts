// A live worker's registry entry as `agent-rpc sessions --json --watch` streams it (built
// agent-rpc, scripted model): it says waiting with the dialog's text while a confirm is open,
// then idle with the run's outcome, totals and last line; a worker that dies is listed dead
// (its tombstone: no top-level pid, its last entry); the watch ends with its stdin.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import "../helpers/isolated-tmp.js";
import type { Frame } from "../helpers/agent-process.js";
import type { LiveEntry } from "../../../src/agent/live/live-registry.js";
import { createLiveSandbox, readyLive, type LiveSandbox } from "./live-harness.js";

const BUILT = existsSync(join(import.meta.dirname, "..", "..", "..", "dist", "agent-bundle", "main.js"));
const EXT = join(import.meta.dirname, "..", "..", "fixtures", "pi-ui-extension.ts");

const sessionsOf = (f: Frame): LiveEntry[] => (f.type === "fleet" ? (f["sessions"] as LiveEntry[]) : []);

describe.skipIf(!BUILT)("sessions --json --watch", () => {
  let box: LiveSandbox | undefined;
  afterEach(async () => {
    await box?.dispose();
    box = undefined;
  });

  it("streams a worker's dialog, outcome and totals as they change, and lists it dead when it dies", async () => {
    box = await createLiveSandbox([
      { kind: "tool_call", calls: [{ id: "c1", name: "bash", arguments: { command: "echo harness-confirm" } }] },
      {
        kind: "text",
        chunks: ["All ", "done.\nBranch checked."],
        usage: { prompt_tokens: 1200, completion_tokens: 34 },
      },
    ]);
    mkdirSync(join(box.home.cwd, ".git"));
    writeFileSync(join(box.home.cwd, ".git", "HEAD"), "ref: refs/heads/fleet-branch\n");
    const a = box.relay(["attach", "--or-start", "--mode", "rpc", "-e", EXT]);
    await a.request({ type: "live_attach" });
    const watch = box.relay(["sessions", "--json", "--watch"]);
    const first = await watch.waitFor((f) => sessionsOf(f).length === 1);
    expect(first).toMatchObject({ type: "fleet", version: expect.any(String), at: expect.any(Number) });
    expect(sessionsOf(first)[0]).toMatchObject({ id: readyLive(a).id, state: "idle", clients: 1 });
    expect(sessionsOf(first)[0]?.status?.branch).toBe("fleet-branch");

    await a.request({ type: "prompt", message: "run it" });
    const waiting = await watch.waitFor((f) => sessionsOf(f)[0]?.state === "waiting");
    const dialog = sessionsOf(waiting)[0]?.status?.dialog;
    expect(dialog).toMatchObject({ method: "confirm", title: "ui-demo: allow bash?", message: "echo harness-confirm" });
    a.send({ type: "extension_ui_response", id: dialog?.id, confirmed: true });

    const done = await watch.waitFor((f) => sessionsOf(f)[0]?.status?.outcome === "done");
    const status = sessionsOf(done)[0]?.status;
    expect(status?.dialog).toBeUndefined();
    expect(status?.lastLine).toBe("Branch checked.");
    expect(status?.tokens?.output).toBeGreaterThanOrEqual(34);
    expect(status?.tokens?.input).toBeGreaterThanOrEqual(1200);
    expect(status?.outcomeAt).toEqual(expect.any(Number));

    process.kill(readyLive(a).pid, "SIGKILL");
    const dead = await watch.waitFor((f) => f.type === "fleet" && (sessionsOf(f)[0]?.state as string) === "dead");
    expect(sessionsOf(dead)).toHaveLength(1);
    expect(sessionsOf(dead)[0]).toMatchObject({
      id: readyLive(a).id,
      state: "dead",
      dead: { at: expect.any(Number), reason: "worker died" },
      last: { pid: readyLive(a).pid, cwd: box.home.cwd },
    });
    expect(sessionsOf(dead)[0]).not.toHaveProperty("pid");
    watch.closeStdin();
    expect(await watch.waitExit()).toBe(0);
  });

  it("refuses --watch without --json, as an agent-rpc without it refuses the flag", async () => {
    box = await createLiveSandbox([]);
    const r = await box.run(["sessions", "--watch"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--watch needs --json");
  });
});
