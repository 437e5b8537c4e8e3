// This machine's fleet without a watcher process: with this package's own agent-rpc, the fleet
// source follows the registry in its own process (dist/agent-bundle/local-registry-watch.js, so
// `npm run build` first, as for the e2e tests) and lists the very rows `agent-rpc sessions --json
// --watch` prints for the same registry, then follows a change, and no `--watch` child runs.
// A module that does not load is said, with why, and the command lists the sessions instead.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createFleetSource,
  decodeFleetLine,
  resolveBundledWorkerCommand,
  type FleetRow,
  type FleetSource,
} from "../../../src/bridge/index.js";
import type { HostWatch } from "../../../src/bridge/fleet/host-watch.js";
import { startLocalWatch } from "../../../src/bridge/fleet/local-watch.js";
import { until } from "./fleet-wait.js";

let home: string;
let live: string;
const servers: Server[] = [];
let source: FleetSource | undefined;
let watch: HostWatch | undefined;

/** A registry entry of a worker that looks alive: this process's pid and a socket that listens. */
async function entry(id: string, state: string, extra: Record<string, unknown> = {}): Promise<void> {
  const socket = join(live, `${id}.sock`);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  servers.push(server);
  writeEntry({ id, pid: process.pid, cwd: `/src/${id}`, socket, state, since: 1000, startedAt: 500, ...extra });
}

function writeEntry(e: Record<string, unknown>): void {
  const path = join(live, `${e["id"]}.json`);
  writeFileSync(`${path}.tmp`, JSON.stringify({ attached: false, attachedChanged: 0, ...e }), { mode: 0o600 });
  writeFileSync(path, readFileSync(`${path}.tmp`));
  rmSync(`${path}.tmp`);
}

/** The rows of the first line `agent-rpc sessions --json --watch` prints for this registry. */
async function rowsOfTheCommand(): Promise<FleetRow[]> {
  const [node, script] = resolveBundledWorkerCommand() as [string, string];
  const child = spawn(node, [script, "sessions", "--json", "--watch"], {
    env: { ...process.env, AGENT_TUI_HOME: home },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  const [first] = (await new Promise<string[]>((resolve) => lines.once("line", (l) => resolve([l])))) as [string];
  child.stdin.end();
  await new Promise((resolve) => child.once("exit", resolve));
  const line = decodeFleetLine("", JSON.parse(first));
  if (!line) throw new Error(`not a fleet line: ${first}`);
  return line.rows;
}

/** Processes whose parent is this one and whose command line has `--watch`. */
function watcherChildren(): number[] {
  return readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === process.pid && readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").includes("--watch");
      } catch (error) {
        void error; // gone meanwhile
        return false;
      }
    })
    .map(Number);
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "fleet-local-"));
  live = join(home, "live");
  mkdirSync(live, { mode: 0o700 });
  vi.stubEnv("AGENT_TUI_HOME", home);
  return () => {
    vi.unstubAllEnvs();
    for (const s of servers) s.close();
    rmSync(home, { recursive: true, force: true });
  };
});

afterEach(() => {
  source?.stop();
  source = undefined;
  watch?.stop();
  watch = undefined;
});

/** Follows this machine through `module`: the first rows listed, and the warnings said until then. */
async function followThrough(module: string): Promise<{ rows: FleetRow[]; warnings: string[] }> {
  const warnings: string[] = [];
  const rows = await new Promise<FleetRow[]>((resolve) => {
    watch = startLocalWatch(
      {
        name: "",
        reach: resolveBundledWorkerCommand(),
        onLine: (line) => resolve(line.rows),
        onState: () => undefined,
      },
      module,
      { onWarning: (text) => warnings.push(text) },
    );
  });
  return { rows, warnings };
}

describe("this machine's fleet in the TUI's process", () => {
  it("lists the rows the watch command prints for the same registry, follows a change, and starts no watcher", async () => {
    await entry("aaaa-1111", "working", {
      title: "fix the parser",
      since: 3000,
      status: { tool: { name: "bash", summary: "npm test" }, tokens: { input: 1200, output: 300 }, cost: 0.25 },
    });
    await entry("bbbb-2222", "idle", { sessionName: "docs", status: { outcome: "done", outcomeAt: 2500 } });
    await entry("cccc-3333", "idle", { clients: 2 });
    const fromCommand = await rowsOfTheCommand();
    expect(fromCommand.map((r) => r.id)).toEqual(["aaaa-1111", "bbbb-2222", "cccc-3333"]);

    source = createFleetSource({ local: resolveBundledWorkerCommand(), hosts: [], coalesceMs: 10 });
    const snap = await until(source, (s) => s.rows.length === 3);
    expect(snap.rows).toEqual(fromCommand);
    expect(snap.hosts.map((h) => [h.name, h.state])).toEqual([["", "live"]]);
    expect(watcherChildren()).toEqual([]);

    writeEntry({
      id: "cccc-3333",
      pid: process.pid,
      cwd: "/src/cccc-3333",
      socket: join(live, "cccc-3333.sock"),
      state: "waiting",
      since: 4000,
      startedAt: 500,
      status: { dialog: { id: "d1", method: "confirm", title: "Delete build/?" } },
    });
    const waiting = await until(source, (s) => s.rows.some((r) => r.state === "needs_input"));
    expect(waiting.rows.find((r) => r.id === "cccc-3333")?.dialog?.title).toBe("Delete build/?");
    expect(waiting.rows).toEqual(await rowsOfTheCommand());
    expect(watcherChildren()).toEqual([]);
  });
});

describe("a watch module that does not load", () => {
  it("is said with its error, and the watch command lists the sessions instead", async () => {
    await entry("dddd-4444", "idle");
    const module = join(home, "broken-watch.js");
    writeFileSync(module, 'throw new Error("half of an install");\n');
    const { rows, warnings } = await followThrough(module);
    expect(rows.map((r) => r.id)).toContain("dddd-4444");
    expect(watcherChildren()).not.toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("second process (agent-rpc sessions --watch)");
    expect(warnings[0]).toContain(`${module} did not load: half of an install`);
  });

  it("is said when it loads but offers no watch (another build's)", async () => {
    await entry("eeee-5555", "idle");
    const module = join(home, "other-watch.mjs");
    writeFileSync(module, "export const somethingElse = 1;\n");
    const { rows, warnings } = await followThrough(module);
    expect(rows.map((r) => r.id)).toContain("eeee-5555");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${module} offers no watchLocalRegistry`);
  });
});
