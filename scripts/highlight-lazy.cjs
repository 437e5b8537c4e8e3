// highlight.js as the TUI bundle's highlighter (dist/tui-bundle/highlight.cjs, built from this by
// scripts/bundle-tui.mjs): the core, and each grammar required from its own file the first time its
// language, or a language embedding it, is asked for. The full package registers all 191 grammars
// at load, ~5 MB of heap, and its one-file copy kept ~4 MB of source alive, though an answer uses
// a few of them.
"use strict";
const { createRequire } = require("node:module");
const core = require("highlight.js/lib/core");
// { names, aliases: { alias: name }, embeds: { name: [names its grammar embeds] } }, built from
// the full package at bundle time.
const table = require("highlight-language-table");

const requireGrammar = createRequire(__filename);
const registered = new Set();

/** The grammar's name for a language name or alias (any case), or undefined. */
function grammarOf(language) {
  const key = String(language ?? "").toLowerCase();
  if (table.names.includes(key)) return key;
  return Object.hasOwn(table.aliases, key) ? table.aliases[key] : undefined;
}

/** Registers the grammar and every grammar it embeds (the core looks those up while highlighting). */
function register(name) {
  if (registered.has(name)) return;
  registered.add(name);
  core.registerLanguage(name, requireGrammar(`./highlight-languages/${name}.cjs`));
  for (const embedded of table.embeds[name] ?? []) register(embedded);
}

function registerFor(language) {
  const name = grammarOf(language);
  if (name !== undefined) register(name);
}

module.exports = {
  highlight(codeOrLanguage, optionsOrCode, ...rest) {
    // highlight(code, { language }) or the older highlight(language, code).
    registerFor(typeof optionsOrCode === "string" ? codeOrLanguage : optionsOrCode?.language);
    return core.highlight(codeOrLanguage, optionsOrCode, ...rest);
  },
  highlightAuto(code, subset) {
    for (const language of subset ?? table.names) registerFor(language);
    return core.highlightAuto(code, subset);
  },
  getLanguage(language) {
    registerFor(language);
    return core.getLanguage(language);
  },
  listLanguages: () => [...table.names],
};
