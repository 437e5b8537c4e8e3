#!/usr/bin/env node
// Benchmark (not a test): time from spawning the TUI under a pty to its editor and footer (with
// the model name) on screen, for agent-tui and pi 0.73.1's own TUI, same configuration, runs
// alternating. Prints medians beside the target (agent-tui <= 0.5x pi) with the CPU each had
// used by then (the TUI process and every process under it) and the machine's load.
// Usage: npm run build && node bench/tui-startup.mjs [--runs 5] [--only agent-tui]
//   (BENCH_NODE_ARGS="--cpu-prof" profiles agent-tui's start-up)
import { cpuSeconds, descendants, machineLine, median } from "./lib/process-stats.mjs";
import { makeSandbox, startTui, TARGETS } from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const RUNS = Number(arg("runs", 5));
const ONLY = arg("only", undefined);
const OURS = "agent-tui";
const PI = "pi 0.73.1";
const names = ONLY ? [ONLY] : [PI, OURS];
for (const n of names) if (!TARGETS[n]) throw new Error(`unknown target ${n}`);

async function runOnce(name, box) {
  const nodeArgs = name === OURS ? (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean) : [];
  const tui = startTui(name, box, { cols: 100, rows: 30, args: ["--no-session"], nodeArgs });
  try {
    await tui.waitFor(tui.ready, 30_000);
    const ms = performance.now() - tui.startedAt;
    const self = cpuSeconds(tui.child.pid);
    const under = descendants(tui.child.pid).reduce((sum, pid) => sum + (cpuSeconds(pid) || 0), 0);
    return { ms, cpuTui: self * 1000, cpuAll: (self + under) * 1000 };
  } finally {
    await tui.kill();
  }
}

// The model is never called: one sandbox serves every run.
const box = await makeSandbox([]);
console.log(`tui-startup: spawn -> editor + footer on screen, 100x30, median of ${RUNS} runs`);
console.log(`  before: ${machineLine()}`);
const results = Object.fromEntries(names.map((n) => [n, []]));
try {
  for (let run = 0; run < RUNS; run++) for (const n of names) results[n].push(await runOnce(n, box));
} finally {
  await box.dispose();
}
console.log(`  after:  ${machineLine()}`);
const med = (n, k) => median(results[n].map((r) => r[k]));
for (const n of names) {
  const xs = results[n].map((r) => r.ms);
  console.log(
    `  ${n.padEnd(10)} median ${med(n, "ms").toFixed(0).padStart(5)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})   CPU by then: TUI ${med(n, "cpuTui").toFixed(0)} ms, with every process under it ${med(n, "cpuAll").toFixed(0)} ms`,
  );
}
if (results[OURS] && results[PI]) {
  const ratio = med(OURS, "ms") / med(PI, "ms");
  console.log(
    `  ${ratio <= 0.5 ? "ok  " : "MISS"} agent-tui / pi = ${ratio.toFixed(2)}   target <= 0.5   (CPU of everything: ${(med(OURS, "cpuAll") / med(PI, "cpuAll")).toFixed(2)})`,
  );
}
process.exit(0);
