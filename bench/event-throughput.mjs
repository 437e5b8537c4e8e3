#!/usr/bin/env node
// Event-throughput bench: how many message_update delta frames per second agent-rpc's writer
// (translation from pi-agent-core events + serialisation + batched pipe writes) sustains into
// a pipe drained by a child process, and bytes per delta frame as the message grows — flat in
// our delta form, growing in pi 0.73.1's form (cumulative `message` + `partial` per delta).
// Usage: node bench/event-throughput.mjs [frames=200000]   (build first: npx tsc -p tsconfig.json)

import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const { createFrameWriter } = await import(resolve(ROOT, "dist/agent/rpc/frame-writer.js"));
const { toWireEvent } = await import(resolve(ROOT, "dist/agent/runtime/event-translator.js"));
const { serializeFrame } = await import(resolve(ROOT, "dist/protocol/jsonl.js"));

const FRAMES = Number(process.argv[2] ?? "200000");
const TARGET_FPS = 50_000;

const usage = () => ({ input: 1200, output: 3, cacheRead: 0, cacheWrite: 0, totalTokens: 1203, cost: { input: 0.0036, output: 0.000045, cacheRead: 0, cacheWrite: 0, total: 0.003645 } });
function partialWithText(text) {
  return { role: "assistant", content: [{ type: "text", text }], api: "anthropic-messages", provider: "anthropic", model: "claude-sonnet-4-20250514", usage: usage(), stopReason: "stop", timestamp: 1733234567990 };
}
// pi-agent-core's event for one delta; the partial is shared, as in the real loop.
function agentEvent(partial, delta) {
  return { type: "message_update", message: partial, assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta, partial } };
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
console.log(`  ${Math.round(fps).toLocaleString("en-US")} frames/s   target >= ${TARGET_FPS.toLocaleString("en-US")}/s   ${fps >= TARGET_FPS ? "OK" : "MISSED"}`);

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
