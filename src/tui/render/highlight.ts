// Syntax highlighting of fenced code via highlight.js in the current palette's colours (its token
// tree painted as cli-highlight would, highlight-tree.ts), guarded (unknown language or a
// highlighter error falls back to plain text) and memoised by palette, language and code.
// highlight.js is loaded on first use, not at start-up: the first screen has no code block. In the
// bundle each highlight.js grammar is registered when its language is first needed
// (scripts/highlight-lazy.cjs), so what stays in memory is the grammars used, not all of them.
import { type HighlighterEngine, loadHighlighter } from "./highlighter-engine.js";
import { paintTokenTree } from "./highlight-tree.js";
import type { Palette } from "./palette.js";

let engine: HighlighterEngine | undefined;

/** The highlighter, required synchronously the first time a code block needs it. */
function highlighter(): HighlighterEngine {
  engine ??= loadHighlighter();
  return engine;
}

const cache = new Map<string, string>();
const MAX_CACHE = 200;
const MAX_HIGHLIGHT_CHARS = 20_000;

/** Highlight `code` for `lang` in `palette`; returns the code unchanged when it cannot be highlighted. */
export function highlightCode(code: string, lang: string | undefined, palette: Palette): string {
  const language = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (language === "" || code.length > MAX_HIGHLIGHT_CHARS) return code;
  if (palette.level === 0 || !highlighter().getLanguage(language)) return code;
  const key = `${palette.name}${palette.level}\u0000${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: string;
  try {
    const result = highlighter().highlight(code, { language, ignoreIllegals: true });
    // A grammar that threw leaves a partial tree: the whole code in the default colour instead.
    const tree = result.illegal || result.errorRaised !== undefined ? undefined : result.emitter?.rootNode;
    out = tree === undefined ? palette.code.default(code) : paintTokenTree(tree, palette.code);
  } catch (error) {
    // highlight.js can throw on odd grammars; plain text is a correct rendering.
    out = code;
    void error;
  }
  if (cache.size >= MAX_CACHE) {
    const first = cache.keys().next().value;
    if (first !== undefined) cache.delete(first);
  }
  cache.set(key, out);
  return out;
}

/** Languages whose grammars render/warm-up.ts compiles while the UI is idle after start. */
export const WARM_LANGUAGES = ["typescript", "javascript", "python", "bash", "json", "diff", "rust", "go"];
