#!/usr/bin/env node
// Benchmark (not a test): agent-tui under a pty streams a 2,000-line markdown answer with code
// blocks from the scripted model at ~1,000 tokens/s, at 100x30 and 60x20, and prints each
// figure beside its target: clear-screen sequences, bytes written ÷ bytes of the final
// transcript, p95 keystroke→echo delay while streaming, CPU seconds per 1,000 deltas.
// Usage: npm run build && node bench/render-stream.mjs [--lines 2000] [--tps 1000]
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as pty from "node-pty";
import { startFakeLlm } from "../test/fixtures/fake-llm-server.mjs";

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless");
const ROOT = resolve(import.meta.dirname, "..");
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const LINES = arg("lines", 2000);
const TPS = arg("tps", 1000);
const CLK_TCK = 100;

function makeMarkdown(lines) {
  const out = [];
  let s = 0;
  while (out.length < lines) {
    s += 1;
    out.push(`## Section ${s}`, "", `This is paragraph ${s} with **bold**, *emphasis* and \`inline code\`. It explains step ${s} of the plan in a sentence long enough to wrap at sixty columns.`, "");
    out.push(`- item one of ${s}`, `- item two of ${s}`, `- item three with a [link](https://example.com/${s})`, "");
    out.push("```ts", `export function step${s}(input: number): number {`, `  const doubled = input * 2; // section ${s}`, "  if (doubled > 100) {", "    return doubled - 100;", "  }", "  return doubled;", "}", "```", "");
    out.push(`> Note ${s}: quoted remark.`, "");
  }
  out.length = lines;
  out.push("", "BENCH-END");
  return out.join("\n");
}

/** ~4 characters per token, like real models. */
function tokenize(text) {
  return text.match(/[\s\S]{1,4}/g) ?? [];
}

function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return NaN;
  }
}

async function sandbox(step) {
  const root = mkdtempSync(join(tmpdir(), "tui-bench-"));
  const dirs = { home: join(root, "home"), agent: join(root, "agent"), cwd: join(root, "cwd"), tmp: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const llm = await startFakeLlm({ script: [step] });
  const models = { providers: { fake: { baseUrl: llm.baseUrl, api: "openai-completions", apiKey: "fake-key", models: [{ id: "fake-model", name: "Fake Model", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 100000 }] } } };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models));
  writeFileSync(join(dirs.agent, "settings.json"), JSON.stringify({ defaultProvider: "fake", defaultModel: "fake-model" }));
  const env = { ...(process.env.AGENT_TUI_RENDER_LOG ? { AGENT_TUI_RENDER_LOG: process.env.AGENT_TUI_RENDER_LOG } : {}), PATH: process.env.PATH, HOME: dirs.home, TMPDIR: dirs.tmp, LANG: "C.UTF-8", TERM: "xterm-256color", AGENT_TUI_HOME: dirs.agent };
  return { llm, env, cwd: dirs.cwd, dispose: async () => { await llm.close(); rmSync(root, { recursive: true, force: true }); } };
}

async function runOnce(cols, rows, markdown) {
  process.env.FORCE_COLOR ??= "1"; // highlight in this (non-TTY) process like the TUI does on a TTY
  const tokens = tokenize(markdown);
  // Timers tick in whole milliseconds: send a few tokens per SSE delta to reach the rate.
  const perDelta = Math.max(1, Math.ceil(TPS / 500));
  const deltas = [];
  for (let i = 0; i < tokens.length; i += perDelta) deltas.push(tokens.slice(i, i + perDelta).join(""));
  const delayMs = Math.max(1, Math.round((1000 * perDelta) / TPS));
  const box = await sandbox({ kind: "text", matchLastUser: "BENCH", chunks: deltas, delayMs });
  const term = new Terminal({ cols, rows, scrollback: 100000, allowProposedApi: true });
  const child = pty.spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), join(ROOT, "bin", "agent-tui.js"), "--provider", "fake", "--model", "fake-model", "--no-session"], { name: "xterm-256color", cols, rows, cwd: box.cwd, env: box.env });
  let raw = "";
  let measuring = false;
  let bytes = 0;
  const onScreen = [];
  child.onData((d) => {
    if (measuring) {
      raw += d;
      bytes += Buffer.byteLength(d);
    }
    term.write(d, () => { for (const f of onScreen.splice(0)) f(); });
  });
  const screen = () => {
    const b = term.buffer.active;
    const out = [];
    for (let i = b.baseY; i < b.baseY + term.rows; i++) out.push(b.getLine(i)?.translateToString(true) ?? "");
    return out;
  };
  const waitFor = (cond, ms) => new Promise((res, rej) => {
    const start = Date.now();
    const check = () => {
      if (cond()) return res(Date.now() - start);
      if (Date.now() - start > ms) return rej(new Error(`timeout; screen:\n${screen().join("\n")}`));
      setTimeout(check, 5);
    };
    check();
  });
  await waitFor(() => screen().some((l) => l.includes("Fake Model")), 30000);
  for (const ch of "BENCH go") child.write(ch);
  await waitFor(() => screen().some((l) => l.startsWith("› BENCH go")), 5000);
  measuring = true;
  const cpu0 = cpuSeconds(child.pid);
  const t0 = Date.now();
  child.write("\r");
  await waitFor(() => screen().some((l) => l.includes("Working")), 10000);
  // Keystrokes while streaming: one every 150 ms, delay until it shows in the editor row.
  const delays = [];
  let typed = 0;
  let streaming = true;
  const typer = (async () => {
    while (streaming && delays.length < 300) {
      await new Promise((r) => setTimeout(r, 150));
      if (!streaming) break;
      // Keep the typed run on one editor row: clear it (Ctrl+W) before it would wrap.
      if (typed >= cols - 12) {
        child.write("\u0017");
        try {
          await waitFor(() => screen().some((l) => l.startsWith("› ") && !l.includes("k")), 3000);
        } catch {
          // keep going: the next echo check fails and counts as a 3 s delay
        }
        typed = 0;
      }
      typed += 1;
      const want = "k".repeat(typed);
      const sent = performance.now();
      child.write("k");
      try {
        await waitFor(() => screen().some((l) => l.startsWith("› ") && l.includes(want)), 3000);
        delays.push(performance.now() - sent);
      } catch {
        delays.push(3000);
      }
    }
  })();
  await waitFor(() => screen().some((l) => l.includes("BENCH-END")) && !screen().some((l) => l.includes("Working")), 600000);
  streaming = false;
  await typer;
  const seconds = (Date.now() - t0) / 1000;
  const cpu = cpuSeconds(child.pid) - cpu0;
  measuring = false;
  // Final transcript as rendered: all rows from the prompt line to BENCH-END, as UTF-8 text.
  const b = term.buffer.active;
  const all = [];
  for (let i = 0; i < b.length; i++) all.push(b.getLine(i)?.translateToString(true) ?? "");
  const start = all.findIndex((l) => l.startsWith("› BENCH go"));
  const end = all.findIndex((l) => l.includes("BENCH-END"));
  const plainBytes = Buffer.byteLength(all.slice(start, end + 1).join("\n"));
  // The transcript as the TUI renders it once (styled rows from its own markdown renderer).
  const { renderMarkdown } = await import("../dist/tui/render/markdown.js");
  const transcriptBytes = Buffer.byteLength(["› BENCH go", "", ...renderMarkdown(markdown, cols)].join("\n"));
  const clears2J = raw.split("\u001b[2J").length - 1;
  const clears3J = raw.split("\u001b[3J").length - 1;
  if (process.env.BENCH_VERBOSE) {
    const frames = raw.split("\u001b[?2026h").slice(1);
    const sizes = frames.map((f) => Buffer.byteLength(f)).sort((a, c) => a - c);
    console.log("delays", delays.map((d) => Math.round(d)).join(" "));
    console.log("frames", frames.length, "median bytes", sizes[sizes.length >> 1], "max", sizes[sizes.length - 1], "sum", sizes.reduce((a, c) => a + c, 0));
  }
  delays.sort((a, c) => a - c);
  const p95 = delays.length ? delays[Math.min(delays.length - 1, Math.floor(delays.length * 0.95))] : NaN;
  child.write("\u0003");
  child.write("\u0003");
  await new Promise((r) => { const t = setTimeout(r, 5000); child.onExit(() => { clearTimeout(t); r(); }); });
  child.kill();
  await box.dispose();
  return { cols, rows, tokens: tokens.length, deltas: deltas.length, seconds, tps: tokens.length / seconds, clears2J, clears3J, bytes, transcriptBytes, ratio: bytes / transcriptBytes, plainRatio: bytes / plainBytes, p95, samples: delays.length, cpu, cpuPer1000: (cpu / deltas.length) * 1000, lines: end - start + 1 };
}

const markdown = makeMarkdown(LINES);
console.log(`render-stream: ${LINES}-line markdown answer, target ${TPS} tokens/s (~4 chars/token)`);
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(",").map((s) => s.split("x").map(Number)) : [[100, 30], [60, 20]];
for (const [cols, rows] of SIZES) {
  const r = await runOnce(cols, rows, markdown);
  const mark = (ok) => (ok ? "ok " : "MISS");
  console.log(`\n${cols}x${rows}: ${r.tokens} tokens in ${r.deltas} deltas, ${r.seconds.toFixed(1)} s (${r.tps.toFixed(0)} tokens/s), ${r.lines} transcript rows`);
  console.log(`  ${mark(r.clears2J + r.clears3J === 0)} clear-screen sequences: ESC[2J ${r.clears2J}, ESC[3J ${r.clears3J}   (target 0)`);
  console.log(`  ${mark(r.ratio <= 3)} bytes written / final rendered transcript bytes: ${r.bytes} / ${r.transcriptBytes} = ${r.ratio.toFixed(2)}   (target <= 3; vs unstyled screen text: ${r.plainRatio.toFixed(2)})`);
  console.log(`  ${mark(r.p95 <= 50)} p95 keystroke->echo while streaming: ${r.p95.toFixed(1)} ms over ${r.samples} keys   (target <= 50 ms)`);
  console.log(`  ${"   "} TUI CPU: ${r.cpu.toFixed(2)} s, ${r.cpuPer1000.toFixed(3)} s per 1,000 deltas`);
}
process.exit(0);
