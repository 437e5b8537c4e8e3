#!/usr/bin/env node
// Benchmark (not a test): what a streaming live worker costs with nobody attached, against the
// same worker with `agent-tui attach ID` drawing it (the last figure of bench/fleet.mjs, alone).
// One `agent-rpc serve` worker per build on the scripted model streams a line every 25 ms; each
// worker's CPU seconds are read from /proc over a window detached, then over a window attached.
// With BENCH_BASE_ROOT=<checkout with dist built> a worker of that build runs beside this one's in
// the same windows, so the two see the same machine load. The load average is printed before and
// after: the absolute figures move with it; compare the two builds' CPU seconds, not wall time.
// --build NAME=DIR adds more builds the same way.
// --profile <dir>: preload bench/lib/cpu-profile-hook.cjs in the workers, stop them (SIGTERM,
// the profile is written) after the detached window and skip the attached one.
// Usage: npm run build && node bench/detached-worker.mjs [--seconds 10] [--profile /tmp/prof]
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { converse as converseWith } from "./lib/agent-rpc-converse.mjs";
import { cpuSeconds, machineLine, threadTimes } from "./lib/process-stats.mjs";
import { endBench, makeSandbox, ROOT, startTui, TARGETS } from "./lib/tui-under-pty.mjs";

const argAt = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(argAt("seconds") ?? 10);
const PROFILE_DIR = argAt("profile") === undefined ? undefined : resolve(argAt("profile"));
const LINE_MS = 25;
const STREAM_LINES = Math.ceil(((SECONDS * 2 + 60) * 1000) / LINE_MS);
const HOOK = join(ROOT, "bench", "lib", "cpu-profile-hook.cjs");

const builds = [{ name: "this build", root: ROOT, tui: "agent-tui" }];
if (process.env.BENCH_BASE_ROOT)
  builds.unshift({ name: "base", root: resolve(process.env.BENCH_BASE_ROOT), tui: "agent-tui base" });
// --build NAME=DIR (repeatable): one more build (a checkout with dist built) in the same windows.
for (const [i, a] of process.argv.entries()) {
  if (a !== "--build") continue;
  const [name, dir] = process.argv[i + 1].split("=");
  const root = resolve(dir);
  TARGETS[`agent-tui ${name}`] = {
    ...TARGETS["agent-tui"],
    argv: (extra) => [join(root, "bin", "agent-tui.js"), ...extra],
  };
  builds.push({ name, root, tui: `agent-tui ${name}` });
}

const streamStep = (n) => ({
  kind: "text",
  matchLastUser: `STREAM-${n}`,
  chunks: Array.from({ length: STREAM_LINES }, (_, i) => `stream ${n} line ${i}\n`),
  delayMs: LINE_MS,
});

/** Runs `node <root>/bin/agent-rpc.js args` in the sandbox (lib/agent-rpc-converse.mjs). */
const converse = (root, args, env, box, detached, onLine) =>
  converseWith(join(root, "bin", "agent-rpc.js"), args, { cwd: box.cwd, env, detached }, onLine);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** User and system CPU seconds of each thread of `pid` by thread name ("main": the JS thread). */
function timesByName(pid) {
  const out = new Map();
  for (const t of threadTimes(pid)) {
    const [u, s] = out.get(t.name) ?? [0, 0];
    out.set(t.name, [u + t.user, s + t.system]);
  }
  return out;
}

/** CPU seconds each pid uses over `seconds`, and its split by thread into user and system time. */
async function cpuOver(pids, seconds) {
  const before = pids.map(cpuSeconds);
  const threadsBefore = pids.map(timesByName);
  await sleep(seconds * 1000);
  return pids.map((pid, i) => {
    const split = [];
    for (const [name, [u, s]] of timesByName(pid)) {
      const [u0, s0] = threadsBefore[i].get(name) ?? [0, 0];
      if (u - u0 + s - s0 > 0) split.push(`${name} ${(u - u0).toFixed(2)}u+${(s - s0).toFixed(2)}s`);
    }
    return { cpu: cpuSeconds(pid) - before[i], split: split.join(", ") };
  });
}

/**
 * pi-ai's provider alone streaming the same answer (bench/lib/provider-floor.mjs): what every
 * worker spends on the stream whatever it does with it. Resolves with its pid once it streams.
 */
function startFloor(n) {
  const child = spawn(
    process.execPath,
    [join(ROOT, "bench", "lib", "provider-floor.mjs"), join(box.root, "agent", "models.json"), `STREAM-${n} go`],
    { cwd: box.cwd, env: box.env, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((res, rej) => {
    createInterface({ input: child.stdout }).once("line", () => res(child.pid));
    child.once("exit", (code) => rej(new Error(`provider floor exited ${code}`)));
  });
}

const box = await makeSandbox(Array.from({ length: builds.length + 1 }, (_, i) => streamStep(i + 1)));
const workerEnv = { ...box.env };
if (PROFILE_DIR) {
  mkdirSync(PROFILE_DIR, { recursive: true });
  Object.assign(workerEnv, { NODE_OPTIONS: `--require ${HOOK}`, BENCH_PROFILE_DIR: PROFILE_DIR });
}
const workers = [];
const tuis = [];
try {
  console.log(`detached worker: a line every ${LINE_MS} ms, ${SECONDS} s per window`);
  console.log(`  before: ${machineLine()}`);
  for (const b of builds) {
    const w = await converse(b.root, ["serve"], workerEnv, box, true, (f) =>
      f.type === "live_listening" ? { id: f.id, pid: f.pid } : undefined,
    );
    workers.push(w);
  }
  for (const [i, b] of builds.entries()) {
    await converse(b.root, ["attach", workers[i].id], box.env, box, false, (f, write) => {
      if (f.type === "ready") write({ type: "prompt", id: "bench", message: `STREAM-${i + 1} go` });
      return f.type === "response" && f.id === "bench" ? true : undefined;
    });
  }
  const floorPid = await startFloor(builds.length + 1);
  console.log(
    `  streaming: ${builds.map((b, i) => `${b.name} pid ${workers[i].pid}`).join(", ")}, provider alone pid ${floorPid}`,
  );
  await sleep(2000);
  const [floor, ...detached] = await cpuOver([floorPid, ...workers.map((w) => w.pid)], SECONDS);
  process.kill(floorPid, "SIGKILL");
  let attached;
  if (PROFILE_DIR) {
    for (const w of workers) process.kill(w.pid, "SIGTERM");
    await sleep(3000);
  } else {
    for (const [i, b] of builds.entries()) {
      const viewer = startTui(b.tui, box, { cols: 120, rows: 40, args: ["attach", workers[i].id] });
      tuis.push(viewer);
      const ms = await viewer.waitFor(() => viewer.screen().some((r) => /stream \d+ line/.test(r)), 60_000);
      console.log(`  ${b.name}: agent-tui attach drew the stream after ${ms.toFixed(0)} ms`);
    }
    await sleep(1000);
    attached = await cpuOver(
      workers.map((w) => w.pid),
      SECONDS,
    );
  }
  console.log(`  after:  ${machineLine()}`);
  const f = floor.cpu;
  console.log(
    `  pi-ai's provider alone, same stream: ${f.toFixed(2)} s CPU (${((f / SECONDS) * 100).toFixed(1)}% of a core)`,
  );
  console.log(`             by thread: ${floor.split}`);
  for (const [i, b] of builds.entries()) {
    const d = detached[i].cpu;
    const parts = [`detached ${d.toFixed(2)} s CPU (${((d / SECONDS) * 100).toFixed(1)}% of a core)`];
    if (attached) {
      const a = attached[i].cpu;
      parts.push(`attached ${a.toFixed(2)} s (${((a / SECONDS) * 100).toFixed(1)}%)`);
      parts.push(`detached/attached ${(d / a).toFixed(2)} (target <= 0.3)`);
    }
    console.log(`  ${b.name.padEnd(10)} ${parts.join(", ")}`);
    console.log(`             detached by thread: ${detached[i].split}`);
    if (attached) console.log(`             attached by thread: ${attached[i].split}`);
  }
  if (PROFILE_DIR) console.log(`  profiles in ${PROFILE_DIR}`);
} finally {
  await endBench(
    tuis,
    workers.map((w) => w.pid),
    box,
  );
}
process.exit(0);
