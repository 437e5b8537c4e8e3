// The fleet source against fake transports: a stand-in for ssh (test/fixtures/ssh-standin.mjs)
// running a fake `agent-rpc sessions --json --watch` (fake-fleet-rpc.mjs) found on PATH. Rows
// are decoded once with their host; a cut connection comes back; an unreachable host, an
// agent-rpc without --watch (refusing the flag, or ignoring it and answering its old list) and a
// silent host are each one clear row, and the others go on.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createFleetSource, type FleetRow, type FleetSnapshot, type FleetSource } from "../../../src/bridge/index.js";
import { until } from "./fleet-wait.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const STANDIN = join(ROOT, "test", "fixtures", "ssh-standin.mjs");
const FAKE = join(ROOT, "test", "fixtures", "fake-fleet-rpc.mjs");
const NODE = process.execPath;

let dir: string;
let source: FleetSource | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "fleet-source-"));
  // `agent-rpc` on PATH is the fake watcher, as on a host where agent-rpc is installed.
  const bin = join(dir, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "agent-rpc"), `#!/bin/sh\nexec ${JSON.stringify(NODE)} ${JSON.stringify(FAKE)} "$@"\n`);
  chmodSync(join(bin, "agent-rpc"), 0o755);
  // Set for this file only: the next file in this worker (vitest.config.ts) gets them back.
  vi.stubEnv("PATH", `${bin}:${process.env["PATH"] ?? ""}`);
  vi.stubEnv("SSH_STANDIN_DELAY_MS", "0");
  return () => {
    vi.unstubAllEnvs();
    rmSync(dir, { recursive: true, force: true });
  };
});

afterEach(() => {
  source?.stop();
  source = undefined;
});

const entry = (id: string, state: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  pid: 4242,
  cwd: `/src/${id}`,
  socket: `/tmp/${id}.sock`,
  state,
  since: 1000,
  startedAt: 500,
  attached: false,
  title: `task ${id}`,
  ...extra,
});

/** A file of sessions for one fake host, and the env that points its watcher at it. */
function hostFiles(name: string, sessions: unknown[]): { file: string; pidFile: string; env: string[] } {
  const file = join(dir, `${name}.json`);
  const pidFile = join(dir, `${name}.pid`);
  writeFileSync(file, JSON.stringify(sessions));
  return { file, pidFile, env: [`FAKE_FLEET_FILE=${file}`, `FAKE_FLEET_PID_FILE=${pidFile}`] };
}

/** Resolves once `file` exists and `ok` holds for its text (checked as the file changes). */
async function waitForFile(file: string, ok: (text: string) => boolean): Promise<void> {
  const read = (): string => (existsSync(file) ? readFileSync(file, "utf8") : "");
  while (!ok(read())) {
    await new Promise<void>((resolve) => {
      const w = watch(dir, () => {
        w.close();
        resolve();
      });
      // Written between the read and the watch: look again.
      if (ok(read())) {
        w.close();
        resolve();
      }
    });
  }
}

/** The command that reaches a fake host: env settings, then the ssh stand-in. */
const viaStandin = (name: string, env: string[]): string[] => ["env", ...env, NODE, STANDIN, name];

describe("fleet source", () => {
  it("follows its hosts only from startAfterMs on, so a TUI's start-up comes first", async () => {
    const later = hostFiles("later", [entry("llll", "idle")]);
    const now = hostFiles("now", [entry("nnnn", "idle")]);
    const delayed = createFleetSource({
      local: undefined,
      hosts: [{ name: "later", command: viaStandin("later", later.env) }],
      startAfterMs: 1500,
    });
    source = createFleetSource({ local: undefined, hosts: [{ name: "now", command: viaStandin("now", now.env) }] });
    try {
      // Both were created in the same turn: the one that starts at once has its rows, the other
      // has not even started its watcher.
      await until(source, (snap) => snap.rows.some((r) => r.id === "nnnn"));
      expect(existsSync(later.pidFile)).toBe(false);
      expect(delayed.snapshot().rows).toEqual([]);
      const snap = await until(delayed, (s) => s.rows.some((r) => r.id === "llll"));
      expect(snap.rows.map((r) => r.host)).toEqual(["later"]);
    } finally {
      delayed.stop();
    }
  });

  it("lists local and remote sessions as typed rows, a dialog and the running tool decoded", async () => {
    const local = hostFiles("local", [
      entry("aaaa", "working", { status: { tool: { name: "bash", summary: "npm test" }, activityAt: 1 } }),
    ]);
    const remote = hostFiles("devbox", [
      entry("bbbb", "waiting", {
        clients: 2,
        status: {
          dialog: { id: "d1", method: "confirm", title: "Run rm -rf build?", message: "in /src/bbbb" },
          tokens: { input: 1200, output: 300 },
          cost: 0.25,
          branch: "feature",
          activityAt: 2,
        },
      }),
      entry("cccc", "idle", { status: { outcome: "failed", outcomeAt: 3000, lastLine: "error: boom", activityAt: 3 } }),
      { id: "no-pid" },
    ]);
    source = createFleetSource({
      local: ["env", ...local.env, "agent-rpc"],
      hosts: [{ name: "devbox", command: viaStandin("devbox", remote.env) }],
      coalesceMs: 10,
    });
    const snap = await until(source, (s) => s.rows.length === 3);
    const byId = new Map(snap.rows.map((r) => [r.id, r]));
    expect(byId.get("aaaa")).toMatchObject({ host: "", state: "working", activity: "bash npm test", cwd: "/src/aaaa" });
    expect(byId.get("bbbb")).toMatchObject({
      host: "devbox",
      state: "needs_input",
      branch: "feature",
      dialog: { id: "d1", method: "confirm", title: "Run rm -rf build?", message: "in /src/bbbb" },
      tokens: { input: 1200, output: 300 },
      cost: 0.25,
      attached: true,
      clients: 2,
    });
    expect(byId.get("cccc")).toMatchObject({ host: "devbox", state: "failed", since: 3000, activity: "error: boom" });
    expect(snap.hosts.map((h) => [h.name, h.state, h.version])).toEqual([
      ["", "live", "9.9.9"],
      ["devbox", "live", "9.9.9"],
    ]);
  });

  it("sends no snapshot for a heartbeat that brings the same rows, and keeps an unchanged row the same object", async () => {
    const remote = hostFiles("beating", [entry("eeee", "working"), entry("ffff", "idle")]);
    const beats = join(dir, "beating.beats");
    const env = [...remote.env, `FAKE_FLEET_BEATS_FILE=${beats}`, "FAKE_FLEET_HEARTBEAT_MS=20"];
    source = createFleetSource({
      local: undefined,
      hosts: [{ name: "beating", command: viaStandin("beating", env) }],
      coalesceMs: 5,
    });
    const first = await until(source, (s) => s.rows.length === 2);
    const seen: FleetSnapshot[] = [];
    source.subscribe((snap) => seen.push(snap));
    // Three heartbeats of the same list, each a line the source read and decoded.
    await waitForFile(beats, (text) => text.split("\n").length > 3);
    writeFileSync(remote.file, JSON.stringify([entry("eeee", "waiting"), entry("ffff", "idle")]));
    const changed = await until(source, (s) => s.rows.some((r) => r.state === "needs_input"));
    expect(seen).toEqual([changed]);
    const row = (snap: FleetSnapshot, id: string): FleetRow | undefined => snap.rows.find((r) => r.id === id);
    expect(row(changed, "ffff")).toBe(row(first, "ffff"));
    expect(row(changed, "eeee")).not.toBe(row(first, "eeee"));
  });

  it("follows changes, shows a cut host as unreachable and lists it again when it comes back", async () => {
    const remote = hostFiles("cut", [entry("dddd", "working")]);
    source = createFleetSource({
      local: undefined,
      hosts: [{ name: "cut", command: viaStandin("cut", remote.env) }],
      coalesceMs: 10,
      backoffMs: [200],
    });
    await until(source, (s) => s.rows[0]?.state === "working");
    writeFileSync(remote.file, JSON.stringify([entry("dddd", "waiting")]));
    await until(source, (s) => s.rows[0]?.state === "needs_input");
    const firstPid = Number(readFileSync(remote.pidFile, "utf8"));
    process.kill(firstPid, "SIGKILL");
    const cut = await until(source, (s) => s.rows[0]?.state === "unreachable");
    expect(cut.rows).toHaveLength(1);
    expect(cut.rows[0]?.host).toBe("cut");
    const back = await until(source, (s) => s.rows[0]?.id === "dddd");
    expect(back.rows[0]?.state).toBe("needs_input");
    expect(Number(readFileSync(remote.pidFile, "utf8"))).not.toBe(firstPid);
  });

  it("makes an unreachable host, two kinds of old agent-rpc and a silent host one row each; the others go on", {
    timeout: 60_000,
  }, async () => {
    const ok = hostFiles("ok", [entry("eeee", "idle")]);
    const down = join(dir, "down-flag");
    writeFileSync(down, "");
    source = createFleetSource({
      local: undefined,
      hosts: [
        // A heartbeat well inside the silence limit: alive though nothing changes.
        { name: "ok", command: viaStandin("ok", [...ok.env, "FAKE_FLEET_HEARTBEAT_MS=100"]) },
        { name: "down", command: viaStandin("down", [`SSH_STANDIN_DOWN_FILE=${down}`]) },
        { name: "old", command: viaStandin("old", ["FAKE_FLEET_MODE=old"]) },
        { name: "older", command: viaStandin("older", ["FAKE_FLEET_MODE=ignores"]) },
        { name: "mute", command: viaStandin("mute", ["FAKE_FLEET_MODE=mute"]) },
      ],
      coalesceMs: 10,
      silentMs: 8000,
      // A loaded machine may start the "ok" host slower than the silence limit: it comes back.
      backoffMs: [200],
    });
    const settled = (snap: FleetSnapshot): boolean =>
      snap.rows.length === 5 &&
      snap.rows.filter((r) => r.state === "unreachable").length === 4 &&
      snap.rows.some((r) => r.host === "ok" && r.state === "idle");
    const snap = await until(source, settled);
    const byHost = new Map(snap.rows.map((r) => [r.host, r]));
    expect(byHost.get("ok")).toMatchObject({ state: "idle", problem: undefined, id: "eeee" });
    expect(byHost.get("down")).toMatchObject({ state: "unreachable" });
    expect(byHost.get("down")?.problem).toContain("Connection refused");
    expect(byHost.get("old")?.problem).toContain("agent-rpc too old");
    // One that ignored --watch and answered its old list once: too old too, not a link that failed.
    expect(byHost.get("older")?.problem).toContain("agent-rpc too old");
    expect(byHost.get("mute")?.problem).toContain("silent");
  });
});
