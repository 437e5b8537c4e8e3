#!/usr/bin/env node
// Bridge throughput: frames parsed and routed per second (JSONL framer + frame router, as the
// client runs them on worker stdout) vs bare JSON.parse of the same lines, in the same run; and
// what turning the routed events into the UI's ClientEvents adds on top (informational).
// Input: every recorded pi 0.73.1 trace, repeated into a large stream. Target: ratio ≤ 1.5.
// The figures are medians of RUNS runs (each the best of `iterations` per segment), with the
// machine's load printed before and after.
// Run after `npx tsc -p tsconfig.json`:  node bench/bridge-throughput.mjs [targetMiB=16] [iterations=15] [runs=3]
import { readdirSync, readFileSync } from "node:fs";
import { machineLine, median } from "./lib/process-stats.mjs";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../dist/protocol/jsonl.js";
import { createFrameRouter } from "../dist/bridge/frame-router.js";
import { toClientEvent } from "../dist/bridge/client-events.js";

const root = resolve(import.meta.dirname, "..");
const traceDir = join(root, "test", "fixtures", "traces", "pi-0.73.1");
const targetBytes = Number(process.argv[2] ?? 16) * 1024 * 1024;
const ITERATIONS = Number(process.argv[3] ?? 15);
const RUNS = Number(process.argv[4] ?? 3);
const SEGMENT_BYTES = 512 * 1024;
const CHUNK = 64 * 1024; // a typical pipe read

const baseLines = readdirSync(traceDir)
  .filter((f) => f.endsWith(".jsonl") && !f.includes("timeline"))
  .map((f) => readFileSync(join(traceDir, f), "utf8"))
  .join("")
  .split("\n")
  .filter((l) => l.trim().length > 0);

// Segments of whole lines: each is timed separately for both paths, and the per-segment minimum
// over all iterations is summed. On a shared, loaded machine a preemption then spoils one
// segment of one run instead of a whole run.
const segments = [];
let total = 0;
let current = [];
let currentBytes = 0;
while (total < targetBytes) {
  for (const line of baseLines) {
    current.push(line);
    const size = Buffer.byteLength(line) + 1;
    currentBytes += size;
    total += size;
    if (currentBytes >= SEGMENT_BYTES) {
      segments.push({ lines: current, bytes: Buffer.from(current.join("\n") + "\n", "utf8") });
      current = [];
      currentBytes = 0;
    }
  }
}
if (current.length > 0) segments.push({ lines: current, bytes: Buffer.from(current.join("\n") + "\n", "utf8") });

function bare(segment) {
  let n = 0;
  for (const line of segment.lines) if (JSON.parse(line).type !== undefined) n += 1;
  return n;
}

function bridge(segment) {
  let n = 0;
  let errors = 0;
  const router = createFrameRouter((t) => t);
  const framer = createJsonlFramer({
    onRecord: (line) => {
      if (router.route(line).kind === "protocol_error") errors += 1;
      else n += 1;
    },
  });
  const { bytes } = segment;
  for (let off = 0; off < bytes.length; off += CHUNK)
    framer.push(bytes.subarray(off, Math.min(off + CHUNK, bytes.length)));
  framer.end();
  if (errors > 0) throw new Error(`${errors} protocol errors in a recorded stream`);
  return n;
}

// The router alone on already-split strings: the part of the cost the bridge itself adds
// (the framer's byte→string decoding is the rest).
function routerOnly(segment) {
  let n = 0;
  const router = createFrameRouter((t) => t);
  for (const line of segment.lines) if (router.route(line).kind !== "protocol_error") n += 1;
  return n;
}

// Router plus the client events the UI receives (client-events.ts): the whole decode of a frame.
function routerAndClient(segment) {
  let n = 0;
  const router = createFrameRouter((t) => t);
  for (const line of segment.lines) {
    const routed = router.route(line);
    if (routed.kind === "event" && toClientEvent(routed.event) !== undefined) n += 1;
  }
  return n;
}

function time(fn, segment) {
  const t0 = process.hrtime.bigint();
  const n = fn(segment);
  return { n, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

const LOAD_BEFORE = machineLine();
for (const s of segments.slice(0, 4)) {
  bare(s);
  bridge(s);
}

/** One run: the best time of each segment over ITERATIONS, summed, for each path. */
function run() {
  const bestBare = segments.map(() => Infinity);
  const bestBridge = segments.map(() => Infinity);
  const bestRouter = segments.map(() => Infinity);
  const bestClient = segments.map(() => Infinity);
  let frames = 0;
  for (let i = 0; i < ITERATIONS; i += 1) {
    frames = 0;
    segments.forEach((segment, k) => {
      const a = time(bare, segment);
      const b = time(bridge, segment);
      const c = time(routerOnly, segment);
      const d = time(routerAndClient, segment);
      if (a.n !== b.n) throw new Error(`frame count mismatch: bare ${a.n}, bridge ${b.n}`);
      frames += a.n;
      bestBare[k] = Math.min(bestBare[k], a.ms);
      bestBridge[k] = Math.min(bestBridge[k], b.ms);
      bestRouter[k] = Math.min(bestRouter[k], c.ms);
      bestClient[k] = Math.min(bestClient[k], d.ms);
    });
  }
  const sum = (xs) => xs.reduce((x, y) => x + y, 0);
  return { frames, bare: sum(bestBare), bridge: sum(bestBridge), router: sum(bestRouter), client: sum(bestClient) };
}

const runs = Array.from({ length: RUNS }, run);
const frames = runs[0].frames;
const [bareMs, bridgeMs, routerMs, clientMs] = ["bare", "bridge", "router", "client"].map((k) =>
  median(runs.map((r) => r[k])),
);
const ratios = runs.map((r) => r.bridge / r.bare);
const ratio = median(ratios);
const mib = total / 1024 / 1024;
const perSec = (ms) => Math.round(frames / (ms / 1000)).toLocaleString("en-US");
console.log(
  `stream: ${frames.toLocaleString("en-US")} frames, ${mib.toFixed(1)} MiB (pi 0.73.1 traces, ${CHUNK / 1024} KiB chunks), best of ${ITERATIONS} per ${SEGMENT_BYTES / 1024} KiB segment, median of ${RUNS} runs`,
);
console.log(`  before: ${LOAD_BEFORE}`);
console.log(`  after:  ${machineLine()}`);
console.log(
  `bare JSON.parse of split lines : ${bareMs.toFixed(0)} ms  ${perSec(bareMs)} frames/s  ${(mib / (bareMs / 1000)).toFixed(0)} MiB/s`,
);
console.log(
  `bridge framer + router         : ${bridgeMs.toFixed(0)} ms  ${perSec(bridgeMs)} frames/s  ${(mib / (bridgeMs / 1000)).toFixed(0)} MiB/s`,
);
console.log(
  `  of which router (pre-split): ${routerMs.toFixed(0)} ms  ${(routerMs / bareMs).toFixed(2)}× bare; the rest is the framer's byte→string decoding`,
);
console.log(
  `router + client events (pre-split): ${clientMs.toFixed(0)} ms  ${(clientMs / bareMs).toFixed(2)}× bare (the UI's decode, once, in the bridge)`,
);
console.log(
  `ratio bridge / bare: ${ratio.toFixed(2)}× (runs: ${ratios.map((r) => r.toFixed(2)).join(", ")})  (target ≤ 1.50×: ${ratio <= 1.5 ? "met" : "NOT met"})`,
);
