#!/usr/bin/env node
// Benchmark (not a test): how soon a worker opening a 10,000-message session (`--continue`) can
// answer. Writes the session file itself (bench/lib/long-session.mjs, the resume bench's
// shape), then times from spawn: agent-rpc's `ready` frame (stdio, and `attach --or-serve`, the
// live worker agent-tui starts in place), `agent-rpc serve`'s `live_listening` handshake, and the answers to what agent-tui asks on resume (get_state, the
// last 120 messages, get_session_stats; written at spawn) from agent-rpc and from pi 0.73.1 in
// RPC mode (same file, same env; pi ignores the paging fields and sends every message) for the
// ratio. Medians of --runs runs (default 5), beside the target, with the CPU the worker had used
// by then and the machine's load.
// Usage: npm run build && node bench/worker-open.mjs [--messages 10000] [--runs 5] [--no-pi] [--keep] [--base DIR]
// --base DIR also times the built checkout in DIR (e.g. a worktree of main), interleaved with this one.
// BENCH_PROFILE_DIR=/tmp/x profiles each worker (bench/lib/cpu-profile-hook.cjs).
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { makeResumeSandbox } from "./lib/resume-sandbox.mjs";
import { cpuSeconds, median } from "./lib/process-stats.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = arg("messages", 10_000);
const RUNS = arg("runs", 5);
const WITH_PI = !process.argv.includes("--no-pi");
const KEEP = process.argv.includes("--keep");
const TARGET_READY_MS = 280;
const LOAD_BEFORE = loadavg()[0];

/** What agent-tui asks a worker it resumes a session with (src/tui/session/open-session.ts), in its order. */
const FIRST_QUESTIONS = [
  { type: "get_state", id: "q-state" },
  { type: "get_messages", id: "q-messages", offset: -120 },
  { type: "get_session_stats", id: "q-stats" },
];

/**
 * Spawn a worker; resolve with ms from spawn to its first stdout line and, when it is asked
 * (`ask`: the questions are written at spawn), to the answer of each question, and the worker's
 * CPU seconds when the last thing waited for came.
 */
function timeWorker(argv, sandbox, { ask }) {
  return new Promise((resolveRun, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, argv, {
      cwd: sandbox.cwd,
      env: sandbox.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const result = { first: Number.NaN, answers: {}, cpu: Number.NaN };
    let buffered = "";
    let stderr = "";
    const finish = () => {
      result.cpu = cpuSeconds(child.pid);
      // SIGTERM: a live worker leaves its registry entry and socket tidy; stdio ends with stdin too.
      child.kill("SIGTERM");
      child.stdin.end();
    };
    child.stdout.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let nl = buffered.indexOf("\n"); nl >= 0; nl = buffered.indexOf("\n")) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        const now = performance.now() - started;
        if (Number.isNaN(result.first)) {
          result.first = now;
          if (!ask) finish();
        }
        const id = /^\{"id":"(q-[a-z]+)"/.exec(line)?.[1] ?? /"id":"(q-[a-z]+)","type":"response"/.exec(line)?.[1];
        if (ask && id && result.answers[id] === undefined) {
          result.answers[id] = now;
          if (Object.keys(result.answers).length === FIRST_QUESTIONS.length) finish();
        }
      }
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk.toString("utf8");
    });
    child.stdin.on("error", () => {});
    if (ask) child.stdin.write(FIRST_QUESTIONS.map((q) => `${JSON.stringify(q)}\n`).join(""));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (Number.isNaN(result.first))
        reject(new Error(`${argv.join(" ")} exited (${code ?? signal}) before answering:\n${stderr}`));
      else resolveRun(result);
    });
  });
}

const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");
/** agent-rpc's three ways of opening a session, from the checkout at `root` (`label` names it). */
function agentTargets(root, label = "") {
  const bin = join(root, "bin", "agent-rpc.js");
  return {
    [`agent-rpc --continue (stdio)${label}`]: { argv: [bin, "--continue"], ask: true },
    // What agent-tui starts for a local session: the live worker in this process, stdio its first client.
    [`agent-rpc attach --or-serve --continue${label}`]: {
      argv: [bin, "attach", "--or-serve", "--continue", "--idle-exit", "60"],
      ask: true,
    },
    [`agent-rpc serve --continue${label}`]: { argv: [bin, "serve", "--continue", "--idle-exit", "60"], ask: false },
  };
}
// --base DIR: the same runs with another built checkout (e.g. main), interleaved, for a before/after.
const BASE = (() => {
  const i = process.argv.indexOf("--base");
  return i > 0 ? resolve(process.argv[i + 1]) : undefined;
})();
const TARGETS = {
  ...agentTargets(ROOT),
  ...(BASE ? agentTargets(BASE, ` [base ${BASE}]`) : {}),
  ...(WITH_PI
    ? { "pi 0.73.1 --mode rpc --continue": { argv: [PI_CLI, "--mode", "rpc", "--continue"], ask: true } }
    : {}),
};

const sandbox = makeResumeSandbox("bench-worker-open-", MESSAGES);
const results = Object.fromEntries(Object.keys(TARGETS).map((name) => [name, []]));
try {
  // Interleaved, so a burst of other work on the machine lands on every target alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [name, target] of Object.entries(TARGETS))
      results[name].push(await timeWorker(target.argv, sandbox, target));
  }
} finally {
  if (KEEP) console.log(`sandbox kept: ${sandbox.root}`);
  else sandbox.dispose();
}

// The median is the figure; the best run beside it says what the machine's other work cost.
const ms = (values) => `${Math.round(median(values))} ms (best ${Math.round(Math.min(...values))})`;
console.log(
  `worker open: ${MESSAGES} messages, ${sandbox.lines} lines, ${(sandbox.bytes / 1e6).toFixed(1)} MB; median of ${RUNS} runs`,
);
console.log(`machine: ${cpus().length} cores, load ${LOAD_BEFORE.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
const answered = (runs, id) => runs.map((r) => r.answers[id]).filter((v) => v !== undefined);
for (const [name, runs] of Object.entries(results)) {
  const ours = name.startsWith("agent-rpc");
  const parts = [];
  // pi writes nothing before its first answer; agent-rpc's first line is `ready` (stdio) or `live_listening` (serve).
  const firstLine = name.startsWith("agent-rpc serve") ? "live_listening" : "ready";
  if (ours) parts.push(`${firstLine} ${ms(runs.map((r) => r.first))}`);
  for (const q of FIRST_QUESTIONS) {
    const times = answered(runs, q.id);
    if (times.length > 0) parts.push(`${q.type} ${ms(times)}`);
  }
  const cpu = runs.map((r) => r.cpu * 1000).filter((v) => !Number.isNaN(v));
  if (cpu.length > 0) parts.push(`CPU by then ${ms(cpu)}`);
  console.log(`  ${name}`);
  console.log(`    ${parts.join("  ")}${ours ? `   (target ${firstLine} ≤ ${TARGET_READY_MS} ms)` : ""}`);
}
if (WITH_PI) {
  const last = FIRST_QUESTIONS.at(-1).id;
  const ours = median(answered(results["agent-rpc --continue (stdio)"], last));
  const pi = median(answered(results["pi 0.73.1 --mode rpc --continue"], last));
  console.log(`  ratio agent-rpc / pi, spawn -> all of state, messages, stats answered: ${(ours / pi).toFixed(2)}`);
}
