#!/usr/bin/env node
// Checkpoint bench: what agent-rpc's start-of-turn checkpoint costs on a repository of 10,000
// files (100 folders of 100 source files, ~2 KB each, committed), with no change and with ten
// files changed since the last one (median of --runs), in a git repository and in a plain
// folder (the .gitignore-aware walk); then the store's size after fifty turns of ten changed
// files each, beside the size of the tree itself.
// Usage: node bench/checkpoint.mjs [--files 10000] [--runs 15]   (build first)

import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(fileURLToPath(import.meta.url), "..", "..");
const { CheckpointService } = await import(resolve(ROOT, "dist/agent/checkpoints/checkpoint-service.js"));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const FILES = arg("files", 10_000);
const RUNS = arg("runs", 15);
const TARGET_MS = 100;
const PER_DIR = 100;
const SESSION = "bench";
const SETTINGS = { enabled: true, maxFileBytes: 5 * 1024 * 1024, maxFiles: 50_000 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function sourceText(i, version) {
  const lines = [`// file ${i} version ${version}`];
  for (let l = 0; l < 60; l++) lines.push(`export const value${l} = ${(i * 31 + l * 7) % 1000}; // line ${l}`);
  return `${lines.join("\n")}\n`;
}

const pathOf = (i) => `pkg${String(Math.floor(i / PER_DIR)).padStart(3, "0")}/file${i % PER_DIR}.ts`;

function makeTree(root, git) {
  const cwd = join(root, git ? "repo" : "plain");
  for (let i = 0; i < FILES; i++) {
    if (i % PER_DIR === 0) mkdirSync(join(cwd, pathOf(i), ".."), { recursive: true });
    writeFileSync(join(cwd, pathOf(i)), sourceText(i, 0));
  }
  writeFileSync(join(cwd, ".gitignore"), "build/\n");
  if (git) {
    const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" };
    const run = (...args) => execFileSync("git", args, { cwd, env, stdio: "ignore" });
    run("init", "-q", "-b", "main");
    run("add", ".");
    run("-c", "user.name=b", "-c", "user.email=b@example.com", "commit", "-q", "-m", "tree");
  }
  return cwd;
}

function sizeOf(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => (name === ".git" ? sum : sum + sizeOf(join(path, name))), 0);
}

let version = 0;
function changeTen(cwd, round) {
  version++;
  for (let k = 0; k < 10; k++) {
    const i = (round * 97 + k * 1009) % FILES;
    writeFileSync(join(cwd, pathOf(i)), sourceText(i, version));
  }
}

async function timed(work) {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** One checkpoint as a turn takes it: the snapshot before the model, the record at its message. */
async function checkpoint(service, n) {
  await service.beforeTurn(SESSION);
  await service.turnOpened(`turn ${n}`, undefined);
}

async function measure(root, git) {
  const cwd = makeTree(root, git);
  // Files younger than the racy window are hashed again; a real repository is older than that.
  await sleep(2200);
  const home = join(root, git ? "home-git" : "home-plain");
  const service = new CheckpointService({ cwd, home, settings: SETTINGS });
  let n = 0;
  const first = await timed(() => checkpoint(service, ++n));
  await service.turnEnded();
  const still = [];
  for (let r = 0; r < RUNS; r++) {
    still.push(await timed(() => checkpoint(service, ++n)));
    await service.turnEnded();
  }
  const ten = [];
  for (let r = 0; r < RUNS; r++) {
    changeTen(cwd, r);
    ten.push(await timed(() => checkpoint(service, ++n)));
    await service.turnEnded();
  }
  // What no checkpoint can go below on this machine at this moment: one lstat per file, and
  // (in git) git's own listing. A loaded machine raises these and the figures above alike.
  const floor = [];
  const listing = [];
  for (let r = 0; r < RUNS; r++) {
    floor.push(
      await timed(async () => {
        for (let i = 0; i < FILES; i++) lstatSync(join(cwd, pathOf(i)), { throwIfNoEntry: false });
      }),
    );
    if (git)
      listing.push(
        await timed(async () => {
          execFileSync("git", ["--no-optional-locks", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
            cwd,
            maxBuffer: 1e8,
          });
        }),
      );
  }
  const label = git ? "git repository" : "plain folder  ";
  console.log(`${label}  first checkpoint (everything hashed and stored): ${first.toFixed(0)} ms`);
  console.log(`${label}  checkpoint, no change:       ${median(still).toFixed(1)} ms (target < ${TARGET_MS} ms)`);
  console.log(`${label}  checkpoint, 10 files changed: ${median(ten).toFixed(1)} ms (target < ${TARGET_MS} ms)`);
  console.log(
    `${label}  floor: lstat of every file ${median(floor).toFixed(1)} ms` +
      (git ? `, git ls-files ${median(listing).toFixed(1)} ms` : ""),
  );
  return { cwd, home, service, n };
}

async function storeAfterFiftyTurns(root) {
  const cwd = makeTree(join(root, "fifty"), true);
  const home = join(root, "home-fifty");
  const service = new CheckpointService({ cwd, home, settings: SETTINGS });
  for (let t = 1; t <= 50; t++) {
    await checkpoint(service, t);
    changeTen(cwd, t + 1000);
    await service.turnEnded();
  }
  const store = sizeOf(join(home, "checkpoints", SESSION));
  const log = statSync(join(home, "checkpoints", SESSION, "log.jsonl")).size;
  const tree = sizeOf(cwd);
  const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `store after 50 turns of 10 changed files: ${mb(store)} (log ${mb(log)}), tree itself ${mb(tree)} ` +
      `(contents are gzip'd; the first checkpoint stores the whole tree once)`,
  );
}

const root = mkdtempSync(join(tmpdir(), "checkpoint-bench-"));
try {
  console.log(`checkpoint bench: ${FILES} files, median of ${RUNS} runs; load average ${loadavg()[0].toFixed(1)}`);
  await measure(root, true);
  await measure(root, false);
  await storeAfterFiftyTurns(root);
} finally {
  rmSync(root, { recursive: true, force: true });
}
