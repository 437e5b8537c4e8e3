#!/usr/bin/env node
// Big-event bench: where the time goes in agent-tui when a worker sends ONE huge event (a 20 MB
// tool result on one line, a 20 MB answer of short lines, a 20 MB delta): JSONL framing, frame
// routing, the bridge's one decode into ClientEvent, reducer, and the rows drawn for it (live tool pane and streaming tail,
// committed entry). Each stage prints its time; the whole must stay below the 2 s within which
// an exit key or signal must be acted on. Rows are bounded previews (src/tui/render/preview.ts).
// Usage: node bench/big-event.mjs [megabytes=20]   (build first: npx tsc -p tsconfig.json)
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const load = (p) => import(resolve(ROOT, "dist", p));
const { createJsonlFramer } = await load("protocol/jsonl.js");
const { createFrameRouter } = await load("bridge/frame-router.js");
const { toClientEvent } = await load("bridge/client-events.js");
const { noticesToActions } = await load("tui/session/bridge-notices.js");
const { createInitialState, reduce } = await load("tui/state/reducer.js");
const { entryLines } = await load("tui/render/entry-lines.js");
const { runningToolLines, streamLines } = await load("tui/render/live-lines.js");

const MB = Number(process.argv[2] ?? "20");
const TARGET_MS = 2000;
const size = MB * 1024 * 1024;

function time(label, fn) {
  const t = performance.now();
  const out = fn();
  const ms = performance.now() - t;
  console.log(`  ${label.padEnd(34)} ${ms.toFixed(0).padStart(6)} ms`);
  return { out, ms };
}

function run(name, frames) {
  console.log(`${name} (${MB} MB in one frame)`);
  let total = 0;
  const lines = [];
  const wire = Buffer.from(frames.map((f) => `${JSON.stringify(f)}\n`).join(""));
  total += time("framer (64 KB reads)", () => {
    const framer = createJsonlFramer({ onRecord: (l) => lines.push(l) });
    for (let i = 0; i < wire.length; i += 65536) framer.push(wire.subarray(i, i + 65536));
  }).ms;
  const router = createFrameRouter((t) => t);
  const routed = time("route (JSON.parse)", () => lines.map((l) => router.route(l)));
  total += routed.ms;
  const decoded = time("decode into ClientEvent", () =>
    routed.out.filter((r) => r.kind === "event").map((r) => toClientEvent(r.event)),
  );
  total += decoded.ms;
  const notices = decoded.out.filter((e) => e !== undefined).map((event) => ({ kind: "event", event }));
  let state = createInitialState(100, 30);
  const actions = time("noticesToActions", () => noticesToActions(notices, 1000));
  total += actions.ms;
  total += time("reducer", () => {
    for (const a of actions.out) state = reduce(state, a);
  }).ms;
  // What the screen shows: the live pane while it runs, then the committed entry (once).
  total += time(
    "live rows (tool pane + stream)",
    () => runningToolLines(state, 1000, 99, 20).length + streamLines(state.transcript.live, 99, 20, true).length,
  ).ms;
  const rows = time("committed entry rows", () =>
    state.transcript.committed.reduce(
      (n, e) => n + entryLines(e, { width: 99, showThinking: true, toolsExpanded: false }).length,
      0,
    ),
  );
  total += rows.ms;
  console.log(
    `  ${"total".padEnd(34)} ${total.toFixed(0).padStart(6)} ms   target < ${TARGET_MS} ms   ${total < TARGET_MS ? "OK" : "MISSED"}   (${rows.out} rows drawn)`,
  );
}

const big = "x".repeat(size);
const textResult = (text) => ({ content: [{ type: "text", text }] });
run("tool result, one line", [
  { type: "tool_execution_start", toolCallId: "t", toolName: "bash", args: { command: "cat big" } },
  { type: "tool_execution_update", toolCallId: "t", toolName: "bash", args: {}, partialResult: textResult(big) },
]);
run("tool result ended, one line", [
  { type: "tool_execution_start", toolCallId: "t", toolName: "bash", args: { command: "cat big" } },
  { type: "tool_execution_end", toolCallId: "t", toolName: "bash", result: textResult(big), isError: false },
]);
const manyLines = `${"y".repeat(99)}\n`.repeat(Math.ceil(size / 100));
run("assistant message, 100-char lines", [
  { type: "message_start", message: { role: "assistant", content: [], timestamp: 0 } },
  {
    type: "message_end",
    message: { role: "assistant", content: [{ type: "text", text: manyLines }], stopReason: "stop", timestamp: 0 },
  },
]);
run("assistant delta, one line", [
  { type: "message_start", message: { role: "assistant", content: [], timestamp: 0 } },
  { type: "message_update", assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: big } },
]);
