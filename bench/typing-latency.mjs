#!/usr/bin/env node
// Benchmark (not a test): keystroke -> echo delay in the editor of pi 0.73.1's own TUI and of
// agent-tui while an answer streams at ~1,000 tokens/s, first on the machine as it is, then
// while one busy process per core runs (started here, stopped at the end of each run: what the
// agent's own build or test run does to the machine). One key every ~100 ms; the delay is from
// writing the key to the pty until the bench's terminal shows it in the editor row. Prints p50,
// p95 and p99 (medians over the runs; all keys pooled in brackets) beside the targets and pi's,
// and, for each TUI, the share of the stream's wall time its main thread ran and waited for a CPU
// (/proc/PID/schedstat): a high wait share means the echo waited for the kernel's scheduler
// (each pty session, each worker and the bench with its busy loops are separate autogroups).
// Usage: npm run build && node bench/typing-latency.mjs [--lines 1000] [--tps 1000] [--runs 3]
//   [--gap 100] [--only agent-tui[,pi 0.73.1]] [--no-load | --load-only] [--load-as-tools] [--burst]   (--burst: render-stream's burst,
//   ~13,000 deltas in ~4 s of a 2,000-line answer, targets p95 <= 30 ms and p99 <= 50 ms;   (BENCH_NODE_ARGS="--cpu-prof" profiles
//   agent-tui; BENCH_BASE_ROOT=<checkout> adds that build as "agent-tui base", see lib/tui-under-pty.mjs)
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { splitEchoes } from "./lib/echo-split.mjs";
import { machineLine, median, percentile, schedMs, startBusyLoad } from "./lib/process-stats.mjs";
import {
  burstStep,
  makeMarkdown,
  makeSandbox,
  SETTLE_MS,
  settle,
  startTui,
  streamStep,
  TARGETS,
} from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const BURST = process.argv.includes("--burst");
const LINES = Number(arg("lines", BURST ? 2000 : 1000));
// The burst's targets are tighter: its stream is short, and an echo must not wait for a delta's work.
const [P95_TARGET, P99_TARGET] = BURST ? [30, 50] : [50, 100];
const TPS = Number(arg("tps", 1000));
const RUNS = Number(arg("runs", 3));
const GAP_MS = Number(arg("gap", 100));
const ONLY = arg("only", undefined);
const WORD_MAX = 24;
const ECHO_TIMEOUT_MS = 3000;
const OURS = "agent-tui";
const PI = "pi 0.73.1";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Types letters (a growing word, cleared with Ctrl+W) until `done()`; returns each echo delay and
 * each key's letter and when it was sent (epoch ms, for the split in lib/echo-split.mjs).
 */
async function typeWhile(tui, done) {
  const delays = [];
  const keys = [];
  let word = "";
  while (!done()) {
    await sleep(GAP_MS);
    if (done()) break;
    if (word.length >= WORD_MAX) {
      const was = word;
      tui.child.write("\u0017");
      await tui.waitFor(() => !(tui.editor() ?? "").includes(was), ECHO_TIMEOUT_MS).catch(() => undefined);
      word = "";
      continue;
    }
    word += String.fromCharCode(97 + (word.length % 26));
    const want = word;
    const sent = performance.now();
    tui.child.write(want.at(-1));
    keys.push({ char: want.at(-1), at: performance.timeOrigin + sent });
    try {
      await tui.waitFor(() => tui.editor() === want, ECHO_TIMEOUT_MS);
      delays.push(performance.now() - sent);
    } catch {
      delays.push(ECHO_TIMEOUT_MS);
    }
  }
  return { delays, keys };
}

async function runOnce(name, step, withLoad) {
  const box = await makeSandbox([step]);
  // Every TUI logs its reads and writes (lib/echo-probe.mjs) for the split of each echo's delay.
  const probeLog = join(box.root, "echo-probe.log");
  const probe = `${pathToFileURL(join(import.meta.dirname, "lib", "echo-probe.mjs"))}?log=${encodeURIComponent(probeLog)}`;
  const extra = name !== PI ? (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) : [];
  const nodeArgs = ["--import", probe, ...extra];
  const tui = startTui(name, box, { cols: 100, rows: 30, args: ["--no-session"], nodeArgs });
  let load;
  try {
    await tui.waitFor(tui.ready, 30_000);
    await settle();
    tui.child.write("BENCH go");
    await tui.waitFor(() => tui.editor() === "BENCH go", 15_000);
    if (withLoad) load = startBusyLoad(undefined, loadOptions(name));
    tui.child.write("\r");
    await tui.waitFor(() => tui.screen().some((l) => l.includes("Working")), 10_000);
    let ended = false;
    const end = tui
      .waitFor(() => {
        const rows = tui.screen();
        return rows.some((l) => l.includes("BENCH-END")) && !rows.some((l) => l.includes("Working"));
      }, 600_000)
      .finally(() => {
        ended = true;
      });
    const before = { at: performance.now(), sched: schedMs(tui.child.pid), bench: schedMs(process.pid) };
    const { delays, keys } = await typeWhile(tui, () => ended);
    await end;
    // Where the TUI's wall time went while the answer streamed: on a CPU, or runnable and waiting
    // for one (the part of an echo's delay that is the kernel scheduler's, not the TUI's work).
    const after = schedMs(tui.child.pid);
    const benchAfter = schedMs(process.pid);
    const wall = performance.now() - before.at;
    const share = (k) => (before.sched && after ? (after[k] - before.sched[k]) / wall : Number.NaN);
    // The bench is the terminal that shows the echo: when it waits for a CPU, so does the figure.
    const benchWaited = before.bench && benchAfter ? (benchAfter.wait - before.bench.wait) / wall : Number.NaN;
    const run = { delays, ran: share("run"), waited: share("wait"), slicesPerS: 1000 * share("slices"), benchWaited };
    await load?.stop();
    load = undefined;
    await tui.kill();
    const split = existsSync(probeLog) ? splitEchoes(readFileSync(probeLog, "utf8"), keys) : [];
    return { ...run, split };
  } finally {
    await load?.stop();
    await tui.kill();
    await box.dispose();
  }
}

// --load-as-tools: the busy processes are started as each agent's bash tool starts a command (a
// session of its own each; agent-tui's agent-rpc also lowers their priority, tool-priority.ts):
// the agent's own build or test run. Without it they run in the bench's session.
const LOAD_AS_TOOLS = process.argv.includes("--load-as-tools");
const toolPriority = LOAD_AS_TOOLS
  ? await import(pathToFileURL(join(import.meta.dirname, "..", "dist", "agent", "tools", "tool-priority.js")).href)
  : undefined;
/** How the busy processes of a run with `name` are started (the base build predates the lowering). */
const loadOptions = (name) =>
  LOAD_AS_TOOLS ? { ownSession: true, lower: name === OURS ? toolPriority : undefined } : {};

const markdown = makeMarkdown(LINES, { wide: BURST });
const step = BURST ? burstStep(markdown) : streamStep(markdown, TPS);
const BASE = "agent-tui base";
const names = ONLY ? ONLY.split(",") : [PI, ...(TARGETS[BASE] ? [BASE] : []), OURS];
for (const n of names) if (!TARGETS[n]) throw new Error(`unknown target ${n}`);
const conditions = process.argv.includes("--no-load")
  ? [false]
  : process.argv.includes("--load-only")
    ? [true]
    : [false, true];
console.log(
  `typing-latency: keystroke -> echo while a ${LINES}-line answer streams (${BURST ? `a burst of ${step.deltas} deltas, ~6 bytes each` : `${step.chunks.length} deltas every ${step.delayMs} ms, target ${TPS} tokens/s`}), 100x30, one key every ${GAP_MS} ms, median of ${RUNS} runs`,
);
console.log(`  prompt sent ${SETTLE_MS} ms after the editor and footer showed (BENCH_SETTLE_MS), as a person would`);
console.log(`  before: ${machineLine()}`);
const results = {};
const sched = {};
const splits = {};
for (const withLoad of conditions) {
  for (let run = 0; run < RUNS; run++) {
    for (const n of names) {
      const key = `${n}|${withLoad}`;
      results[key] ??= [];
      const { delays, ran, waited, slicesPerS, benchWaited, split } = await runOnce(n, step, withLoad);
      results[key].push(delays);
      (sched[key] ??= []).push({ ran, waited, slicesPerS, benchWaited });
      (splits[key] ??= []).push(...split);
      if (process.env.BENCH_VERBOSE)
        console.log(`  run ${run + 1} ${n}${withLoad ? " +load" : ""}: ${delays.map((d) => d.toFixed(0)).join(" ")}`);
    }
  }
}
console.log(`  after:  ${machineLine()}`);
const fmt = (x) => (Number.isNaN(x) ? "n/a" : x.toFixed(0));
for (const withLoad of conditions) {
  console.log(
    withLoad
      ? `  streaming + one busy process per core${LOAD_AS_TOOLS ? ", each started as the agent's bash tool starts commands" : ""}:`
      : "  streaming, no extra load:",
  );
  const figs = {};
  for (const n of names) {
    const runs = results[`${n}|${withLoad}`];
    const pooled = runs.flat();
    const f = (p) => median(runs.map((d) => percentile(d, p)));
    figs[n] = {
      p50: f(50),
      p95: f(95),
      p99: f(99),
      pooled95: percentile(pooled, 95),
      pooled99: percentile(pooled, 99),
      keys: pooled.length,
      lost: pooled.filter((d) => d >= ECHO_TIMEOUT_MS).length,
    };
    const g = figs[n];
    console.log(
      `    ${n.padEnd(10)} p50 ${fmt(g.p50).padStart(5)} ms   p95 ${fmt(g.p95).padStart(5)} ms (pooled ${fmt(g.pooled95)})   p99 ${fmt(g.p99).padStart(5)} ms (pooled ${fmt(g.pooled99)})   ${g.keys} keys, ${g.lost} not echoed within ${ECHO_TIMEOUT_MS} ms`,
    );
    const med = (k) => median(sched[`${n}|${withLoad}`].map((x) => x[k]));
    console.log(
      `      while streaming, its main thread ran ${fmt(100 * med("ran"))}% and waited for a CPU ${fmt(100 * med("waited"))}% of the time, put on a CPU ${fmt(med("slicesPerS"))} times a second; the bench's terminal waited ${fmt(100 * med("benchWaited"))}%`,
    );
    const split = splits[`${n}|${withLoad}`] ?? [];
    const pcts = (k) =>
      [50, 95, 99]
        .map((q) =>
          fmt(
            percentile(
              split.map((x) => x[k]).filter((x) => !Number.isNaN(x)),
              q,
            ),
          ),
        )
        .join("/");
    console.log(
      `      p50/p95/p99 of ${split.length} keys (pooled): before the TUI read the key ${pcts("toRead")} ms; from the read to its next write ${pcts("readToWrite")} ms`,
    );
  }
  const o = figs[OURS];
  const p = figs[PI];
  if (o) {
    const ratio = (k) => (p ? ` (${(o[k] / p[k]).toFixed(2)}x pi)` : "");
    const verdict = (x, t) => (x <= t ? "ok  " : "MISS");
    console.log(
      `    ${verdict(o.p95, P95_TARGET)} agent-tui p95 ${fmt(o.p95)} ms${ratio("p95")}   target <= ${P95_TARGET} ms`,
    );
    console.log(
      `    ${verdict(o.p99, P99_TARGET)} agent-tui p99 ${fmt(o.p99)} ms${ratio("p99")}   target <= ${P99_TARGET} ms`,
    );
  }
}
process.exit(0);
