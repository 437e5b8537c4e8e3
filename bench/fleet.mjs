#!/usr/bin/env node
// Benchmark (not a test): the fleet view with twenty live sessions. Twenty detached agent-rpc
// workers on the scripted model (`agent-rpc serve`, as terminals that detached leave them), four
// of them streaming continuously (a line every 25 ms each), and `agent-tui fleet` open under a
// pty at 120x40 (then the same list as /fleet inside the full-screen TUI). Prints, each beside
// its target:
//   - the view's update rate while four stream: how often the rows of the streaming sessions
//     change on the terminal's screen (their last line), per second;
//   - the CPU of the TUI process (% of one core), idle (twenty sessions, none streaming) and
//     while four stream, and of its `agent-rpc sessions --json --watch` child (the one every
//     live TUI runs for the attention signals);
//   - the time from Enter on a streaming session in /fleet until its conversation is drawn;
//   - one streaming worker's CPU detached, then with `agent-tui attach ID` drawing it.
//   - the peak RSS of the TUI process and of that watcher child, when there is one.
// Each figure is printed as soon as it is measured, with the load average at that moment: on a
// shared machine the absolute figures move with it.
// BENCH_BASE_ROOT=<checkout with dist built> and --base: the same bench on that build of
// agent-tui (e.g. main), to compare two builds in the same conditions.
// Usage: npm run build && node bench/fleet.mjs [--sessions 20] [--streaming 4] [--seconds 10] [--base]
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { converse as converseWith } from "./lib/agent-rpc-converse.mjs";
import { cpuSeconds, descendants, machineLine, peakRssMb } from "./lib/process-stats.mjs";
import { endBench, makeSandbox, ROOT, startTui, TARGETS } from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SESSIONS = arg("sessions", 20);
const STREAMING = arg("streaming", 4);
const SECONDS = arg("seconds", 10);
const AGENT_RPC = join(ROOT, "bin", "agent-rpc.js");
const TARGET = process.argv.includes("--base") ? "agent-tui base" : "agent-tui";
if (!TARGETS[TARGET]) throw new Error("--base needs BENCH_BASE_ROOT=<a checkout with dist built>");
/** BENCH_FLEET_PROFILE=<dir>: each TUI writes a CPU profile there (--cpu-prof) when it ends. */
const nodeArgs = process.env.BENCH_FLEET_PROFILE
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_FLEET_PROFILE}`]
  : [];
const LINE_MS = 25;
/** Long enough to stream through every phase below. */
const STREAM_LINES = Math.ceil(((SECONDS * 4 + 60) * 1000) / LINE_MS);

const streamStep = (n) => ({
  kind: "text",
  matchLastUser: `STREAM-${n}`,
  chunks: Array.from({ length: STREAM_LINES }, (_, i) => `stream ${n} line ${i}\n`),
  delayMs: LINE_MS,
});

/** Runs this checkout's `agent-rpc args` in the sandbox (lib/agent-rpc-converse.mjs). */
const converse = (args, box, { detached = false } = {}, onLine) =>
  converseWith(AGENT_RPC, args, { cwd: box.cwd, env: box.env, detached }, onLine);

const serve = (box) =>
  converse(["serve"], box, { detached: true }, (f) =>
    f.type === "live_listening" ? { id: f.id, pid: f.pid } : undefined,
  );

const prompt = (box, id, text) =>
  converse(["attach", id], box, {}, (f, write) => {
    if (f.type === "ready") write({ type: "prompt", id: "bench", message: text });
    return f.type === "response" && f.id === "bench" ? true : undefined;
  });

/** Ends a TUI; a profiled one first gets SIGTERM, so it exits itself and writes its profile. */
async function end(tui) {
  if (nodeArgs.length > 0 && !tui.exited) {
    tui.child.kill("SIGTERM");
    await tui.waitFor(() => tui.exited, 10_000).catch(() => undefined);
  }
  await tui.kill();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** CPU % of one core that `pids` use over `seconds`. */
async function cpuOver(pids, seconds) {
  const before = pids.map(cpuSeconds);
  await sleep(seconds * 1000);
  return pids.map((pid, i) => ((cpuSeconds(pid) - before[i]) / seconds) * 100);
}

/** The `agent-rpc sessions --json --watch` under `pid`. */
function watcherOf(pid) {
  const args = (p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0");
    } catch {
      return [];
    }
  };
  return descendants(pid).find((p) => args(p).includes("--watch"));
}

/** Over SECONDS: how often the streaming rows changed on screen (per s), and the CPU of the TUI and `others`. */
async function measureView(tui, others) {
  const streamingRows = () =>
    tui
      .screen()
      .filter((r) => /stream \d+ line \d+/.test(r))
      .join("\n");
  await tui.waitFor(() => (streamingRows().match(/stream \d+ line/g) ?? []).length >= STREAMING, 30_000);
  await sleep(1000);
  let changes = 0;
  let last = streamingRows();
  const onWrite = () => {
    const now = streamingRows();
    if (now !== last) changes += 1;
    last = now;
  };
  // Checked after every write the terminal parsed: each redraw of those rows counts once.
  const sub = tui.child.onData(() => tui.term.write("", onWrite));
  const t0 = performance.now();
  const [cpu, ...rest] = await cpuOver([tui.child.pid, ...others], SECONDS);
  const rate = changes / ((performance.now() - t0) / 1000);
  sub.dispose();
  return { rate, cpu, others: rest };
}

const box = await makeSandbox(Array.from({ length: STREAMING }, (_, i) => streamStep(i + 1)));
const workers = [];
const tuis = [];
const pct = (x) => `${x.toFixed(1)}%`.padStart(7);
const mb = (x) => (Number.isNaN(x) ? "n/a" : `${x.toFixed(0)} MB`);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
/** One figure, printed as soon as it is measured, with the 1/5/15-min load average of that moment. */
const line = (label, value, target, ok) =>
  console.log(
    `  ${label.padEnd(58)} ${value.padStart(9)}  ${(target === "" ? "" : `${ok ? "ok  " : "MISS"} ${target}`).padEnd(12)} load ${load()}`,
  );
try {
  console.log(
    `fleet (${TARGET}): ${SESSIONS} live sessions (agent-rpc serve, scripted model), ${STREAMING} streaming a line every ${LINE_MS} ms each; agent-tui fleet under a pty at 120x40; ${SECONDS} s per window`,
  );
  console.log(`  before: ${machineLine()}`);
  for (let i = 0; i < SESSIONS; i += 4)
    workers.push(...(await Promise.all(Array.from({ length: Math.min(4, SESSIONS - i) }, () => serve(box)))));
  console.log(`  ${"figure".padEnd(58)} ${"value".padStart(9)}  target`);

  const fleet = startTui(TARGET, box, { cols: 120, rows: 40, args: ["fleet"], nodeArgs });
  tuis.push(fleet);
  await fleet.waitFor(() => fleet.screen().some((r) => r.includes(`Fleet · ${SESSIONS} sessions`)), 60_000);
  await sleep(3000);
  const watcher = watcherOf(fleet.child.pid);
  const [tuiIdle, watchIdle] = await cpuOver([fleet.child.pid, watcher ?? -1], SECONDS);
  line(`TUI process CPU, ${SESSIONS} idle sessions (% of a core)`, pct(tuiIdle), "<= 5%", tuiIdle <= 5);
  line("its sessions --json --watch child, idle (% of a core)", watcher ? pct(watchIdle) : "n/a", "", true);

  for (let n = 1; n <= STREAMING; n++) await prompt(box, workers[n - 1].id, `STREAM-${n} go`);
  const busy = await measureView(fleet, [watcher ?? -1]);
  const watchBusy = busy.others[0] ?? Number.NaN;
  line(`view updates/s of the streaming rows, ${STREAMING} streaming`, busy.rate.toFixed(1), ">= 2", busy.rate >= 2);
  line(`TUI process CPU, ${STREAMING} of ${SESSIONS} streaming (% of a core)`, pct(busy.cpu), "<= 5%", busy.cpu <= 5);
  line(
    `its sessions --json --watch child, ${STREAMING} streaming (% of a core)`,
    watcher ? pct(watchBusy) : "n/a",
    "",
    true,
  );
  line("agent-tui fleet: peak RSS of the TUI process", mb(peakRssMb(fleet.child.pid)), "", true);
  line("agent-tui fleet: peak RSS of its watcher child", watcher ? mb(peakRssMb(watcher)) : "none", "", true);
  await end(fleet);
  tuis.length = 0;

  // The same list as /fleet (Ctrl+X) inside the full-screen TUI, which has a session of its own.
  const inside = startTui(TARGET, box, { cols: 120, rows: 40, nodeArgs });
  tuis.push(inside);
  await inside.waitFor(inside.ready, 60_000);
  inside.child.write("\u0018");
  await inside.waitFor(() => inside.screen().some((r) => r.includes(`Fleet · ${SESSIONS + 1} sessions`)), 30_000);
  const insideWatcher = watcherOf(inside.child.pid);
  const overlay = await measureView(inside, []);
  line("/fleet inside the TUI: updates/s of the streaming rows", overlay.rate.toFixed(1), ">= 2", overlay.rate >= 2);
  line("/fleet inside the TUI: TUI process CPU (% of a core)", pct(overlay.cpu), "<= 5%", overlay.cpu <= 5);
  line("/fleet inside the TUI: peak RSS of the TUI process", mb(peakRssMb(inside.child.pid)), "", true);
  const insideRss = insideWatcher ? mb(peakRssMb(insideWatcher)) : "none";
  line("/fleet inside the TUI: peak RSS of its watcher child", insideRss, "", true);
  // A switch from the list: Enter on a streaming session (filtered to it), until the list is gone
  // and that session's conversation is drawn (its rows in the list show its last line too). Each
  // key waits for what it does: keys written at once may reach the TUI in one read, and "/" with
  // the filter's text in one chunk is not a filter.
  const status = () => inside.screen().findLast((r) => r.trim() !== "") ?? "";
  inside.child.write("/");
  await inside.waitFor(() => status().startsWith("/"), 10_000);
  inside.child.write("STREAM-2");
  await inside.waitFor(() => status().startsWith("/STREAM-2"), 10_000);
  inside.child.write("\r");
  // The filter applied (its status row) and the list down to that session, before the Enter.
  const filtered = () =>
    status().includes("filter: STREAM-2") && !inside.screen().some((r) => r.includes("STREAM-1 go"));
  await inside.waitFor(filtered, 10_000);
  const switchStart = performance.now();
  inside.child.write("\r");
  const conversation = () => !inside.screen().some((r) => r.includes("Fleet ·"));
  await inside.waitFor(() => conversation() && inside.screen().some((r) => /stream 2 line/.test(r)), 30_000);
  const switchMs = performance.now() - switchStart;
  line("/fleet, Enter on a streaming session: its rows drawn (ms)", switchMs.toFixed(0), "<= 300", switchMs <= 300);
  await end(inside);
  tuis.length = 0;
  // --no-attach: only the fleet figures (the attach phase takes another 20 s).
  if (!process.argv.includes("--no-attach")) {
    // One streaming worker: its CPU detached, then with a TUI attached drawing the stream.
    const w = workers[0];
    const [detached] = await cpuOver([w.pid], SECONDS);
    line("one streaming worker, detached (% of a core)", pct(detached), "", true);
    const viewer = startTui(TARGET, box, { cols: 120, rows: 40, args: ["attach", w.id] });
    tuis.push(viewer);
    await viewer.waitFor(() => viewer.screen().some((r) => /stream 1 line/.test(r)), 30_000);
    await sleep(1000);
    const [attached] = await cpuOver([w.pid], SECONDS);
    line("the same worker, attached to agent-tui (% of a core)", pct(attached), "", true);
    const ratio = detached / attached;
    line("detached / attached", ratio.toFixed(2), "<= 0.3", ratio <= 0.3);
  }
  console.log(`  after:  ${machineLine()}`);
} finally {
  await endBench(
    tuis,
    workers.map((w) => w.pid),
    box,
  );
}
process.exit(0);
