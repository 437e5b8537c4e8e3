#!/usr/bin/env node
// Benchmark (not a test): the same markdown answer (2,000 lines with code blocks, ~1,000
// tokens/s) streamed through pi 0.73.1's own TUI and through agent-tui (+ its agent-rpc worker),
// each under a pty at 100x30, runs alternating. Prints, as medians of the runs, beside each
// target and with the ratio agent-tui / pi: CPU of the TUI and every process under it, CPU of
// the TUI process alone, bytes written to the terminal (and ÷ answer bytes), frames
// (synchronized updates), full clears, copies of the footer left in the scrollback, peak RSS of
// the TUI process. The machine's load is printed before and after: on a shared machine the
// absolute figures move with it.
// --burst: a fast provider instead, the answer with longer prose (~80 kB for 2,000 lines) as ~13,000
// deltas of ~6 bytes in ~4 s (lib/tui-under-pty.mjs burstStep): the per-delta cost is what shows.
// Usage: npm run build && node bench/render-stream.mjs [--lines 2000] [--tps 1000 | --burst] [--runs 3]
//   [--cols 100] [--rows 30] [--only agent-tui[,pi 0.73.1]]   (BENCH_NODE_ARGS="--cpu-prof" profiles agent-tui;
//   BENCH_BASE_ROOT=<checkout> adds that build as "agent-tui base"; --only "pi 0.73.1,agent-tui ink,agent-tui"
//   adds this build drawing through Ink's public writer (AGENT_TUI_INK_WRITER=ink); BENCH_PROFILE_DIR and
//   BENCH_CHILD_NODE_OPTIONS: see lib/tui-under-pty.mjs; BENCH_RAW_OUT=<file> keeps what each TUI wrote)
import { writeFileSync } from "node:fs";
import { medianOf, printComparison, runAlternating } from "./lib/compare-runs.mjs";
import { measureTurn } from "./lib/measured-turn.mjs";
import { machineLine } from "./lib/process-stats.mjs";
import {
  makeMarkdown,
  makeSandbox,
  burstStep,
  SETTLE_MS,
  outputCounts,
  streamStep,
  TARGETS,
} from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const LINES = Number(arg("lines", 2000));
const TPS = Number(arg("tps", 1000));
const RUNS = Number(arg("runs", 3));
const COLS = Number(arg("cols", 100));
const ROWS = Number(arg("rows", 30));
const ONLY = arg("only", undefined);
const BURST = process.argv.includes("--burst");
const OURS = "agent-tui";
const PI = "pi 0.73.1";

async function runOnce(name, markdown, step) {
  const box = await makeSandbox([step]);
  return measureTurn(name, box, {
    cols: COLS,
    rows: ROWS,
    timeoutMs: 600_000,
    logCpu: (cpu) => {
      const byProcess = cpu.perPid.map((p) => `${p.command || p.pid} ${p.cpu.toFixed(2)} s`).join(", ");
      console.log(`  ${name} CPU by process: ${byProcess}`);
      for (const p of cpu.perPid)
        console.log(
          `    ${p.command || p.pid} by thread: ${p.byThread.map(([t, s]) => `${t} ${s.toFixed(2)}`).join(", ")}`,
        );
    },
    more: (tui) => {
      const { frames, clears } = outputCounts(tui.raw);
      // BENCH_RAW_OUT=<file>: what the TUI wrote while measured, to see where the bytes go.
      if (process.env.BENCH_RAW_OUT)
        writeFileSync(`${process.env.BENCH_RAW_OUT}.${name.replace(/\W+/g, "_")}`, tui.raw);
      return { ratio: tui.bytes / Buffer.byteLength(markdown), frames, clears, footers: tui.footerCopies() };
    },
  });
}

const markdown = makeMarkdown(LINES, { wide: BURST });
const step = BURST ? burstStep(markdown) : streamStep(markdown, TPS);
const BASE = "agent-tui base";
const names = ONLY ? ONLY.split(",") : [PI, ...(TARGETS[BASE] ? [BASE] : []), OURS];
for (const n of names) if (!TARGETS[n]) throw new Error(`unknown target ${n}`);
const pace = BURST
  ? `${step.deltas} deltas of ~6 bytes, a 1 ms pause every 4 (a burst)`
  : `${step.tokens} tokens in ${step.chunks.length} deltas every ${step.delayMs} ms (target ${TPS} tokens/s)`;
console.log(
  `render-stream: ${LINES}-line markdown answer, ${Buffer.byteLength(markdown).toLocaleString("en-US")} bytes, ${pace}, ${COLS}x${ROWS}, median of ${RUNS} runs`,
);
console.log(`  prompt sent ${SETTLE_MS} ms after the editor and footer showed (BENCH_SETTLE_MS), as a person would`);
console.log(`  before: ${machineLine()}`);
const results = await runAlternating(names, RUNS, (n) => runOnce(n, markdown, step));
console.log(`  after:  ${machineLine()}`);

const med = medianOf(results);
const rows = [
  // [label, key, digits, target text, check(ours, pi)]
  ["stream wall time (s)", "seconds", 1, "", undefined],
  ["CPU, TUI + every process under it (s)", "total", 2, "<= 0.5x pi's total", (o, p) => o <= 0.5 * p],
  ["CPU, TUI process alone (s)", "tui", 2, "<= 0.25x pi's total", (o) => o <= 0.25 * med(PI, "total")],
  ["bytes written to the terminal", "bytes", 0, "", undefined],
  ["bytes written / answer bytes", "ratio", 2, "<= 2", (o) => o <= 2],
  ["full clears (ESC[2J, ESC[3J)", "clears", 0, "0", (o) => o === 0],
  ["frames (synchronized updates)", "frames", 0, "", undefined],
  ["footer rows, screen + scrollback", "footers", 0, "1 (more: frames left behind)", (o) => o === 1],
  ["peak RSS of the TUI process (MB)", "rss", 0, "<= 100", (o) => o <= 100],
  ["peak RSS of the processes under it (MB)", "workerRss", 0, "", undefined],
];
printComparison(results, rows, { pi: PI, ours: OURS });
process.exit(0);
