#!/usr/bin/env node
// Benchmark (not a test): a long working day. Writes a 10,000-message session file (prompts,
// answers with code, bash/read calls with their output; ~200,000 transcript lines) that pi
// 0.73.1 and agent-tui both open, and measures under a pty, median of the runs, each figure
// beside its target with the machine's load:
//   1. `-c` to a full first screen (footer + last answer), agent-tui and pi in the same run;
//   2. keystroke -> echo p95 with that transcript loaded vs with an empty session;
//   3. peak RSS of the agent-tui process after resuming and streaming another 2,000 lines
//      (beside the same stream on an empty session: what the loaded history costs);
//   4. the transcript view (Ctrl+O) on it: opening, and each scroll key (j, PgDn, G, g, n).
// Usage: npm run build && node bench/long-day.mjs [--messages 10000] [--runs 3] [--cols 100]
//   [--rows 30] [--only resume,typing,memory,view] [--no-pi]
//   (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles agent-tui)
import { join } from "node:path";
import { LAST_MARK, writeLongSession } from "./lib/long-session.mjs";
import { cpuSeconds, descendants, machineLine, median, peakRssMb, percentile } from "./lib/process-stats.mjs";
import { makeMarkdown, makeSandbox, settle, startTui, streamStep } from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const MESSAGES = Number(arg("messages", 10_000));
const RUNS = Number(arg("runs", 3));
const COLS = Number(arg("cols", 100));
const ROWS = Number(arg("rows", 30));
const ONLY = new Set(arg("only", "resume,typing,memory,view").split(","));
const WITH_PI = !process.argv.includes("--no-pi");
const STREAM_LINES = 2000;
const KEYS_TYPED = 40;
const OURS = "agent-tui";
const PI = "pi 0.73.1";
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const opts = (name, args) => ({ cols: COLS, rows: ROWS, args, nodeArgs: name === OURS ? NODE_ARGS : [] });
const fullFirstScreen = (tui) => () => tui.ready() && tui.screen().some((r) => r.includes(LAST_MARK));

/** Starts `name` on the long session (`-c`) and waits for its full first screen; ms from spawn. */
async function resumed(name, box) {
  // Every run opens the same history: the memory runs append an answer to it.
  session.restore();
  const tui = startTui(name, box, opts(name, ["-c"]));
  await tui.waitFor(fullFirstScreen(tui), 300_000);
  const firstScreen = performance.now() - tui.startedAt;
  // CPU since spawn of the TUI and every process under it (agent-tui's worker; pi has none).
  const cpu =
    [tui.child.pid, ...descendants(tui.child.pid)].reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0) * 1000;
  return { tui, firstScreen, cpu };
}

async function withTui(start, body) {
  const { tui, ...rest } = await start();
  try {
    return await body(tui, rest);
  } finally {
    await tui.kill();
  }
}

/** Echo delays of `n` keys typed one at a time, each after the last one showed (and a short pause). */
async function typeKeys(tui, n) {
  const delays = [];
  const cpu0 = cpuSeconds(tui.child.pid);
  let typed = "";
  for (let i = 0; i < n; i += 1) {
    const ch = String.fromCharCode(97 + (i % 26));
    typed += ch;
    const t0 = performance.now();
    tui.child.write(ch);
    await tui.waitFor(() => (tui.editor() ?? "").includes(typed), 10_000);
    delays.push(performance.now() - t0);
    await sleep(30);
  }
  delays.cpuPerKey = ((cpuSeconds(tui.child.pid) - cpu0) * 1000) / n;
  return delays;
}

/** Sends `text` as a prompt and waits for the streamed answer's end mark and the run's end. */
async function streamAnswer(tui, text) {
  tui.child.write(text);
  await tui.waitFor(() => tui.editor() === text, 15_000);
  tui.child.write("\r");
  await tui.waitFor(() => tui.screen().some((l) => l.includes("Working")), 30_000);
  await tui.waitFor(() => {
    const rows = tui.screen();
    return rows.some((l) => l.includes("BENCH-END")) && !rows.some((l) => l.includes("Working"));
  }, 600_000);
}

/** Time until the screen differs from what it was before `key` was written. */
async function press(tui, key) {
  const before = tui.screen().join("\n");
  const t0 = performance.now();
  tui.child.write(key);
  await tui.waitFor(() => tui.screen().join("\n") !== before, 10_000);
  return performance.now() - t0;
}

const VIEW_KEYS = [
  ["g", "g"],
  ["j", "j"],
  ["PgDn", "\u001b[6~"],
  ["G", "G"],
];

/**
 * Opens the transcript view and times each scroll key; returns { open, openCpu, search, keys:
 * { label: [ms] }, cpu: { label: ms per key } } (CPU of the TUI process, whatever the load).
 */
async function viewRun(tui) {
  const pid = tui.child.pid;
  const t0 = performance.now();
  const c0 = cpuSeconds(pid);
  tui.child.write("\u000f");
  await tui.waitFor(() => tui.screen().some((r) => /q back · /.test(r)), 30_000);
  const open = performance.now() - t0;
  const openCpu = (cpuSeconds(pid) - c0) * 1000;
  await sleep(200);
  const keys = { g: [], j: [], PgDn: [], G: [], "search n": [] };
  const cpu = { g: 0, j: 0, PgDn: 0, G: 0, "search n": 0 };
  const timed = async (label, key) => {
    const c = cpuSeconds(pid);
    keys[label].push(await press(tui, key));
    cpu[label] += (cpuSeconds(pid) - c) * 1000;
    await sleep(30);
  };
  for (let round = 0; round < 3; round += 1) {
    for (const [label, key] of VIEW_KEYS) {
      const times = label === "j" || label === "PgDn" ? 8 : 1;
      for (let i = 0; i < times; i += 1) await timed(label, key);
    }
  }
  // A search over everything (once per query, no target), then its next matches.
  tui.child.write("/checked by test 7");
  await tui.waitFor(() => tui.screen().some((r) => r.includes("/checked by test 7")), 10_000);
  const search = await press(tui, "\r");
  for (let i = 0; i < 15; i += 1) await timed("search n", "n");
  for (const label of Object.keys(cpu)) cpu[label] /= keys[label].length;
  return { open, openCpu, search, keys, cpu };
}

// ---------------------------------------------------------------- the runs

const LOAD_BEFORE = machineLine();
const answer = makeMarkdown(STREAM_LINES);
const step = streamStep(answer, 1000);
const box = await makeSandbox(Array.from({ length: 2 * RUNS }, () => step));
const session = writeLongSession(join(box.root, "agent"), box.cwd, MESSAGES);
const results = {
  resume: { [OURS]: [], [PI]: [] },
  typing: { loaded: [], empty: [] },
  memory: { loaded: [], empty: [] },
  view: [],
};
try {
  for (let run = 0; run < RUNS; run += 1) {
    if (ONLY.has("resume")) {
      for (const name of WITH_PI ? [PI, OURS] : [OURS]) {
        results.resume[name].push(
          await withTui(
            () => resumed(name, box),
            async (_tui, r) => r,
          ),
        );
      }
    }
    if (ONLY.has("typing")) {
      const loaded = await withTui(
        () => resumed(OURS, box),
        async (tui) => (await settle(), typeKeys(tui, KEYS_TYPED)),
      );
      const empty = await withTui(
        async () => {
          const tui = startTui(OURS, box, opts(OURS, ["--no-session"]));
          await tui.waitFor(tui.ready, 30_000);
          return { tui };
        },
        async (tui) => (await settle(), typeKeys(tui, KEYS_TYPED)),
      );
      results.typing.loaded.push({ p95: percentile(loaded, 95), cpu: loaded.cpuPerKey });
      results.typing.empty.push({ p95: percentile(empty, 95), cpu: empty.cpuPerKey });
    }
    if (ONLY.has("memory")) {
      for (const kind of ["loaded", "empty"]) {
        const start = async () => {
          if (kind === "loaded") return resumed(OURS, box);
          const tui = startTui(OURS, box, opts(OURS, ["--no-session"]));
          await tui.waitFor(tui.ready, 30_000);
          return { tui };
        };
        results.memory[kind].push(
          await withTui(
            start,
            async (tui) => (await settle(), await streamAnswer(tui, "BENCH go"), peakRssMb(tui.child.pid)),
          ),
        );
      }
    }
    if (ONLY.has("view"))
      results.view.push(
        await withTui(
          () => resumed(OURS, box),
          async (tui) => (await settle(), viewRun(tui)),
        ),
      );
  }
} finally {
  await box.dispose();
}

// ---------------------------------------------------------------- the report

const num = (x, digits = 0) => (Number.isNaN(x) ? "n/a" : x.toFixed(digits));
const mark = (ok) => (ok ? "ok  " : "MISS");
const line = (label, value, ok, target) =>
  console.log(`  ${label.padEnd(52)} ${value.padStart(12)}  ${ok === undefined ? "    " : mark(ok)} ${target}`);
console.log(
  `long-day: ${session.messages.toLocaleString("en-US")}-message session, ${session.transcriptLines.toLocaleString("en-US")} transcript lines, ${(session.bytes / 1e6).toFixed(1)} MB file, ${COLS}x${ROWS}, median of ${RUNS} runs`,
);
console.log(`  before: ${LOAD_BEFORE}`);
console.log(`  after:  ${machineLine()}`);
if (ONLY.has("resume")) {
  const ours = median(results.resume[OURS].map((r) => r.firstScreen));
  const pi = median(results.resume[PI].map((r) => r.firstScreen));
  const cpu = (name) => num(median(results.resume[name].map((r) => r.cpu)));
  line(
    "-c to a full first screen, agent-tui (ms)",
    num(ours),
    ours <= 1000,
    `<= 1000 ms   (CPU by then, TUI + worker: ${cpu(OURS)} ms)`,
  );
  if (WITH_PI) {
    line("-c to a full first screen, pi 0.73.1 (ms)", num(pi), undefined, `(CPU by then: ${cpu(PI)} ms)`);
    line("  agent-tui / pi", num(ours / pi, 2), ours <= 0.5 * pi, "<= 0.5");
  }
}
if (ONLY.has("typing")) {
  const loaded = median(results.typing.loaded.map((r) => r.p95));
  const empty = median(results.typing.empty.map((r) => r.p95));
  const cpu = (kind) => num(median(results.typing[kind].map((r) => r.cpu)), 1);
  line(
    `keystroke -> echo p95, ${KEYS_TYPED} keys, transcript loaded (ms)`,
    num(loaded, 1),
    undefined,
    `(TUI CPU ${cpu("loaded")} ms a key)`,
  );
  line(
    `keystroke -> echo p95, ${KEYS_TYPED} keys, empty session (ms)`,
    num(empty, 1),
    undefined,
    `(TUI CPU ${cpu("empty")} ms a key)`,
  );
  line("  loaded / empty", num(loaded / empty, 2), loaded <= 1.1 * empty, "<= 1.10");
}
if (ONLY.has("memory")) {
  const loaded = median(results.memory.loaded);
  const empty = median(results.memory.empty);
  line(`peak RSS, resumed + ${STREAM_LINES}-line answer streamed (MB)`, num(loaded), loaded <= 150, "<= 150 MB");
  line(
    `peak RSS, empty session + the same answer (MB)`,
    num(empty),
    undefined,
    "(what the history adds: the difference)",
  );
}
if (ONLY.has("view")) {
  const open = median(results.view.map((r) => r.open));
  const openCpu = median(results.view.map((r) => r.openCpu));
  line(
    "transcript view: Ctrl+O to its first frame (ms)",
    num(open),
    open <= 1000,
    `<= 1000 ms   (TUI CPU ${num(openCpu)} ms)`,
  );
  for (const key of ["j", "PgDn", "G", "g", "search n"]) {
    const worst = median(results.view.map((r) => Math.max(...r.keys[key])));
    const p95 = median(results.view.map((r) => percentile(r.keys[key], 95)));
    const cpu = median(results.view.map((r) => r.cpu[key]));
    line(
      `  key ${key}: slowest of ${results.view[0].keys[key].length} (ms)`,
      num(worst, 1),
      worst <= 50,
      `<= 50 ms   (p95 ${num(p95, 1)} ms; TUI CPU ${num(cpu, 1)} ms a key)`,
    );
  }
  line(
    "  search over everything, Enter (ms)",
    num(median(results.view.map((r) => r.search))),
    undefined,
    "(no target: once per query)",
  );
}
process.exit(0);
