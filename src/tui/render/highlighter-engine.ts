// highlight.js (the copy cli-highlight depends on), required on first use by highlight.ts, which
// colours its token tree itself (highlight-tree.ts). The bundle (scripts/bundle-tui.mjs) swaps
// this module for one requiring its single-file copy of highlight.js's core, which registers
// each grammar only when its language is first highlighted (scripts/highlight-lazy.cjs).
import { createRequire } from "node:module";
import type { TokenNode } from "./highlight-tree.js";

/** What highlight.ts uses of highlight.js 10. */
export type HighlighterEngine = {
  highlight(code: string, options: { language: string; ignoreIllegals: boolean }): HighlightResult;
  getLanguage(name: string): unknown;
};
/** `emitter` holds the token tree; `errorRaised`: the grammar threw and nothing was highlighted. */
export type HighlightResult = { emitter?: { rootNode: TokenNode }; illegal?: boolean; errorRaised?: unknown };

export function loadHighlighter(): HighlighterEngine {
  const require = createRequire(import.meta.url);
  return createRequire(require.resolve("cli-highlight"))("highlight.js") as HighlighterEngine;
}
