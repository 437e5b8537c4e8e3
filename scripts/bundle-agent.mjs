#!/usr/bin/env node
// Build step after tsc (npm run build): bundles the worker's entries (dist/agent/main.js, and
// dist/agent/live/live-main.js for `attach` / `sessions`) into dist/agent-bundle/, which
// bin/agent-rpc.js runs. Importing ~85 separate ESM files cost most of the worker's time to
// `ready`; a few chunks cost a fraction (figures: bench/worker-open.mjs).
// - Every dynamic import (tools, live transport, HTML export, ...) stays a chunk loaded on first use.
// - agent-server is one chunk shared by main.js and `attach --or-serve` (live/serve-here.ts).
// - pi-ai, pi-agent-core, typebox and jiti stay in node_modules: extensions import the first three
//   through the loader's aliases (src/agent/extensions/loader.ts) and must get the very modules the
//   agent uses (one provider registry); pi-ai also loads its provider SDKs itself.
// - local-registry-watch.js is the sessions watch as a module, which agent-tui imports at run time.
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

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: join(DIST, "main.js"),
    "live-main": join(DIST, "live", "live-main.js"),
    // Loaded by agent-tui in its own process to follow this machine's registry (bridge/fleet/local-watch.ts).
    "local-registry-watch": join(DIST, "live", "local-registry-watch.js"),
    "pi-compat": join(DIST, "extensions", "pi-compat.js"),
  },
  absWorkingDir: ROOT,
  outdir: OUT,
  entryNames: "[name]",
  chunkNames: "[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  metafile: true,
  logLevel: "warning",
  external: EXTERNAL.flatMap((name) => [name, `${name}/*`]),
});

// The shared agent-server chunk: one copy, whichever entry loads it first.
const outputs = Object.entries(result.metafile.outputs);
const holding = outputs.filter(([, output]) =>
  Object.keys(output.inputs).some((path) => path.endsWith("dist/agent/agent-server.js")),
);
if (holding.length !== 1)
  throw new Error(
    `bundle-agent: expected agent-server.js in one output, found ${JSON.stringify(holding.map(([file]) => file))}`,
  );
// A CommonJS module bundled here would call require(), which an ES module does not have.
for (const [file] of outputs) {
  if (readFileSync(join(ROOT, file), "utf8").includes("Dynamic require of"))
    throw new Error(`bundle-agent: ${file} bundles a CommonJS module's require()`);
}
