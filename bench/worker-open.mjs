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
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { longSessionLines } from "./lib/long-session.mjs";
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

/** The resume bench's messages (bench/resume.mjs): 20-line tool outputs, answers with a short code block. */
const RESUME_SHAPE = {
  id: "bench-session-0001",
  prompt: (n) => `Step ${n}: please look at src/step${n}.ts and explain what it does.`,
  grepLimit: 20,
  toolOutput: (n, bash) =>
    Array.from({ length: 20 }, (_, k) => (bash ? `src/step${n}.ts:${k + 1}:  const value${k} = step${n}(${k});` : `line ${k + 1} of src/step${n}.ts`)).join(
      "\n",
    ),
  answer: (n, last) =>
    [
      `Here is what I found for step ${n}. The function **step${n}** handles the *input* and \`doubles\` it; see the [docs](https://example.com/${n}).`,
      "",
      `- it reads \`src/step${n}.ts\``,
      "- it validates the input",
      "- it returns the doubled value",
      "",
      "```ts",
      `export function step${n}(input: number): number {`,
      `  const doubled = input * 2; // step ${n}`,
      "  if (doubled > 100) {",
      "    return doubled - 100;",
      "  }",
      "  return doubled;",
      "}",
      "```",
      "",
      last ? "That is all." : `Done with step ${n}.`,
    ].join("\n"),
};

function makeSandbox() {
  const root = mkdtempSync(join(tmpdir(), "bench-worker-open-"));
  const dirs = { home: join(root, "home"), agent: join(root, "agent"), cwd: join(root, "cwd"), tmp: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const models = {
    providers: {
      fake: {
        baseUrl: "http://127.0.0.1:9/v1",
        api: "openai-completions",
        apiKey: "fake-key",
        models: [{ id: "fake-model", name: "Fake Model", reasoning: true, input: ["text"], contextWindow: 128000, maxTokens: 4096 }],
      },
    },
  };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models));
  writeFileSync(
    join(dirs.agent, "settings.json"),
    JSON.stringify({ defaultProvider: "fake", defaultModel: "fake-model", quietStartup: true, enableInstallTelemetry: false }),
  );
  // pi and agent-rpc look in the same per-cwd directory under their agent dir.
  const slug = `--${dirs.cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
  const sessionDir = join(dirs.agent, "sessions", slug);
  mkdirSync(sessionDir, { recursive: true });
  const file = join(sessionDir, `${new Date().toISOString().replace(/[:.]/g, "-")}_bench-session-0001.jsonl`);
  const { lines } = longSessionLines(MESSAGES, dirs.cwd, RESUME_SHAPE);
  writeFileSync(file, `${lines.join("\n")}\n`);
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: "C.UTF-8",
    AGENT_TUI_HOME: dirs.agent,
    PI_CODING_AGENT_DIR: dirs.agent,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    ...(process.env.BENCH_PROFILE_DIR
      ? { BENCH_PROFILE_DIR: process.env.BENCH_PROFILE_DIR, NODE_OPTIONS: `--require ${join(import.meta.dirname, "lib", "cpu-profile-hook.cjs")}` }
      : {}),
  };
  return { root, cwd: dirs.cwd, env, lines: lines.length, bytes: statSync(file).size };
}

/** What agent-tui asks a worker it resumes a session with (src/tui/open-session.ts), in its order. */
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
    const child = spawn(process.execPath, argv, { cwd: sandbox.cwd, env: sandbox.env, stdio: ["pipe", "pipe", "pipe"] });
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
      if (Number.isNaN(result.first)) reject(new Error(`${argv.join(" ")} exited (${code ?? signal}) before answering:\n${stderr}`));
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
    [`agent-rpc attach --or-serve --continue${label}`]: { argv: [bin, "attach", "--or-serve", "--continue", "--idle-exit", "60"], ask: true },
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
  ...(WITH_PI ? { "pi 0.73.1 --mode rpc --continue": { argv: [PI_CLI, "--mode", "rpc", "--continue"], ask: true } } : {}),
};

const sandbox = makeSandbox();
const results = Object.fromEntries(Object.keys(TARGETS).map((name) => [name, []]));
try {
  // Interleaved, so a burst of other work on the machine lands on every target alike.
  for (let run = 0; run < RUNS; run++) {
    for (const [name, target] of Object.entries(TARGETS)) results[name].push(await timeWorker(target.argv, sandbox, target));
  }
} finally {
  if (KEEP) console.log(`sandbox kept: ${sandbox.root}`);
  else rmSync(sandbox.root, { recursive: true, force: true });
}

// The median is the figure; the best run beside it says what the machine's other work cost.
const ms = (values) => `${Math.round(median(values))} ms (best ${Math.round(Math.min(...values))})`;
console.log(`worker open: ${MESSAGES} messages, ${sandbox.lines} lines, ${(sandbox.bytes / 1e6).toFixed(1)} MB; median of ${RUNS} runs`);
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
