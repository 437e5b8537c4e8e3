#!/usr/bin/env node
// Build step after tsc (npm run build): bundles the worker's entries (dist/agent/main.js, and
// dist/agent/live/live-main.js for `attach` / `sessions`) into dist/agent-bundle/, which
// bin/agent-rpc.js runs. Importing ~85 separate ESM files cost most of the worker's time to
// `ready`; a few chunks cost a fraction (figures: bench/worker-open.mjs, bench/startup.mjs).
// - Every dynamic import (tools, live transport, HTML export, ...) stays a chunk loaded on first use.
// - Three builds: the worker (main.js with pi-compat.js), the live tools (live-main.js), and the
//   registry watch agent-tui loads into its own process (local-registry-watch.js, for its fleet on
//   this machine: bridge/fleet/local-watch.ts), which holds no agent at all. Built together, every
//   module two entries reach became a chunk of its own: the worker's start-up loaded 25 files
//   instead of 13, about 0.8 ms of CPU each. A process runs one entry or the other
//   (bin/agent-rpc.js), so each build holds the one copy of the agent its process loads; the live
//   build's `attach --or-serve` (live/serve-here.ts) loads its own agent-server chunk on first use.
// - pi-ai, pi-agent-core, typebox and jiti stay in node_modules: extensions import the first three
//   through the loader's aliases (src/agent/extensions/loader.ts) and must get the very modules the
//   agent uses (one provider registry); pi-ai also loads its provider SDKs itself.
// - pi-compat.js (what "@mariozechner/pi-coding-agent" means to an extension) is an entry of its
//   own beside the chunks, where the loader looks for it (next to its own file).
// - Every file sits flat in dist/agent-bundle, two levels below the root like dist/tui-bundle, so
//   paths found from import.meta.url (package.json, bin/agent-rpc.js) resolve as from dist/agent.
import { readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
const DIST = join(ROOT, "dist", "agent");
const OUT = join(ROOT, "dist", "agent-bundle");
/** Packages imported from node_modules at run time (subpaths too: "typebox/compile"). */
const EXTERNAL = ["@mariozechner/pi-ai", "@mariozechner/pi-agent-core", "typebox", "jiti"];

/**
 * One build of `entryPoints` whose chunks are named `<prefix>-<hash>.js`, holding `agents` copies
 * of the agent (1, or 0 for the registry watch); returns its outputs.
 */
async function bundle(entryPoints, prefix, agents = 1) {
  const result = await build({
    entryPoints,
    absWorkingDir: ROOT,
    outdir: OUT,
    entryNames: "[name]",
    chunkNames: `${prefix}-[hash]`,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "warning",
    external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
  });
  const outputs = Object.entries(result.metafile.outputs);
  // One agent per build: a second copy in one process would mean two provider registries.
  const holding = outputs.filter(([, output]) =>
    Object.keys(output.inputs).some((path) => path.endsWith("dist/agent/agent-server.js")),
  );
  if (holding.length !== agents)
    throw new Error(
      `bundle-agent: expected agent-server.js in ${agents} ${prefix} output(s), found ${JSON.stringify(holding.map(([file]) => file))}`,
    );
  return outputs;
}

rmSync(OUT, { recursive: true, force: true });
const outputs = [
  ...(await bundle({ main: join(DIST, "main.js"), "pi-compat": join(DIST, "extensions", "pi-compat.js") }, "chunk")),
  ...(await bundle({ "live-main": join(DIST, "live", "live-main.js") }, "live")),
  ...(await bundle({ "local-registry-watch": join(DIST, "live", "local-registry-watch.js") }, "watch", 0)),
];
// A CommonJS module bundled here would call require(), which an ES module does not have.
for (const [file] of outputs) {
  if (readFileSync(join(ROOT, file), "utf8").includes("Dynamic require of"))
    throw new Error(`bundle-agent: ${file} bundles a CommonJS module's require()`);
}
