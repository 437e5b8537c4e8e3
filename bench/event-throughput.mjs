#!/usr/bin/env node
// Event-throughput bench: how many message_update delta frames per second agent-rpc's writer
// (translation from pi-agent-core events + serialisation + batched pipe writes) sustains into
// a pipe drained by a child process, and bytes per delta frame as the message grows — flat in
// our delta form, growing in pi 0.73.1's form (cumulative `message` + `partial` per delta).
// Then the whole worker: agent-rpc and pi 0.73.1 in RPC mode on the same streamed answer, with
// CPU per 1,000 deltas and frame bytes (medians of --runs).
// Usage: node bench/event-throughput.mjs [frames=200000] [--lines 1000] [--runs 3]   (build first)

import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const { createFrameWriter } = await import(resolve(ROOT, "dist/agent/rpc/frame-writer.js"));
const { toWireEvent } = await import(resolve(ROOT, "dist/agent/runtime/event-translator.js"));
const { serializeFrame } = await import(resolve(ROOT, "dist/protocol/jsonl.js"));

const FRAMES = Number(/^\d+$/.test(process.argv[2] ?? "") ? process.argv[2] : "200000");
const TARGET_FPS = 50_000;

const usage = () => ({
  input: 1200,
  output: 3,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 1203,
  cost: { input: 0.0036, output: 0.000045, cacheRead: 0, cacheWrite: 0, total: 0.003645 },
});
function partialWithText(text) {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-sonnet-4-20250514",
    usage: usage(),
    stopReason: "stop",
    timestamp: 1733234567990,
  };
}
// pi-agent-core's event for one delta; the partial is shared, as in the real loop.
function agentEvent(partial, delta) {
  return {
    type: "message_update",
    message: partial,
    assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta, partial },
  };
}

// ---- throughput -----------------------------------------------------------------------------
const drain = spawn(process.execPath, ["-e", "process.stdin.resume()"], { stdio: ["pipe", "ignore", "inherit"] });
const sink = {
  write: (chunk) => drain.stdin.write(chunk),
  once: (event, listener) => drain.stdin.once(event, listener),
  on: (event, listener) => drain.stdin.on(event, listener),
};
const writer = createFrameWriter({ sink });
const partial = partialWithText("");
const DELTA = "word ";
const started = process.hrtime.bigint();
for (let i = 0; i < FRAMES; i++) {
  partial.content[0].text += DELTA;
  writer.write(toWireEvent(agentEvent(partial, DELTA)));
  // Yield now and then, as the real loop does between provider chunks, so batches flush.
  if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
}
await writer.drained();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
drain.stdin.end();
const fps = FRAMES / seconds;
console.log(`event throughput: ${FRAMES} message_update deltas in ${seconds.toFixed(2)} s`);
console.log(
  `  ${Math.round(fps).toLocaleString("en-US")} frames/s   target >= ${TARGET_FPS.toLocaleString("en-US")}/s   ${fps >= TARGET_FPS ? "OK" : "MISSED"}`,
);

// ---- bytes per delta vs message length -----------------------------------------------------
console.log("bytes per message_update frame (5-char delta) vs length of the message so far:");
console.log("  message chars   agent-rpc (delta)   pi 0.73.1 (cumulative)");
for (const length of [100, 1_000, 10_000, 100_000]) {
  const text = "x".repeat(length);
  const ev = agentEvent(partialWithText(text), DELTA);
  const ours = Buffer.byteLength(serializeFrame(toWireEvent(ev)));
  const pis = Buffer.byteLength(serializeFrame(ev));
  console.log(`  ${String(length).padStart(13)}   ${String(ours).padStart(17)}   ${String(pis).padStart(22)}`);
}

// ---- the whole worker on one stream: agent-rpc vs pi 0.73.1's RPC mode ----------------------
// Each worker runs under --mode rpc against the fake model (its own process) streaming the same
// markdown answer; CPU of the worker and every process under it from the prompt to agent_end,
// per 1,000 streamed deltas, and the bytes of frames it wrote. Medians of RUNS runs.
const { machineLine, median, treeCpuMeter } = await import("./lib/process-stats.mjs");
const { makeMarkdown, makeSandbox, PI_CLI, SETTLE_MS, settle, streamStep } = await import("./lib/tui-under-pty.mjs");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const LINES = arg("lines", 1000);
const RUNS = arg("runs", 3);
const WORKER_ARGV = {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles agent-rpc (written when it exits).
  "agent-rpc": [
    ...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean),
    resolve(ROOT, "bin", "agent-rpc.js"),
    "--mode",
    "rpc",
    "--no-session",
  ],
  "pi 0.73.1": [PI_CLI, "--mode", "rpc", "--no-session"],
};

/** Runs one worker on the stream; frames are counted by their first bytes, never parsed whole. */
async function workerOnce(argv, step) {
  const box = await makeSandbox([step]);
  const child = spawn(process.execPath, argv, { cwd: box.cwd, env: box.env, stdio: ["pipe", "pipe", "ignore"] });
  let head = "";
  let bytes = 0;
  let frames = 0;
  let measuring = false;
  const seen = new Set();
  const waiters = [];
  const onLine = (prefix) => {
    if (measuring) frames += 1;
    for (const [want, resolveWait] of waiters)
      if (prefix.includes(want) && !seen.has(want)) {
        seen.add(want);
        resolveWait();
      }
  };
  child.stdout.on("data", (chunk) => {
    if (measuring) bytes += chunk.length;
    let from = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (head.length < 120) head += chunk.toString("utf8", from, Math.min(nl, from + 120));
      onLine(head);
      head = "";
      from = nl + 1;
    }
    if (head.length < 120) head += chunk.toString("utf8", from, Math.min(chunk.length, from + 120));
  });
  const waitFrame = (want) => new Promise((r) => waiters.push([want, r]));
  try {
    const stateSeen = waitFrame('"command":"get_state"');
    child.stdin.write(`${JSON.stringify({ id: "s", type: "get_state" })}\n`);
    await stateSeen;
    await settle();
    const ended = waitFrame('"type":"agent_end"');
    measuring = true;
    const meter = treeCpuMeter(child.pid);
    const t0 = performance.now();
    child.stdin.write(`${JSON.stringify({ id: "p", type: "prompt", message: "BENCH go" })}\n`);
    await ended;
    const seconds = (performance.now() - t0) / 1000;
    const cpu = meter.read().total;
    measuring = false;
    return { seconds, cpu, per1000: (cpu / step.chunks.length) * 1000, bytes, frames };
  } finally {
    // End of stdin ends a worker (and writes a profile); a worker that lingers is killed.
    await new Promise((r) => {
      const t = setTimeout(() => child.kill("SIGKILL"), 5000);
      child.once("exit", () => {
        clearTimeout(t);
        r();
      });
      child.stdin.end();
    });
    await box.dispose();
  }
}

const step = streamStep(makeMarkdown(LINES), 1000);
console.log(
  `\nworker on one stream: ${LINES}-line answer, ${step.chunks.length} deltas every ${step.delayMs} ms, prompt -> agent_end, median of ${RUNS} runs`,
);
console.log(`  prompt sent ${SETTLE_MS} ms after the get_state response (BENCH_SETTLE_MS), as a client's user would`);
console.log(`  before: ${machineLine()}`);
const perWorker = Object.fromEntries(Object.keys(WORKER_ARGV).map((k) => [k, []]));
for (let run = 0; run < RUNS; run++)
  for (const [name, argv] of Object.entries(WORKER_ARGV)) perWorker[name].push(await workerOnce(argv, step));
console.log(`  after:  ${machineLine()}`);
console.log("  worker       CPU (s)   CPU per 1,000 deltas (s)   frame bytes   bytes per delta   frames   wall (s)");
const wmed = (name, k) => median(perWorker[name].map((r) => r[k]));
for (const name of Object.keys(WORKER_ARGV)) {
  console.log(
    `  ${name.padEnd(10)} ${wmed(name, "cpu").toFixed(2).padStart(9)}   ${wmed(name, "per1000").toFixed(3).padStart(24)}   ${wmed(name, "bytes").toFixed(0).padStart(11)}   ${(wmed(name, "bytes") / step.chunks.length).toFixed(0).padStart(15)}   ${wmed(name, "frames").toFixed(0).padStart(6)}   ${wmed(name, "seconds").toFixed(1).padStart(8)}`,
  );
}
console.log(
  `  ratio agent-rpc / pi: CPU ${(wmed("agent-rpc", "cpu") / wmed("pi 0.73.1", "cpu")).toFixed(2)}, frame bytes ${(wmed("agent-rpc", "bytes") / wmed("pi 0.73.1", "bytes")).toFixed(3)}`,
);
process.exit(0);
