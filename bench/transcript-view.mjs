#!/usr/bin/env node
// Benchmark (not a test): the transcript view (Ctrl+O) over a 5,000-message session holding
// 20 MB of tool output, rendered by Ink (ink-testing-library renders synchronously, so a key's
// time is from stdin to the new frame). Prints each figure beside its target: opening (from
// the store's entries to the first frame), the slowest and p95 scroll key, a fold toggle, a
// search and its `n`, and reopening (layouts cached).
// Usage: npm run build && node bench/transcript-view.mjs [--messages 5000] [--mb 20]
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";

// As in the app (src/tui/main.ts): React's production build. Set before React loads.
process.env["NODE_ENV"] ??= "production";
const { default: React } = await import("react");
const { render } = await import("ink-testing-library");
const { createController } = await import("../dist/tui/controller.js");
const { ControllerContext } = await import("../dist/tui/components/controller-context.js");
const { createInitialState } = await import("../dist/tui/state/reducer.js");
const { createStore } = await import("../dist/tui/state/store.js");
const { StoreContext } = await import("../dist/tui/state/use-store.js");
const { TranscriptView } = await import("../dist/tui/transcript-view/transcript-view.js");
const { KeyRouterRoot } = await import("../dist/tui/components/use-keys.js");

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const MESSAGES = arg("messages", 5000);
const MB = arg("mb", 20);
const COLUMNS = 100; // ink-testing-library's stdout is 100 columns wide
const ROWS = 40;

/** One turn = user prompt, thinking, answer with code, tool call (bash output), final answer. */
function makeEntries(messages = MESSAGES, mb = MB) {
  const turns = Math.ceil(messages / 5);
  const perTool = Math.floor((mb * 1024 * 1024) / turns);
  const line = (t, i) => `${String(i).padStart(5, "0")} turn ${t} ok: compiled module_${i % 97}.ts in ${(i * 7) % 300}ms [cache ${i % 3 ? "hit" : "miss"}]`;
  const entries = [];
  let id = 1;
  for (let t = 0; t < turns; t += 1) {
    entries.push({ kind: "user", id: id++, text: `Turn ${t}: please build the project and explain the result of step ${t}.`, images: 0 });
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
    entries.push({ kind: "markdown", id: id++, text: `The build of step ${t} passed. Nothing else to do.`, continues: false });
  }
  return entries.slice(0, messages);
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
  return { max: sorted.at(-1) ?? 0, p95 };
}

const report = (label, value, target) => console.log(`${label.padEnd(46)} ${value.padStart(24)}   target ${target}`);
console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores (wall times grow with it; cpu is this process alone)`);

const entries = makeEntries();
const bytes = entries.reduce((n, e) => n + (e.kind === "tool" ? e.run.output.text.length : 0), 0);
console.log(`session: ${entries.length.toLocaleString("en-US")} messages, ${(bytes / 1024 / 1024).toFixed(1)} MB of tool output, ${COLUMNS}x${ROWS}`);

const state = createInitialState(COLUMNS, ROWS);
state.transcript = { ...state.transcript, committed: entries, nextId: entries.length + 1 };
const store = createStore(state, { frameMs: 0 });
const controller = createController({ store, connection: { rpc: {}, respondToUi: () => undefined, getSnapshot: () => ({}) }, exit: () => undefined });
// As in the app: keys reach the view through the key router, the store says the view is open.
store.dispatch({ type: "transcript_view", open: true });
const view = (s) =>
  React.createElement(
    StoreContext.Provider,
    { value: s },
    React.createElement(
      ControllerContext.Provider,
      { value: controller },
      React.createElement(KeyRouterRoot, { overlays: false }, React.createElement(TranscriptView)),
    ),
  );
const tree = () => view(store);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Time from writing `key` to the frame it produces (React schedules the render right after):
 * wall clock, and CPU time of this process (what the key costs, whatever else runs on the box).
 */
async function press(app, key) {
  const before = app.frames.length;
  const t = performance.now();
  const c = cpuMs();
  app.stdin.write(key);
  while (app.frames.length === before) {
    if (performance.now() - t > 5000) throw new Error(`no new frame for ${JSON.stringify(key)}`);
    await new Promise((r) => setImmediate(r));
  }
  return { wall: performance.now() - t, cpu: cpuMs() - c };
}

const both = (r) => `${r.wall.toFixed(1)} ms (cpu ${r.cpu.toFixed(1)})`;

function open() {
  const t = performance.now();
  const c = cpuMs();
  const app = render(tree());
  const ms = { wall: performance.now() - t, cpu: cpuMs() - c };
  const frame = app.lastFrame() ?? "";
  if (!frame.includes("passed")) throw new Error(`the view did not show the session:\n${frame}`);
  return {
    app: {
      ...app,
      get frames() {
        return app.stdout.frames;
      },
    },
    ms,
  };
}

const settle = () => new Promise((r) => setTimeout(r, 50)); // input subscriptions start in effects

// In the app, Ink, React, markdown and the highlighter are loaded and warm before Ctrl+O:
// open the view once over a small, different session first.
{
  const warmState = createInitialState(COLUMNS, ROWS);
  warmState.transcript = { ...warmState.transcript, committed: makeEntries(10, 0.01) };
  const warmStore = createStore(warmState, { frameMs: 0 });
  warmStore.dispatch({ type: "transcript_view", open: true });
  const warm = render(view(warmStore));
  warm.unmount();
}
const first = open();
await settle();
report("open: entries to first frame", both(first.ms), "< 1000 ms");
const plain = (s) => s.replace(/\u001b\[[0-9;]*m/g, "");
const position = () => /(\d[\d,]*)\/(\d[\d,]*)\s*$/m.exec(plain(first.app.lastFrame() ?? ""))?.[2] ?? "?";
console.log(`  position total right after opening: ${position()} rows (answers not yet laid out are estimated)`);

const keys = [
  ...Array(40).fill("k"),
  ...Array(20).fill("b"),
  "g",
  ...Array(20).fill("f"),
  ...Array(20).fill("}"),
  ...Array(20).fill("["),
  "G",
  ...Array(40).fill("\u0019"),
  ...Array(40).fill("j"),
  ...Array(10).fill("d"),
  ...Array(10).fill("u"),
];
async function scrollKeys(label) {
  const samples = [];
  for (const k of keys) samples.push(await press(first.app, k));
  const wall = stats(samples.map((s) => s.wall));
  const cpu = stats(samples.map((s) => s.cpu));
  report(`${label}: max of ${keys.length}`, both({ wall: wall.max, cpu: cpu.max }), "< 50 ms");
  report(`${label}: p95`, both({ wall: wall.p95, cpu: cpu.p95 }), "< 50 ms");
  const worst = samples
    .map((s, i) => ({ ...s, key: keys[i] }))
    .sort((a, b) => b.cpu - a.cpu)
    .slice(0, 3);
  console.log(`  slowest: ${worst.map((w) => `${JSON.stringify(w.key)} ${w.cpu.toFixed(1)} ms cpu`).join(", ")}`);
}
// Right after opening the answers are still laid out in the background (short slices).
await scrollKeys("scroll key during background layout");
await new Promise((r) => setTimeout(r, 4000));
console.log(`  position total after the background layout: ${position()} rows`);
await scrollKeys("scroll key (j k f b d u g G [ } ctrl+y)");
report("fold toggle (enter)", both(await press(first.app, "\r")), "< 50 ms");
report("expand all (e)", both(await press(first.app, "e")), "< 50 ms");
await press(first.app, "/");
for (const ch of "module_42.ts in 294m") await press(first.app, ch);
report("search over everything (enter, cold)", both(await press(first.app, "\r")), "(no target: once per query)");
report("search: n (next match)", both(await press(first.app, "n")), "< 50 ms");
first.app.unmount();
const again = open();
await settle();
report("reopen (same width, layouts cached)", both(again.ms), "< 1000 ms");
again.app.unmount();
process.exit(0);
