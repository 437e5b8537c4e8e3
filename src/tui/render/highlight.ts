// Syntax highlighting of fenced code via cli-highlight in the current palette's colours,
// guarded (unknown language or a highlighter error falls back to plain text) and memoised by
// palette, language and code. cli-highlight is loaded on first use, not at start-up: the first
// screen has no code block. In the bundle each highlight.js grammar is registered when its
// language is first needed (scripts/highlight-lazy.cjs), so what stays in memory is the
// grammars used, not all of them.
import { type HighlighterEngine, loadHighlighter } from "./highlighter-engine.js";
import { currentPalette } from "./theme.js";

let engine: HighlighterEngine | undefined;

/** The highlighter, required synchronously the first time a code block needs it. */
function highlighter(): HighlighterEngine {
  engine ??= loadHighlighter();
  return engine;
}

const cache = new Map<string, string>();
const MAX_CACHE = 200;
const MAX_HIGHLIGHT_CHARS = 20_000;

/** Highlight `code` for `lang`; returns the code unchanged when it cannot be highlighted. */
export function highlightCode(code: string, lang: string | undefined): string {
  const language = (lang ?? "").trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (language === "" || code.length > MAX_HIGHLIGHT_CHARS) return code;
  const palette = currentPalette();
  if (palette.level === 0 || !highlighter().supportsLanguage(language)) return code;
  const key = `${palette.name}${palette.level}\u0000${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  let out: string;
  try {
    out = highlighter().highlight(code, { language, ignoreIllegals: true, theme: palette.code });
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
