#!/usr/bin/env node
// Benchmark (not a test): a tool-heavy turn through pi 0.73.1's own TUI and through agent-tui (+ its
// agent-rpc worker), each under a pty at 100x30, runs alternating. The scripted model asks for 200
// `bash` calls one after another, each printing 500 lines at once (`seq`), then answers BENCH-END.
// Prints, as medians of the runs, beside each target and with the ratio agent-tui / pi: CPU of the
// TUI and every process under it, CPU of the TUI process alone, bytes written, peak RSS, and whether
// every tool's header reached the terminal (screen or scrollback) in the order the calls ran. The
// machine's load is printed before and after: on a shared machine the absolute figures move with it.
// Usage: npm run build && node bench/tool-heavy.mjs [--calls 200] [--lines 500] [--runs 3]
//   [--only agent-tui[,pi 0.73.1]]   (BENCH_NODE_ARGS, BENCH_BASE_ROOT, BENCH_PROFILE_DIR and
//   BENCH_CHILD_NODE_OPTIONS as in render-stream.mjs: see lib/tui-under-pty.mjs)
import { medianOf, printComparison, runAlternating } from "./lib/compare-runs.mjs";
import { measureTurn } from "./lib/measured-turn.mjs";
import { machineLine } from "./lib/process-stats.mjs";
import { makeSandbox, SETTLE_MS, TARGETS, toolMark, toolSteps } from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const CALLS = Number(arg("calls", 200));
const LINES = Number(arg("lines", 500));
const RUNS = Number(arg("runs", 3));
const ONLY = arg("only", undefined);
const OURS = "agent-tui";
const PI = "pi 0.73.1";

/**
 * How many tool headers reached the terminal in call order: the header is the row naming the
 * command (`seq -f 'T007 row %g' 500`); the output rows name the mark without `seq -f`.
 */
function headersInOrder(rows) {
  let at = -1;
  let found = 0;
  for (let i = 0; i < CALLS; i++) {
    const want = `seq -f '${toolMark(i)}`;
    const row = rows.findIndex((r, j) => j > at && r.includes(want));
    if (row < 0) continue;
    at = row;
    found += 1;
  }
  return found;
}

async function runOnce(name) {
  const box = await makeSandbox(toolSteps(CALLS, LINES));
  return measureTurn(name, box, {
    cols: 100,
    rows: 30,
    timeoutMs: 900_000,
    logCpu: (cpu) =>
      console.log(
        `  ${name} CPU by process (10 ms or more): ${cpu.perPid
          .filter((p) => p.cpu >= 0.01)
          .map((p) => `${p.command.split("\n")[0]} ${p.cpu.toFixed(2)} s`)
          .join(", ")}`,
      ),
    more: (tui) => ({ headers: headersInOrder(tui.allRows()) }),
  });
}

const BASE = "agent-tui base";
const names = ONLY ? ONLY.split(",") : [PI, ...(TARGETS[BASE] ? [BASE] : []), OURS];
for (const n of names) if (!TARGETS[n]) throw new Error(`unknown target ${n}`);
console.log(
  `tool-heavy: one turn of ${CALLS} bash calls, each printing ${LINES} lines at once, then a short answer; 100x30, median of ${RUNS} runs`,
);
console.log(`  prompt sent ${SETTLE_MS} ms after the editor and footer showed (BENCH_SETTLE_MS), as a person would`);
console.log(`  before: ${machineLine()}`);
const results = await runAlternating(names, RUNS, (n) => runOnce(n));
console.log(`  after:  ${machineLine()}`);

const med = medianOf(results);
const rows = [
  // [label, key, digits, target text, check(ours, pi)]
  ["turn wall time (s)", "seconds", 1, "", undefined],
  ["CPU, TUI + every process under it (s)", "total", 2, "<= 0.5x pi's total", (o, p) => o <= 0.5 * p],
  ["CPU, TUI process alone (s)", "tui", 2, "<= 0.25x pi's total", (o) => o <= 0.25 * med(PI, "total")],
  ["bytes written to the terminal", "bytes", 0, "", undefined],
  [`tool headers shown in call order (of ${CALLS})`, "headers", 0, `${CALLS}`, (o) => o === CALLS],
  ["peak RSS of the TUI process (MB)", "rss", 0, "", undefined],
  ["peak RSS of the processes under it (MB)", "workerRss", 0, "", undefined],
];
printComparison(results, rows, { pi: PI, ours: OURS });
// The header count is the minimum over the runs as well: one run that lost a header is a fault.
const worst = Math.min(...(results[OURS] ?? []).map((r) => r.headers));
if (results[OURS]) console.log(`  agent-tui headers in order, worst run: ${worst} of ${CALLS}`);
process.exit(0);
