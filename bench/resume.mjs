#!/usr/bin/env node
// Benchmark (not a test): writes a 10,000-message session file (prompts, answers with
// markdown and code, bash/read tool calls with output) in pi's v3 format, starts
// `agent-tui -c` on it under a pty, and prints beside their targets: time from spawn to the
// first full screen (footer + last answer visible), keystroke echo delay while the history is
// printed, and how many rows reached the terminal. The same file is opened by pi 0.73.1's own TUI
// (`pi -c`, devDependency) for the ratio. Median of 3 runs each. The CPU time the TUI and its
// worker used until the first full screen is printed too: on a busy machine the wall times
// mostly measure the other work.
// Usage: npm run build && node bench/resume.mjs [--messages 10000] [--runs 3] [--cols 120] [--rows 40] [--no-pi] [--keep]
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/x" passes node options to agent-tui's TUI process
// (e.g. to profile it); pi runs without them. BENCH_PROFILE_DIR=/tmp/x profiles every process the
// TUI starts (relay, worker) through bench/lib/cpu-profile-hook.cjs.
import { createRequire } from "node:module";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import * as pty from "node-pty";
import { LAST_MARK } from "./lib/long-session.mjs";
import { makeResumeSandbox } from "./lib/resume-sandbox.mjs";
import { cpuSeconds, descendants, peakRssMb } from "./lib/process-stats.mjs";

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless");
const ROOT = resolve(import.meta.dirname, "..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = arg("messages", 10_000);
const RUNS = arg("runs", 3);
const COLS = arg("cols", 120);
const ROWS = arg("rows", 40);
const WITH_PI = !process.argv.includes("--no-pi");
const TARGET_FIRST_SCREEN_MS = 1000;
// Other work on the machine skews every figure: say how busy it was before the runs.
const LOAD_BEFORE = loadavg()[0];
const TARGET_ECHO_MS = 50;

// ---------------------------------------------------------------- driving a TUI

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}
/** CPU seconds of a process and of every process under it (the TUI; its relay and live worker), by pid. */
function treeCpu(pid) {
  const under = descendants(pid).reduce((sum, p) => sum + (cpuSeconds(p) || 0), 0);
  return { self: cpuSeconds(pid) || 0, children: under };
}

/**
 * Spawn `argv` under a pty; resolve with: ms to the first screen showing both the footer
 * (`footerRe`) and the last answer, echo delays of keys typed from the moment the footer
 * shows until 1 s after the first full screen, and the terminal rows written by then.
 */
async function measure(argv, sandbox, footerRe) {
  const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: 200_000, allowProposedApi: true });
  const started = performance.now();
  const child = pty.spawn(process.execPath, argv, {
    name: "xterm-256color",
    cols: COLS,
    rows: ROWS,
    cwd: sandbox.cwd,
    env: sandbox.env,
  });
  let exited = false;
  child.onData((d) => {
    term.write(d);
  });
  child.onExit(() => {
    exited = true;
  });
  const flushed = () => new Promise((r) => term.write("", r));
  const screen = () => {
    const buf = term.buffer.active;
    const rows = [];
    for (let i = buf.baseY; i < buf.baseY + term.rows; i += 1) rows.push(buf.getLine(i)?.translateToString(true) ?? "");
    return rows.join("\n");
  };
  const deadline = started + 60_000;
  let footerAt;
  let firstScreenAt;
  let cpuAtFirstScreen = { self: Number.NaN, children: Number.NaN };
  let cpuAtFooter = { self: Number.NaN, children: Number.NaN };
  const echoes = [];
  let typed = "";
  let pending; // { ch, at }
  let keyIndex = 0;
  let peakRss = Number.NaN;
  try {
    for (;;) {
      await flushed();
      const now = performance.now();
      const text = screen();
      if (footerAt === undefined && footerRe.test(text)) {
        footerAt = now;
        cpuAtFooter = treeCpu(child.pid);
      }
      if (firstScreenAt === undefined && footerRe.test(text) && text.includes(LAST_MARK)) {
        firstScreenAt = now;
        cpuAtFirstScreen = treeCpu(child.pid);
      }
      if (pending && text.includes(typed)) {
        echoes.push(now - pending.at);
        pending = undefined;
      }
      // Type one key at a time (a lowercase letter), each after the previous one echoed.
      if (footerAt !== undefined && !pending && (firstScreenAt === undefined || now - firstScreenAt < 1000)) {
        const ch = String.fromCharCode(97 + (keyIndex++ % 26));
        typed += ch;
        pending = { ch, at: performance.now() };
        child.write(ch);
      }
      if (firstScreenAt !== undefined && now - firstScreenAt >= 1000 && !pending) break;
      if (now > deadline || exited) break;
      await sleep(2);
    }
  } finally {
    // The TUI's peak resident memory, 1 s after its first full screen (the whole session is in its store by then).
    peakRss = peakRssMb(child.pid);
    // The live worker outlives the TUI by design: end it too, or the next run would attach to it.
    const under = descendants(child.pid);
    if (process.env.BENCH_NODE_ARGS || process.env.BENCH_PROFILE_DIR) {
      // A profile is written only on a normal exit: ask the TUI and the processes under it to end first.
      child.kill("SIGTERM");
      for (const pid of under) signal(pid, "SIGTERM");
      const alive = () => !exited || under.some((pid) => !Number.isNaN(cpuSeconds(pid)));
      for (const until = performance.now() + 10_000; alive() && performance.now() < until; ) await sleep(20);
    }
    child.kill("SIGKILL");
    for (const pid of under) signal(pid, "SIGKILL");
  }
  return {
    firstScreen: firstScreenAt === undefined ? Number.NaN : firstScreenAt - started,
    footer: footerAt === undefined ? Number.NaN : footerAt - started,
    echoMax: echoes.length ? Math.max(...echoes) : Number.NaN,
    echoP50: echoes.length ? median(echoes) : Number.NaN,
    keys: echoes.length,
    rowsPrinted: term.buffer.active.length,
    cpuTui: cpuAtFirstScreen.self * 1000,
    cpuWorker: cpuAtFirstScreen.children * 1000,
    cpuTuiAtFooter: cpuAtFooter.self * 1000,
    peakRss,
  };
}

function median(xs) {
  const s = [...xs].filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const fmt = (ms) => (Number.isNaN(ms) ? "   n/a" : `${ms.toFixed(0).padStart(6)} ms`);
const verdict = (ok) => (ok ? "OK" : "MISSED");

const sandbox = makeResumeSandbox("bench-resume-", MESSAGES);
if (process.argv.includes("--keep")) console.log(`session sandbox kept at ${sandbox.root}`);
const tools = {
  "agent-tui -c": [
    ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter((a) => a !== ""),
    join(ROOT, "bin", "agent-tui.js"),
    "-c",
  ],
  ...(WITH_PI
    ? { "pi 0.73.1 -c": [join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js"), "-c"] }
    : {}),
};
// Both footers name the model: ours "Fake Model", pi's "fake-model".
const footers = { "agent-tui -c": /Fake Model/, "pi 0.73.1 -c": /fake-model/ };
const results = Object.fromEntries(Object.keys(tools).map((k) => [k, []]));
try {
  for (let run = 0; run < RUNS; run += 1) {
    for (const [name, argv] of Object.entries(tools)) results[name].push(await measure(argv, sandbox, footers[name]));
  }
} finally {
  if (!process.argv.includes("--keep")) sandbox.dispose();
}

console.log(
  `resume: ${sandbox.written.toLocaleString("en-US")}-message session, ${COLS}x${ROWS}, median of ${RUNS} runs (node ${process.version}, ${cpus().length} cores, 1-min load average ${LOAD_BEFORE.toFixed(1)} before the runs)`,
);
for (const [name, rs] of Object.entries(results)) {
  const first = median(rs.map((r) => r.firstScreen));
  const echo = median(rs.map((r) => r.echoMax));
  console.log(`  ${name}`);
  console.log(
    `    first full screen (footer + last answer)  ${fmt(first)}   target <= ${TARGET_FIRST_SCREEN_MS} ms   ${name.startsWith("agent-tui") ? verdict(first <= TARGET_FIRST_SCREEN_MS) : ""}`,
  );
  console.log(`    footer shown                              ${fmt(median(rs.map((r) => r.footer)))}`);
  console.log(
    `    worst keystroke echo while printing       ${fmt(echo)}   target <= ${TARGET_ECHO_MS} ms   ${name.startsWith("agent-tui") ? verdict(echo <= TARGET_ECHO_MS) : ""}   (median echo ${fmt(median(rs.map((r) => r.echoP50)))}, ${median(rs.map((r) => r.keys))} keys)`,
  );
  console.log(
    `    CPU used by then: the TUI ${fmt(median(rs.map((r) => r.cpuTui)))} (${fmt(median(rs.map((r) => r.cpuTuiAtFooter)))} of it before the footer), every process under it (relay, worker) ${fmt(median(rs.map((r) => r.cpuWorker)))}`,
  );
  console.log(
    `    terminal rows written (scrollback+screen) ${String(median(rs.map((r) => r.rowsPrinted))).padStart(9)}`,
  );
  // Target: <= 150 MB after resuming a long day and streaming 2,000 more lines (bench/long-day.mjs streams; this is the resume alone).
  console.log(
    `    peak RSS of the TUI process                 ${median(rs.map((r) => r.peakRss))
      .toFixed(0)
      .padStart(6)} MB   target <= 150 MB`,
  );
}
if (results["pi 0.73.1 -c"]) {
  const ours = median(results["agent-tui -c"].map((r) => r.firstScreen));
  const pi = median(results["pi 0.73.1 -c"].map((r) => r.firstScreen));
  console.log(`  ratio first full screen agent-tui / pi = ${(ours / pi).toFixed(2)}`);
}
