#!/usr/bin/env node
// Build step after tsc (npm run build): bundles the TUI entry (dist/tui/main.js) and everything it
// imports, Ink and React included, into dist/tui-bundle/, which bin/agent-tui.js runs. Loading
// ~400 separate ESM/CJS files cost most of the TUI's start-up (resolution, stat/open per file,
// the CJS lexer); one file per entry costs a fraction (figures: bench/tui-startup.mjs).
// - The entry's dynamic imports (print mode, plain mode, the UI) stay separate chunks.
// - React is fixed in production mode (NODE_ENV defined at build time).
// - CJS dependencies that require() node builtins get a real require (createRequire banner).
// - Ink's Output class (for the row cache, src/tui/ink-output-rows.ts) is the bundled one.
// - cli-highlight, loaded on first use, becomes one CommonJS file (dist/tui-bundle/cli-highlight.cjs).
// - dist/tui-bundle sits two levels below the root like dist/bridge, so paths found from
//   import.meta.url (bin/agent-rpc.js, the package.json meow reads) stay the same.
import { realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist", "tui-bundle");
const require = createRequire(join(ROOT, "package.json"));
const inkBuild = dirname(realpathSync(require.resolve("ink")));
const HIGHLIGHTER = "cli-highlight.cjs";

/** ink-output-class.js, swapped for a module that hands over the bundled Output class itself. */
const inkOutputClass = {
  name: "ink-output-class",
  setup(b) {
    b.onResolve({ filter: /[\\/]ink-output-class\.js$/ }, () => ({ path: "ink-output-class", namespace: "ink-output-class" }));
    b.onLoad({ filter: /.*/, namespace: "ink-output-class" }, () => ({
      resolveDir: inkBuild,
      contents: [
        `import Output from ${JSON.stringify(join(inkBuild, "output.js"))};`,
        `import pkg from ${JSON.stringify(join(inkBuild, "..", "package.json"))};`,
        "export async function inkOutputClass(version) { return pkg.version === version ? Output : undefined; }",
      ].join("\n"),
    }));
  },
};

/** highlighter-engine.js, swapped for one requiring the single-file cli-highlight built next to the chunks. */
const highlighterEngine = {
  name: "highlighter-engine",
  setup(b) {
    b.onResolve({ filter: /[\\/]highlighter-engine\.js$/ }, () => ({ path: "highlighter-engine", namespace: "highlighter-engine" }));
    b.onLoad({ filter: /.*/, namespace: "highlighter-engine" }, () => ({
      resolveDir: OUT,
      contents: [
        'import { createRequire } from "node:module";',
        `export function loadHighlighter() { return createRequire(import.meta.url)("./${HIGHLIGHTER}"); }`,
      ].join("\n"),
    }));
  },
};

rmSync(OUT, { recursive: true, force: true });
const result = await build({
  entryPoints: [join(ROOT, "dist", "tui", "main.js")],
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  metafile: true,
  logLevel: "warning",
  define: { "process.env.NODE_ENV": '"production"' },
  // main.ts sets NODE_ENV for the unbundled build and the worker's environment; here it is fixed.
  logOverride: { "assign-to-define": "silent" },
  // Ink loads its devtools only under DEV=true; they need a package this one does not ship.
  external: ["react-devtools-core"],
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  plugins: [inkOutputClass, highlighterEngine],
});

// cli-highlight is required on first use (src/tui/render/highlight.ts): one CommonJS file of its own.
await build({
  entryPoints: [require.resolve("cli-highlight")],
  outfile: join(OUT, HIGHLIGHTER),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});

// One Output class: the row cache must patch the very class Ink renders with.
const outputs = Object.keys(result.metafile.inputs).filter((path) => /ink[\\/]build[\\/]output\.js$/.test(path));
if (outputs.length !== 1) throw new Error(`bundle-tui: expected Ink's output.js once in the bundle, found ${JSON.stringify(outputs)}`);
