// Runs a TUI (agent-tui, or pi 0.73.1's own TUI from the devDependency) under a pseudo-terminal
// against the scripted fake model in its own process, and reads its screen through
// @xterm/headless: the sandbox, the streamed markdown answer, the targets and how to find each
// one's editor and footer on the screen.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import * as pty from "node-pty";
import { cpuSeconds, descendants } from "./process-stats.mjs";

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless");
export const ROOT = resolve(import.meta.dirname, "..", "..");
export const PI_CLI = join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js");

/** A markdown answer of `lines` lines (headings, lists, code blocks, quotes), ending in BENCH-END. */
export function makeMarkdown(lines, { wide = false } = {}) {
  // wide: longer prose (~39 bytes a line, like a model's answer), for the burst bench.
  const more = wide
    ? " It also names the inputs, the outputs and what can go wrong on the way, and why it matters for the whole plan here."
    : "";
  const out = [];
  let s = 0;
  while (out.length < lines) {
    s += 1;
    out.push(
      `## Section ${s}`,
      "",
      `This is paragraph ${s} with **bold**, *emphasis* and \`inline code\`. It explains step ${s} of the plan in a sentence long enough to wrap at sixty columns.${more}`,
      "",
    );
    out.push(
      `- item one of ${s}${more.slice(0, 60)}`,
      `- item two of ${s}${more.slice(0, 60)}`,
      `- item three with a [link](https://example.com/${s})`,
      "",
    );
    out.push(
      "```ts",
      `export function step${s}(input: number): number {`,
      `  const doubled = input * 2; // section ${s}`,
      "  if (doubled > 100) {",
      "    return doubled - 100;",
      "  }",
      "  return doubled;",
      "}",
      "```",
      "",
    );
    out.push(`> Note ${s}: quoted remark.${more}`, "");
  }
  out.length = lines;
  out.push("", "BENCH-END");
  return out.join("\n");
}

/** The answer as SSE deltas at `tps` tokens/s (~4 characters a token, like real models). */
export function streamStep(markdown, tps) {
  const tokens = markdown.match(/[\s\S]{1,4}/g) ?? [];
  // Timers tick in whole milliseconds: send a few tokens per SSE delta to reach the rate.
  const perDelta = Math.max(1, Math.ceil(tps / 500));
  const chunks = [];
  for (let i = 0; i < tokens.length; i += perDelta) chunks.push(tokens.slice(i, i + perDelta).join(""));
  const delayMs = Math.max(1, Math.round((1000 * perDelta) / tps));
  return { kind: "text", matchLastUser: "BENCH", chunks, delayMs, tokens: tokens.length };
}

/**
 * A fast provider's burst: the answer (`makeMarkdown(lines, { wide: true })`) as SSE deltas of 4 to
 * 8 characters (about 6 bytes), one 1 ms pause after every 4 deltas: ~13,000 deltas in ~4 s for
 * 2,000 lines. The sizes come from a fixed sequence, so every run and every TUI gets the same stream.
 */
export function burstStep(markdown) {
  const frames = [];
  let deltas = 0;
  for (let i = 0, n = 0; i < markdown.length; n++) {
    const size = 4 + ((n * 7) % 5);
    frames.push({ delta: { content: markdown.slice(i, i + size) } });
    i += size;
    deltas += 1;
    if (deltas % 4 === 0) frames.push({ delayMs: 1 });
  }
  frames.push({ finish_reason: "stop" }, { usage: true });
  return { kind: "raw", matchLastUser: "BENCH", frames, deltas };
}

/** The header text a TUI shows for tool call `i` of toolSteps (searched for in its rows). */
export const toolMark = (i) => `T${String(i).padStart(3, "0")} row`;

/**
 * A tool-heavy turn: `calls` steps, each one `bash` call printing `lines` lines at once, then a
 * short answer ending in BENCH-END. Each step answers the request after the previous result.
 */
export function toolSteps(calls, lines) {
  const steps = [];
  for (let i = 0; i < calls; i++) {
    const command = `seq -f '${toolMark(i)} %g' ${lines}`;
    steps.push({ kind: "tool_call", delayMs: 0, calls: [{ id: `call_${i}`, name: "bash", arguments: { command } }] });
  }
  steps.push({ kind: "text", delayMs: 0, chunks: ["All ", "done.\n\nBENCH-END"] });
  return steps;
}

/**
 * A home, agent dir and cwd in a temporary directory, and the fake model serving `script` from a
 * child process (so the stream keeps its pace however busy the bench process is).
 */
export async function makeSandbox(script) {
  const root = mkdtempSync(join(tmpdir(), "tui-bench-"));
  const dirs = { home: join(root, "home"), agent: join(root, "agent"), cwd: join(root, "cwd"), tmp: join(root, "tmp") };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  writeFileSync(join(root, "script.json"), JSON.stringify(script));
  const llm = spawn(
    process.execPath,
    [join(ROOT, "test", "fixtures", "fake-llm-server.mjs"), "--script", join(root, "script.json")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const first = await new Promise((res, rej) => {
    createInterface({ input: llm.stdout }).once("line", res);
    llm.once("exit", () => rej(new Error("fake model exited")));
  });
  const baseUrl = JSON.parse(first).listening;
  const models = {
    providers: {
      fake: {
        baseUrl,
        api: "openai-completions",
        apiKey: "fake-key",
        models: [
          {
            id: "fake-model",
            name: "Fake Model",
            reasoning: false,
            input: ["text"],
            contextWindow: 128000,
            maxTokens: 100000,
          },
        ],
      },
    },
  };
  writeFileSync(join(dirs.agent, "models.json"), JSON.stringify(models));
  writeFileSync(
    join(dirs.agent, "settings.json"),
    JSON.stringify({
      defaultProvider: "fake",
      defaultModel: "fake-model",
      quietStartup: true,
      enableInstallTelemetry: false,
    }),
  );
  // agent-tui reads AGENT_TUI_HOME, pi PI_CODING_AGENT_DIR; PI_OFFLINE keeps pi from downloading fd/rg.
  const env = {
    PATH: process.env.PATH ?? "",
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    LANG: "C.UTF-8",
    TERM: "xterm-256color",
    AGENT_TUI_HOME: dirs.agent,
    PI_CODING_AGENT_DIR: dirs.agent,
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
  };
  // AGENT_TUI_RENDER_LOG=<file>: agent-tui appends each Ink render's time there (src/tui/run.tsx).
  if (process.env.AGENT_TUI_RENDER_LOG) env.AGENT_TUI_RENDER_LOG = process.env.AGENT_TUI_RENDER_LOG;
  // BENCH_CHILD_NODE_OPTIONS: NODE_OPTIONS for the TUI and every node process it starts
  // (agent-tui's relay and worker; pi runs in one process), e.g. to profile the worker.
  // BENCH_PROFILE_DIR=<dir>: where bench/lib/cpu-profile-hook.cjs (preloaded through
  // BENCH_NODE_ARGS or BENCH_CHILD_NODE_OPTIONS with --require) writes each process's profile.
  if (process.env.BENCH_CHILD_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_CHILD_NODE_OPTIONS;
  if (process.env.BENCH_PROFILE_DIR) env.BENCH_PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
  return {
    root,
    cwd: dirs.cwd,
    env,
    dispose: async () => {
      endLiveWorkers(env);
      await new Promise((r) => {
        llm.once("exit", r);
        llm.kill("SIGTERM");
      });
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A bench's end: its TUIs killed, the workers it started itself (`pids`) killed, its sandbox removed. */
export async function endBench(tuis, pids, box) {
  for (const t of tuis) await t.kill();
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await box.dispose();
}

/**
 * agent-tui's workers outlive the TUI on purpose (live sessions, idle exit after 30 minutes): the
 * ones the sandbox's registry lists are stopped with it, or each run would leave some behind.
 */
function endLiveWorkers(env) {
  const listed = spawnSync(process.execPath, [join(ROOT, "bin", "agent-rpc.js"), "sessions", "--json"], {
    env,
    encoding: "utf8",
  });
  let entries = [];
  try {
    entries = JSON.parse(listed.stdout || "[]");
  } catch (error) {
    console.error(`bench: cannot list the sandbox's live workers: ${error.message}`);
  }
  for (const entry of Array.isArray(entries) ? entries : []) {
    if (typeof entry?.pid !== "number") continue; // a dead worker's tombstone
    try {
      process.kill(entry.pid, "SIGTERM");
    } catch (error) {
      if (error.code !== "ESRCH") console.error(`bench: cannot stop live worker ${entry.pid}: ${error.message}`);
    }
  }
}

/**
 * A person reads the first screen and types for a while before the first prompt; both programs
 * use that time (agent-rpc preloads its agent loop 300 ms after it is ready, agent-tui its
 * highlighter). The benches wait as long before they send the prompt, so what they measure is
 * the prompt's own cost, not start-up work that happens to overlap it.
 */
export const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1500);
export const settle = () => new Promise((r) => setTimeout(r, SETTLE_MS));

const isRule = (row) => row.length > 10 && /^─+$/.test(row.trim());

/** The two TUIs: how to start each and where its editor and footer are on the screen. */
export const TARGETS = {
  "agent-tui": {
    argv: (extra) => [join(ROOT, "bin", "agent-tui.js"), ...extra],
    // The editor is the last row starting with the prompt mark; empty it shows a placeholder.
    editor: (rows) => {
      const row = rows.findLast((r) => r.startsWith("›"));
      return row === undefined ? undefined : row.slice(1).trim();
    },
    footer: (rows) => rows.some((r) => r.includes("Fake Model")),
  },
  "pi 0.73.1": {
    argv: (extra) => [PI_CLI, ...extra],
    // pi draws its editor between two horizontal rules, the footer (model id) below.
    editor: (rows) => {
      const rules = rows.flatMap((r, i) => (isRule(r) ? [i] : []));
      if (rules.length < 2) return undefined;
      const [a, b] = rules.slice(-2);
      return rows
        .slice(a + 1, b)
        .map((r) => r.trim())
        .join(" ")
        .trim();
    },
    footer: (rows) => rows.some((r) => r.includes("fake-model")),
  },
};

// "agent-tui ink": the same build drawing through Ink's public writer only (AGENT_TUI_INK_WRITER=ink,
// src/tui/ink-writer-switch.ts), to measure agent-tui's own adaptations of Ink against it.
TARGETS["agent-tui ink"] = { ...TARGETS["agent-tui"], env: { AGENT_TUI_INK_WRITER: "ink" } };

// BENCH_BASE_ROOT=<checkout with dist built>: a third target, "agent-tui base", that runs that
// build of agent-tui (e.g. the commit before a change) in the same run, alternating with the others.
if (process.env.BENCH_BASE_ROOT) {
  TARGETS["agent-tui base"] = {
    ...TARGETS["agent-tui"],
    argv: (extra) => [join(resolve(process.env.BENCH_BASE_ROOT), "bin", "agent-tui.js"), ...extra],
  };
}

/** A TUI under a pty: its screen, byte counts while `measuring`, and waits on screen states. */
export function startTui(name, sandbox, { cols = 100, rows = 30, args = [], nodeArgs = [] } = {}) {
  const target = TARGETS[name];
  const term = new Terminal({ cols, rows, scrollback: 200_000, allowProposedApi: true });
  const startedAt = performance.now();
  const child = pty.spawn(process.execPath, [...nodeArgs, ...target.argv(args)], {
    name: "xterm-256color",
    cols,
    rows,
    cwd: sandbox.cwd,
    env: { ...sandbox.env, ...target.env },
  });
  const waiters = new Set();
  const s = { name, term, child, startedAt, measuring: false, bytes: 0, raw: "", exited: false };
  const check = () => {
    for (const w of [...waiters]) w();
  };
  child.onData((d) => {
    if (s.measuring) {
      s.bytes += Buffer.byteLength(d);
      s.raw += d;
    }
    term.write(d, check);
  });
  child.onExit(() => {
    s.exited = true;
    check();
  });
  s.screen = () => {
    const b = term.buffer.active;
    const out = [];
    for (let i = b.baseY; i < b.baseY + term.rows; i++) out.push(b.getLine(i)?.translateToString(true) ?? "");
    return out;
  };
  /** Every row of the scrollback and the screen. */
  s.allRows = () => {
    const b = term.buffer.active;
    return Array.from({ length: b.length }, (_, i) => b.getLine(i)?.translateToString(true) ?? "");
  };
  /** Rows showing the footer anywhere (screen and scrollback): more than 1 means a frame was left behind. */
  s.footerCopies = () => s.allRows().filter((row) => target.footer([row])).length;
  s.editor = () => target.editor(s.screen());
  s.ready = () => {
    const r = s.screen();
    return target.footer(r) && target.editor(r) !== undefined;
  };
  /** Resolves with ms once cond() holds (checked after each parsed write), rejects after `ms`. */
  s.waitFor = (cond, ms) =>
    new Promise((res, rej) => {
      const t0 = performance.now();
      let timer;
      const w = () => {
        if (cond()) {
          waiters.delete(w);
          clearTimeout(timer);
          res(performance.now() - t0);
        } else if (s.exited) {
          waiters.delete(w);
          clearTimeout(timer);
          rej(new Error(`${name} exited; screen:\n${s.screen().join("\n")}`));
        }
      };
      timer = setTimeout(() => {
        waiters.delete(w);
        rej(new Error(`${name}: timeout after ${ms} ms; screen:\n${s.screen().join("\n")}`));
      }, ms);
      waiters.add(w);
      w();
    });
  /** Kills the TUI and every process it started (its worker), by pid. */
  const exitedWithin = (ms) =>
    new Promise((r) => {
      if (s.exited) return r(true);
      const t = setTimeout(() => r(false), ms);
      child.onExit(() => {
        clearTimeout(t);
        r(true);
      });
    });
  /** Ends the TUI and every process it started (its worker), by pid. */
  s.kill = async () => {
    if (s.exited) return;
    const under = descendants(child.pid);
    // A profiled TUI writes its profile only on a clean exit: ask for one first (Ctrl+C clears
    // the editor, then twice exits).
    const profiled =
      nodeArgs.some((a) => a.startsWith("--cpu-prof") || a.startsWith("--heap-prof")) ||
      Boolean(process.env.BENCH_PROFILE_DIR);
    if (profiled) {
      for (let i = 0; i < 3; i++) child.write("\u0003");
    }
    if (!(profiled && (await exitedWithin(5000)))) {
      child.kill("SIGKILL");
      await exitedWithin(3000);
    }
    // Profiled processes under it write their profiles as they exit: give them the time.
    for (
      let waited = 0;
      profiled && waited < 5000 && under.some((pid) => !Number.isNaN(cpuSeconds(pid)));
      waited += 100
    ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const pid of under) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone with its parent
      }
    }
  };
  return s;
}

/** Counts of a few sequences in what a TUI wrote: frames (synchronized updates) and full clears. */
export function outputCounts(raw) {
  const count = (seq) => raw.split(seq).length - 1;
  return { frames: count("\u001b[?2026h"), clears: count("\u001b[2J") + count("\u001b[3J") };
}
