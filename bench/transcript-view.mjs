#!/usr/bin/env node
// Benchmark (not a test): the transcript view (Ctrl+O) over a 5,000-message session holding
// 20 MB of tool output, rendered by Ink with the app's row cache (ink-testing-library renders
// synchronously, so a key's time is from stdin to the new frame). Each run is a fresh process;
// the figures are medians over the runs, each beside its target, with the machine's load:
// opening (from the store's entries to the first frame), per scroll key kind its slowest press
// and p95 (keys back to back right after opening, while the rest is laid out in the background,
// and after; page keys at a reading pace), a fold toggle, a search and its `n`, and reopening.
// Usage: npm run build && node bench/transcript-view.mjs [--runs 3] [--messages 5000] [--mb 20]
//   (BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each run's process)
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { machineLine, median, percentile } from "./lib/process-stats.mjs";

const CHILD = process.argv.includes("--child");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = arg("messages", 5000);
const MB = arg("mb", 20);
const COLUMNS = 100; // ink-testing-library's stdout is 100 columns wide
const ROWS = 40;
const RUNS = arg("runs", 3);

/** One turn = user prompt, thinking, answer with code, tool call (bash output), final answer. */
function makeEntries(messages = MESSAGES, mb = MB) {
  const turns = Math.ceil(messages / 5);
  const perTool = Math.floor((mb * 1024 * 1024) / turns);
  const line = (t, i) =>
    `${String(i).padStart(5, "0")} turn ${t} ok: compiled module_${i % 97}.ts in ${(i * 7) % 300}ms [cache ${i % 3 ? "hit" : "miss"}]`;
  const entries = [];
  let id = 1;
  for (let t = 0; t < turns; t += 1) {
    entries.push({
      kind: "user",
      id: id++,
      text: `Turn ${t}: please build the project and explain the result of step ${t}.`,
      images: 0,
    });
    entries.push({
      kind: "thinking",
      id: id++,
      text: `The user wants step ${t}. I will run the build, then read the output carefully and summarise it.`,
      continues: false,
    });
    entries.push({
      kind: "markdown",
      id: id++,
      text: `## Step ${t}\n\nI will run the build for **step ${t}** and check the \`output\`.\n\n\`\`\`ts\nexport function step${t}(x: number): number {\n  return x * ${t};\n}\n\`\`\`\n\n- first point ${t}\n- second point`,
      continues: false,
    });
    const out = [];
    let size = 0;
    for (let i = 0; size < perTool; i += 1) {
      const l = line(t, i);
      out.push(l);
      size += l.length + 1;
    }
    const text = out.join("\n");
    entries.push({
      kind: "tool",
      id: id++,
      run: {
        id: `call_${t}`,
        name: "bash",
        args: { command: `npm run build -- --step ${t}` },
        startedAt: 0,
        endedAt: 1200,
        status: "done",
        output: { text, details: undefined, images: 0 },
      },
    });
    entries.push({
      kind: "markdown",
      id: id++,
      text: `The build of step ${t} passed. Nothing else to do.`,
      continues: false,
    });
  }
  return entries.slice(0, messages);
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** The key sequence of one pass: [label, bytes, times]; the view starts at the bottom. */
const KEYS = [
  ["k", "k", 30],
  ["b (page up)", "b", 20],
  ["g (top)", "g", 1],
  ["f (page down)", "f", 20],
  ["j", "j", 30],
  ["} (next tool)", "}", 15],
  ["[ (prev prompt)", "[", 15],
  ["G (bottom)", "G", 1],
  ["ctrl+y (scroll up)", "\u0019", 30],
  ["d (half down)", "d", 10],
  ["u (half up)", "u", 10],
  ["g (top)", "g", 1],
  ["] (next prompt)", "]", 15],
  ["{ (prev tool)", "{", 5],
  ["PgDn", "\u001b[6~", 20],
  ["G (bottom)", "G", 1],
];

const pressLog = [];

/** Keys at a reading pace: a page, read it, the next one (the view works between them). */
const READING_KEYS = [
  ["b (page up)", "b", 12],
  ["g (top)", "g", 1],
  ["f (page down)", "f", 12],
  ["} (next tool)", "}", 8],
];
const READING_GAP_MS = 400;

/** One run in this process: the figures as JSON on stdout. */
async function runOnce() {
  // As in the app (src/tui/main.ts): React's production build, and Ink's row cache.
  process.env["NODE_ENV"] ??= "production";
  const { default: React } = await import("react");
  const { render } = await import("ink-testing-library");
  const { installInkRowCache } = await import("../dist/tui/ink/ink-output-rows.js");
  const { createController } = await import("../dist/tui/controller.js");
  const { ControllerContext } = await import("../dist/tui/components/controller-context.js");
  const { createInitialState } = await import("../dist/tui/state/reducer.js");
  const { createStore } = await import("../dist/tui/state/store.js");
  const { StoreContext } = await import("../dist/tui/state/use-store.js");
  const { TranscriptView } = await import("../dist/tui/transcript-view/transcript-view.js");
  const { KeyRouterRoot } = await import("../dist/tui/input/use-keys.js");
  if (!(await installInkRowCache())) throw new Error("Ink's row cache did not install (another Ink version?)");

  const view = (store, controller) =>
    React.createElement(
      StoreContext.Provider,
      { value: store },
      React.createElement(
        ControllerContext.Provider,
        { value: controller },
        React.createElement(KeyRouterRoot, { overlays: false }, React.createElement(TranscriptView)),
      ),
    );
  const storeOf = (entries) => {
    const state = createInitialState(COLUMNS, ROWS);
    state.transcript = { ...state.transcript, committed: entries, nextId: entries.length + 1 };
    const store = createStore(state, { frameMs: 0 });
    // As in the app: keys reach the view through the key router, the store says the view is open.
    store.dispatch({ type: "transcript_view", open: true });
    const controller = createController({
      store,
      connection: { rpc: {}, respondToUi: () => undefined, getSnapshot: () => ({}) },
      exit: () => undefined,
    });
    return { store, controller };
  };

  // In the app, Ink, React, markdown and the highlighter are loaded and warm before Ctrl+O
  // (render/warm-up.ts runs after the first screen): warm the same way, then open the view
  // once over a small, different session.
  {
    const { WARM_LANGUAGES, highlightCode } = await import("../dist/tui/render/highlight.js");
    const { renderMarkdown } = await import("../dist/tui/render/markdown.js");
    const { warmUpSample } = await import("../dist/tui/render/warm-up.js");
    for (const lang of WARM_LANGUAGES) highlightCode("const x = 1;\n", lang);
    for (let pass = 0; pass < 6; pass += 1)
      renderMarkdown(warmUpSample(pass), COLUMNS - 3, { highlight: pass % 2 === 0 });
    const warm = storeOf(makeEntries(10, 0.01));
    render(view(warm.store, warm.controller)).unmount();
  }
  const entries = makeEntries();
  const { store, controller } = storeOf(entries);

  const open = () => {
    const t = performance.now();
    const c = cpuMs();
    const app = render(view(store, controller));
    const ms = { wall: performance.now() - t, cpu: cpuMs() - c };
    if (!(app.lastFrame() ?? "").includes("passed"))
      throw new Error(`the view did not show the session:\n${app.lastFrame()}`);
    return { app, ms };
  };
  /** Wall and CPU time from writing `key` to the frame it produces (React renders right after). */
  const press = async (app, key) => {
    const before = app.stdout.frames.length;
    const start = process.hrtime.bigint();
    const t = performance.now();
    const c = cpuMs();
    app.stdin.write(key);
    while (app.stdout.frames.length === before) {
      if (performance.now() - t > 5000) throw new Error(`no new frame for ${JSON.stringify(key)}`);
      await new Promise((r) => setImmediate(r));
    }
    const r = { wall: performance.now() - t, cpu: cpuMs() - c };
    pressLog.push([key, Number(start / 1000n), Number(process.hrtime.bigint() / 1000n), r.wall]);
    return r;
  };
  const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, "");
  const position = (app) => /(\d[\d,]*)\/(\d[\d,]*)\s*$/m.exec(plain(app.lastFrame() ?? ""))?.[2] ?? "?";
  const settle = () => new Promise((r) => setTimeout(r, 50)); // input subscriptions start in effects
  /** The keys of `keys` one after the other, `gapMs` apart (each after the last one's frame). */
  const pass = async (app, keys = KEYS, gapMs = 5) => {
    const out = {};
    for (const [label, key, times] of keys) {
      for (let i = 0; i < times; i += 1) {
        const r = await press(app, key);
        (out[label] ??= []).push(r);
        await new Promise((res) => setTimeout(res, gapMs));
      }
    }
    return out;
  };

  const first = open();
  await settle();
  const result = { open: first.ms, rowsAtOpen: position(first.app) };
  // Right after opening the rest of the session is still laid out in the background.
  result.during = await pass(first.app);
  await new Promise((r) => setTimeout(r, 6000));
  result.rowsAfter = position(first.app);
  result.after = await pass(first.app);
  result.reading = await pass(first.app, READING_KEYS, READING_GAP_MS);
  result.fold = await press(first.app, "\r");
  result.expandAll = await press(first.app, "e");
  await press(first.app, "/");
  for (const ch of "module_42.ts in 294m") await press(first.app, ch);
  result.search = await press(first.app, "\r");
  const n = [];
  for (let i = 0; i < 10; i += 1) n.push(await press(first.app, "n"));
  result.n = n;
  first.app.unmount();
  const again = open();
  await settle();
  result.reopen = again.ms;
  again.app.unmount();
  // BENCH_PRESS_LOG=<file>: each press's key, start and end (µs, the clock of a --cpu-prof profile) and ms.
  if (process.env.BENCH_PRESS_LOG) writeFileSync(process.env.BENCH_PRESS_LOG, JSON.stringify(pressLog));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

// ---------------------------------------------------------------- the runs and the report

if (CHILD) {
  await runOnce();
  process.exit(0);
}

const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
const LOAD_BEFORE = machineLine();
const runs = [];
for (let r = 0; r < RUNS; r += 1) {
  const child = spawnSync(
    process.execPath,
    [...NODE_ARGS, import.meta.filename, "--child", "--messages", String(MESSAGES), "--mb", String(MB)],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (child.status !== 0) throw new Error(`run ${r + 1} failed (exit ${child.status})`);
  runs.push(JSON.parse(child.stdout.trim().split("\n").at(-1)));
}

const ms = (x) => `${x.toFixed(1)} ms`;
const mark = (x, target) => (target === undefined ? "    " : x <= target ? "ok  " : "MISS");
/** A figure: the median over the runs of `pick(run)` (wall), with the CPU figure beside it. */
const line = (label, pick, target, note = "") => {
  const wall = median(runs.map((r) => pick(r, "wall")));
  const cpu = median(runs.map((r) => pick(r, "cpu")));
  const goal = target === undefined ? "(no target)" : `<= ${target} ms`;
  console.log(
    `  ${label.padEnd(40)} ${ms(wall).padStart(10)} (cpu ${ms(cpu).padStart(9)})  ${mark(wall, target)} ${goal}${note}`,
  );
};
const of = (samples, field) => samples.map((s) => s[field]);
const max = (xs) => Math.max(...xs);

const entries = makeEntries();
const bytes = entries.reduce((n, e) => n + (e.kind === "tool" ? e.run.output.text.length : 0), 0);
console.log(
  `transcript view: ${entries.length.toLocaleString("en-US")} messages, ${(bytes / 1024 / 1024).toFixed(1)} MB of tool output, ${COLUMNS}x${ROWS}, median of ${RUNS} runs (wall; cpu is the bench process alone)`,
);
console.log(`  before: ${LOAD_BEFORE}`);
console.log(`  after:  ${machineLine()}`);
line("open: entries to first frame", (r, f) => r.open[f], 1000);
console.log(
  `  rows right after opening ${runs[0].rowsAtOpen} (answers not laid out yet are estimated), after the background layout ${runs[0].rowsAfter}`,
);
const PHASES = {
  during: "scroll keys back to back right after opening (the rest is laid out in the background):",
  after: "scroll keys back to back once the background layout is done:",
  reading: `page keys at a reading pace (${READING_GAP_MS} ms apart):`,
};
for (const [phase, title] of Object.entries(PHASES)) {
  console.log(`  ${title}`);
  const all = (r) => Object.values(r[phase]).flat();
  line(`  every key: slowest of ${all(runs[0]).length}`, (r, f) => max(of(all(r), f)), 50);
  line("  every key: p95", (r, f) => percentile(of(all(r), f), 95), 50);
  for (const label of Object.keys(runs[0][phase])) {
    const n = runs[0][phase][label].length;
    line(
      `    ${label}: slowest${n > 1 ? ` of ${n}` : ""}`,
      (r, f) => max(of(r[phase][label], f)),
      50,
      n >= 10 ? `   p95 ${ms(median(runs.map((r) => percentile(of(r[phase][label], "wall"), 95))))}` : "",
    );
  }
}
line("fold toggle (enter)", (r, f) => r.fold[f], 50);
line("expand all (e)", (r, f) => r.expandAll[f], 50);
line("search over everything (enter, cold)", (r, f) => r.search[f], undefined, "  once per query");
line("search: n, slowest of 10", (r, f) => max(of(r.n, f)), 50);
line("reopen (same width, layouts cached)", (r, f) => r.reopen[f], 1000);
