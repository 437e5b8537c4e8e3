#!/usr/bin/env node
// Benchmark (not a test): the CPU agent-tui's UI spends on one streamed answer, measured inside
// one process so that the machine's load does not change the work: the built app (dist/) renders
// into a fake 100x30 terminal while the same markdown answer as bench/render-stream arrives as
// message_update events, `--batch` deltas per store dispatch (what one read of the worker's
// pipe brings) and one frame every `--frame` deltas (the store's 100 ms at 1,000 tokens/s).
// Frames are driven by the bench, not by timers, so each run renders the same frames.
// Each run is a new process (cold, as a TUI's first answer is). Prints CPU (user+system of the
// whole process: React, Ink, GC and compiler threads) per frame and in all, bytes written and
// frames. Compare builds: --root <checkout with dist built>.
// Usage: npm run build && node bench/live-render-cost.mjs [--lines 2000] [--runs 5] [--batch 4]
//   [--frame 50] [--root .]
import { spawnSync } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { median, percentile } from "./lib/process-stats.mjs";
import { makeMarkdown, streamStep } from "./lib/tui-under-pty.mjs";

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const LINES = Number(arg("lines", 2000));
const RUNS = Number(arg("runs", 5));
const BATCH = Number(arg("batch", 4));
const FRAME = Number(arg("frame", 50));
const ROOT = resolve(arg("root", resolve(import.meta.dirname, "..")));
process.env.NODE_ENV ??= "production";
const load = (p) => import(pathToFileURL(join(ROOT, "dist", p)).href);

await (await load("tui/ink/ink-output-rows.js")).installInkRowCache();
const React = (await import("react")).default;
const { render } = await import("ink");
const { App } = await load("tui/components/app.js");
const { createController } = await load("tui/controller.js");
const { createInitialState } = await load("tui/state/reducer.js");
const { createStore } = await load("tui/state/store.js");
// A build from before render/warm-up.ts warmed only the highlighter.
const { warmUpRendering } = await load("tui/render/warm-up.js").catch(async () => {
  const { warmUpHighlighter } = await load("tui/render/highlight.js");
  return { warmUpRendering: (ms) => warmUpHighlighter(ms) };
});
const { warmUpInkRows } = await load("tui/ink/ink-output-rows.js");

function fakeTerminal() {
  const out = new Writable({
    write(chunk, _enc, cb) {
      out.bytes += chunk.length;
      cb();
    },
  });
  Object.assign(out, { isTTY: true, columns: 100, rows: 30, bytes: 0 });
  const input = new Readable({ read() {} });
  Object.assign(input, { isTTY: true, setRawMode: () => input, ref: () => input, unref: () => input });
  return { out, input };
}

const stubConnection = new Proxy({}, { get: () => () => Promise.resolve(undefined) });
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

async function runOnce(chunks) {
  const store = createStore(createInitialState(100, 30), { setTimer: () => undefined });
  const controller = createController({ store, connection: stubConnection, exit: () => undefined });
  const { out, input } = fakeTerminal();
  // maxFps high: the bench, not Ink's throttle, decides when frames happen.
  const ink = render(React.createElement(App, { store, controller }), {
    stdout: out,
    stdin: input,
    maxFps: 1000,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  store.flush();
  await pause(5);
  const event = (e) => ({ type: "agent_event", event: e, now: Date.now() });
  const start = { role: "assistant", blocks: [], stopReason: undefined };
  store.dispatchAll([
    { type: "run_state", busy: true, now: Date.now() },
    event({ type: "message_start", message: start }),
  ]);
  store.flush();
  await pause(5);
  const bytes0 = out.bytes;
  const cpu0 = process.cpuUsage();
  let frames = 0;
  const frameMs = [];
  for (let i = 0; i < chunks.length; i += BATCH) {
    const batch = chunks.slice(i, i + BATCH).map((delta) =>
      event({
        type: "message_update",
        delta: { kind: "text_delta", index: 0, delta },
        usage: undefined,
        snapshot: undefined,
      }),
    );
    store.dispatchAll(batch);
    if (Math.floor((i + BATCH) / FRAME) > Math.floor(i / FRAME)) {
      // CPU, not wall time: on a loaded machine a frame's wall time is mostly waiting for a core.
      if (frames === 0 && process.env.BENCH_FRAMES)
        process.stderr.write(`first frame at hrtime ${process.hrtime.bigint() / 1000n} us\n`);
      const c0 = process.cpuUsage();
      store.flush();
      // React renders in a microtask and Ink writes from its commit; setImmediate runs after both.
      await new Promise((r) => setImmediate(r));
      const c = process.cpuUsage(c0);
      frameMs.push((c.user + c.system) / 1000);
      frames += 1;
      await pause(2); // Ink's throttle (1 ms at maxFps 1000) lets the next frame through
    }
  }
  const text = chunks.join("");
  store.dispatchAll([
    event({
      type: "message_end",
      message: { role: "assistant", blocks: [{ type: "text", text }], stopReason: "stop" },
    }),
    { type: "run_state", busy: false, now: Date.now() },
  ]);
  store.flush();
  await pause(5);
  const cpu = process.cpuUsage(cpu0);
  const bytes = out.bytes - bytes0;
  ink.unmount();
  ink.cleanup();
  // CPU of each frame (React + Ink + the write, all threads), the first second's apart.
  const firstSecond = frameMs.slice(0, Math.ceil(1000 / 100));
  if (process.env.BENCH_FRAMES) process.stderr.write(`frames: ${frameMs.map((t) => t.toFixed(0)).join(" ")}\n`);
  return {
    cpu: (cpu.user + cpu.system) / 1e6,
    frames,
    bytes,
    maxFrameMs: Math.max(...frameMs),
    p95FrameMs: percentile(frameMs, 95),
    firstSecondMaxMs: Math.max(...firstSecond),
    over16: frameMs.filter((t) => t > 16).length,
  };
}

const markdown = makeMarkdown(LINES);
const { chunks } = streamStep(markdown, 1000);
if (process.argv.includes("--child")) {
  // One cold run, as agent-tui's first answer is (BENCH_NO_WARM_UP=1: without the idle warm-up).
  // What run.tsx does once the first screen is drawn (the bench's prompt waits as long).
  if (process.env.BENCH_NO_WARM_UP === undefined) warmUpRendering(0, () => 100, warmUpInkRows);
  await pause(1500);
  process.stdout.write(`${JSON.stringify(await runOnce(chunks))}\n`);
  process.exit(0);
}
console.log(
  `live-render-cost: ${ROOT}, ${LINES}-line answer in ${chunks.length} deltas, ${BATCH} per dispatch, a frame every ${FRAME} deltas, median of ${RUNS} runs, each in a new process`,
);
const results = [];
for (let run = 1; run <= RUNS; run++) {
  const child = spawnSync(process.execPath, [...process.argv.slice(1), "--child"], {
    encoding: "utf8",
    env: process.env,
  });
  const r = JSON.parse(child.stdout.trim().split("\n").at(-1));
  results.push(r);
  if (process.env.BENCH_VERBOSE)
    console.log(`  run ${run}: ${JSON.stringify(r, (_, v) => (typeof v === "number" ? Number(v.toFixed(2)) : v))}`);
}
const frameFig = (key) => median(results.map((r) => r[key])).toFixed(1);
const cpu = median(results.map((r) => r.cpu));
const frames = median(results.map((r) => r.frames));
const bytes = median(results.map((r) => r.bytes));
console.log(
  `  CPU ${cpu.toFixed(3)} s (${((1000 * cpu) / frames).toFixed(2)} ms per frame), ${frames} frames, ${bytes} bytes (${(bytes / Buffer.byteLength(markdown)).toFixed(2)} x answer)`,
);
console.log(
  `  frame CPU (ms): p95 ${frameFig("p95FrameMs")} ms, max ${frameFig("maxFrameMs")} ms, max in the first 10 frames ${frameFig("firstSecondMaxMs")} ms, frames over 16 ms ${frameFig("over16")} (target 0)`,
);
process.exit(0);
