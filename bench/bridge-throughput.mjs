#!/usr/bin/env node
// Bridge throughput: frames parsed and routed per second (JSONL framer + frame router, as the
// client runs them on worker stdout) vs bare JSON.parse of the same lines, in the same run.
// Input: every recorded pi 0.73.1 trace, repeated into a large stream. Target: ratio ≤ 1.5.
// Run after `npx tsc -p tsconfig.json`:  node bench/bridge-throughput.mjs [targetMiB]
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createJsonlFramer } from "../dist/protocol/jsonl.js";
import { createFrameRouter } from "../dist/bridge/frame-router.js";

const root = resolve(import.meta.dirname, "..");
const traceDir = join(root, "test", "fixtures", "traces", "pi-0.73.1");
const targetBytes = Number(process.argv[2] ?? 64) * 1024 * 1024;

const base = readdirSync(traceDir)
  .filter((f) => f.endsWith(".jsonl") && !f.includes("timeline"))
  .map((f) => readFileSync(join(traceDir, f), "utf8"))
  .join("");
const baseLines = base.split("\n").filter((l) => l.trim().length > 0);
const lines = [];
let bytes = 0;
while (bytes < targetBytes) {
  for (const l of baseLines) {
    lines.push(l);
    bytes += Buffer.byteLength(l) + 1;
  }
}
const stream = Buffer.from(lines.join("\n") + "\n", "utf8");
const CHUNK = 64 * 1024; // a typical pipe read

function bare() {
  let n = 0;
  for (const line of lines) {
    const v = JSON.parse(line);
    if (v.type !== undefined) n += 1;
  }
  return n;
}

function bridge() {
  let n = 0;
  let errors = 0;
  const router = createFrameRouter((t) => t);
  const framer = createJsonlFramer({
    onRecord: (line) => {
      const routed = router.route(line);
      if (routed.kind === "protocol_error") errors += 1;
      else n += 1;
    },
  });
  for (let off = 0; off < stream.length; off += CHUNK) framer.push(stream.subarray(off, Math.min(off + CHUNK, stream.length)));
  framer.end();
  if (errors > 0) throw new Error(`${errors} protocol errors in a recorded stream`);
  return n;
}

function time(fn) {
  const t0 = process.hrtime.bigint();
  const n = fn();
  return { n, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

// Warm up both paths, then alternate runs and keep the best of each (least noise on a shared box).
bare();
bridge();
let bestBare = Infinity;
let bestBridge = Infinity;
let frames = 0;
for (let i = 0; i < 5; i += 1) {
  const a = time(bare);
  const b = time(bridge);
  if (a.n !== b.n) throw new Error(`frame count mismatch: bare ${a.n}, bridge ${b.n}`);
  frames = a.n;
  bestBare = Math.min(bestBare, a.ms);
  bestBridge = Math.min(bestBridge, b.ms);
}
const mib = stream.length / 1024 / 1024;
const perSec = (ms) => Math.round(frames / (ms / 1000)).toLocaleString("en-US");
const ratio = bestBridge / bestBare;
console.log(`stream: ${frames.toLocaleString("en-US")} frames, ${mib.toFixed(1)} MiB (pi 0.73.1 traces, ${CHUNK / 1024} KiB chunks)`);
console.log(`bare JSON.parse of split lines : ${bestBare.toFixed(0)} ms  ${perSec(bestBare)} frames/s  ${(mib / (bestBare / 1000)).toFixed(0)} MiB/s`);
console.log(`bridge framer + router         : ${bestBridge.toFixed(0)} ms  ${perSec(bestBridge)} frames/s  ${(mib / (bestBridge / 1000)).toFixed(0)} MiB/s`);
console.log(`ratio bridge / bare: ${ratio.toFixed(2)}×  (target ≤ 1.50×: ${ratio <= 1.5 ? "met" : "NOT met"})`);
