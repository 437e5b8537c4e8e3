#!/usr/bin/env node
// Build step after tsc (npm run build): bundles the TUI entry (dist/tui/main.js) and everything it
// imports, Ink and React included, into dist/tui-bundle/, which bin/agent-tui.js runs. Loading
// ~400 separate ESM/CJS files cost most of the TUI's start-up (resolution, stat/open per file,
// the CJS lexer); one file per entry costs a fraction (figures: bench/tui-startup.mjs).
// - The entry's dynamic imports (print mode, plain mode, the UI) stay separate chunks.
// - React is fixed in production mode (NODE_ENV defined at build time).
// - CJS dependencies that require() node builtins get a real require (createRequire banner).
// - Ink's internals that are patched (src/tui/ink/ink-internals.ts) are the bundled ones, and Ink's
//   widest-line is src/tui/ink/ink-widest-line.ts (widths kept between renders).
// - yoga-layout's wasm is decoded from the bundle, not fetched (scripts/yoga-without-fetch.mjs).
// - highlight.js (cli-highlight's copy; src/tui/render colours its token tree), loaded on first use,
//   becomes one CommonJS file (dist/tui-bundle/highlight.cjs) with its core only; each grammar is
//   a file of its own in highlight-languages/, required when its language is first highlighted
//   (scripts/highlight-lazy.cjs).
// - dist/tui-bundle sits two levels below the root like dist/bridge, so paths found from
//   import.meta.url (bin/agent-rpc.js, the package.json meow reads) stay the same.
import { readFileSync, realpathSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { build } from "esbuild";
import { yogaLoaderWithoutFetch } from "./yoga-without-fetch.mjs";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "dist", "tui-bundle");
const require = createRequire(join(ROOT, "package.json"));
const inkBuild = dirname(realpathSync(require.resolve("ink")));
const HIGHLIGHTER = "highlight.cjs";
/** Where each highlight.js grammar is a file of its own (scripts/highlight-lazy.cjs requires them). */
const GRAMMARS = "highlight-languages";

/**
 * The full highlight.js's languages: names, aliases, and the languages each grammar embeds
 * (`subLanguage`, looked up by the core while highlighting, so registered along with it).
 */
function languageTable(hljs) {
  const names = hljs.listLanguages();
  const aliases = {};
  const embeds = {};
  for (const name of names) {
    const grammar = hljs.getLanguage(name);
    for (const alias of grammar.aliases ?? []) aliases[alias.toLowerCase()] = name;
    const found = new Set();
    const seen = new Set();
    const walk = (node) => {
      if (node === null || typeof node !== "object" || seen.has(node)) return;
      seen.add(node);
      // An empty list means every language (http's body is detected among all of them).
      const sub = node.subLanguage;
      if (Array.isArray(sub) && sub.length === 0) for (const other of names) found.add(other);
      else if (sub !== undefined) for (const other of [sub].flat()) found.add(other);
      for (const value of Object.values(node)) walk(value);
    };
    walk(grammar);
    found.delete(name);
    if (found.size > 0) embeds[name] = [...found];
  }
  return { names, aliases, embeds };
}

/** ink-internals.js, swapped for a module handing over the bundled Ink modules themselves. */
const INK_INTERNALS = ["output.js", "instances.js"];
const inkInternals = {
  name: "ink-internals",
  setup(b) {
    b.onResolve({ filter: /[\\/]ink-internals\.js$/ }, () => ({ path: "ink-internals", namespace: "ink-internals" }));
    b.onLoad({ filter: /.*/, namespace: "ink-internals" }, () => ({
      resolveDir: inkBuild,
      contents: [
        ...INK_INTERNALS.map((file, i) => `import internal${i} from ${JSON.stringify(join(inkBuild, file))};`),
        `import pkg from ${JSON.stringify(join(inkBuild, "..", "package.json"))};`,
        `const internals = { ${INK_INTERNALS.map((file, i) => `${JSON.stringify(file)}: internal${i}`).join(", ")} };`,
        "export async function inkInternal(file, version) { return pkg.version === version ? internals[file] : undefined; }",
      ].join("\n"),
    }));
  },
};

/**
 * Ink's `widest-line`, swapped for src/tui/ink/ink-widest-line.ts (the same widths, kept between
 * renders); only for Ink's modules, every other importer gets the package.
 */
const inkWidestLine = {
  name: "ink-widest-line",
  setup(b) {
    b.onResolve({ filter: /^widest-line$/ }, (args) =>
      args.importer.startsWith(inkBuild) ? { path: join(ROOT, "dist", "tui", "ink", "ink-widest-line.js") } : undefined,
    );
  },
};

/** highlighter-engine.js, swapped for one requiring the single-file highlight.js built next to the chunks. */
const highlighterEngine = {
  name: "highlighter-engine",
  setup(b) {
    b.onResolve({ filter: /[\\/]highlighter-engine\.js$/ }, () => ({
      path: "highlighter-engine",
      namespace: "highlighter-engine",
    }));
    b.onLoad({ filter: /.*/, namespace: "highlighter-engine" }, () => ({
      resolveDir: OUT,
      contents: [
        'import { createRequire } from "node:module";',
        `export function loadHighlighter() { return createRequire(import.meta.url)("./${HIGHLIGHTER}"); }`,
      ].join("\n"),
    }));
  },
};

/** yoga-layout's wasm loader, taking its wasm from the data URL it carries without fetch(). */
let yogaLoaders = 0;
const yogaWithoutFetch = {
  name: "yoga-without-fetch",
  setup(b) {
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      yogaLoaders += 1;
      return { contents: yogaLoaderWithoutFetch(readFileSync(args.path, "utf8")), loader: "js" };
    });
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
  banner: {
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  plugins: [inkInternals, inkWidestLine, highlighterEngine, yogaWithoutFetch],
});

// highlight.js is required on first use (src/tui/render/highlight.ts): one CommonJS file of its
// own, where highlight.js is scripts/highlight-lazy.cjs over the core and the grammars' files.
const highlightJs = createRequire(require.resolve("cli-highlight"));
const grammars = languageTable(highlightJs("highlight.js"));
await build({
  entryPoints: grammars.names.map((name) => highlightJs.resolve(`highlight.js/lib/languages/${name}`)),
  outdir: join(OUT, GRAMMARS),
  // CommonJS files below a "type": "module" package.json must say so by their extension.
  outExtension: { ".js": ".cjs" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
});
const lazyGrammars = {
  name: "lazy-grammars",
  setup(b) {
    b.onResolve({ filter: /^highlight\.js\/lib\/core$/ }, () => ({
      path: highlightJs.resolve("highlight.js/lib/core"),
    }));
    b.onResolve({ filter: /^highlight-language-table$/ }, () => ({
      path: "table",
      namespace: "highlight-language-table",
    }));
    b.onLoad({ filter: /.*/, namespace: "highlight-language-table" }, () => ({
      contents: JSON.stringify(grammars),
      loader: "json",
    }));
  },
};
await build({
  entryPoints: [join(ROOT, "scripts", "highlight-lazy.cjs")],
  outfile: join(OUT, HIGHLIGHTER),
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  plugins: [lazyGrammars],
});

// Ink's yoga loader went through the plugin (one it does not match would still fetch()).
if (yogaLoaders !== 1)
  throw new Error(`bundle-tui: expected yoga-layout's wasm loader once, rewritten ${yogaLoaders} times`);

// One copy of each patched Ink module: a patch must reach the very module Ink renders with.
for (const file of INK_INTERNALS) {
  const copies = Object.keys(result.metafile.inputs).filter((path) =>
    path.replaceAll("\\", "/").endsWith(`ink/build/${file}`),
  );
  if (copies.length !== 1)
    throw new Error(`bundle-tui: expected Ink's ${file} once in the bundle, found ${JSON.stringify(copies)}`);
}
