#!/usr/bin/env node
// Startup bench: time from spawn to the get_state response, for agent-rpc and for the real
// pi 0.73.1 (devDependency), with the same fake-provider configuration, alternating runs.
// Usage: node bench/startup.mjs [runs=10]   (build first: npx tsc -p tsconfig.json)

import { spawn } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const RUNS = Number(process.argv[2] ?? "10");
const TARGET_RATIO = 0.35;

const dir = mkdtempSync(join(tmpdir(), "bench-startup-"));
const home = join(dir, "home");
const work = join(dir, "work");
mkdirSync(home);
mkdirSync(work);
// The provider is never called: get_state needs only the configuration.
writeFileSync(
  join(home, "models.json"),
  JSON.stringify({
    providers: {
      fake: {
        baseUrl: "http://127.0.0.1:9/v1",
        api: "openai-completions",
        apiKey: "fake-key",
        models: [
          {
            id: "fake-model",
            name: "Fake Model",
            reasoning: true,
            input: ["text"],
            contextWindow: 128000,
            maxTokens: 4096,
          },
        ],
      },
    },
  }),
);
writeFileSync(
  join(home, "settings.json"),
  JSON.stringify({
    defaultProvider: "fake",
    defaultModel: "fake-model",
    quietStartup: true,
    enableInstallTelemetry: false,
  }),
);

const WORKERS = {
  "agent-rpc": [join(ROOT, "bin", "agent-rpc.js"), "--mode", "rpc", "--no-session"],
  "pi 0.73.1": [
    join(ROOT, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js"),
    "--mode",
    "rpc",
    "--no-session",
  ],
};

function once(args) {
  return new Promise((resolveRun, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, args, {
      cwd: work,
      env: { PATH: process.env.PATH ?? "", HOME: dir, AGENT_TUI_HOME: home, PI_CODING_AGENT_DIR: home },
      stdio: ["pipe", "pipe", "ignore"],
    });
    let buffer = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`no get_state response from ${args[0]}`));
    }, 20000);
    child.stdout.on("data", (chunk) => {
      buffer += chunk.toString();
      let nl;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        const frame = JSON.parse(line);
        if (frame.type === "response" && frame.id === "bench") {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          clearTimeout(timer);
          child.stdin.end();
          child.on("exit", () => resolveRun(ms));
        }
      }
    });
    // Written immediately: a worker must buffer stdin until it is ready (pi has no ready frame).
    child.stdin.write(`${JSON.stringify({ id: "bench", type: "get_state" })}\n`);
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const results = Object.fromEntries(Object.keys(WORKERS).map((k) => [k, []]));
try {
  for (let i = 0; i < RUNS; i++) {
    for (const [name, args] of Object.entries(WORKERS)) results[name].push(await once(args));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const ours = median(results["agent-rpc"]);
const pi = median(results["pi 0.73.1"]);
console.log(`startup: spawn -> get_state response, median of ${RUNS} runs (node ${process.version})`);
for (const [name, xs] of Object.entries(results)) {
  console.log(
    `  ${name.padEnd(10)} median ${median(xs).toFixed(0).padStart(5)} ms   min ${Math.min(...xs).toFixed(0)} ms   max ${Math.max(...xs).toFixed(0)} ms`,
  );
}
const ratio = ours / pi;
console.log(
  `  ratio agent-rpc / pi = ${ratio.toFixed(3)}   target <= ${TARGET_RATIO}   ${ratio <= TARGET_RATIO ? "OK" : "MISSED"}`,
);
