// cli-highlight (highlight.js with every grammar, parse5), required on first use by highlight.ts.
// The bundle (scripts/bundle-tui.mjs) swaps this module for one requiring its single-file copy
// of cli-highlight, which loads in about half the CPU time of its ~200 separate files and
// registers each grammar only when its language is first highlighted (scripts/highlight-lazy.cjs).
import { createRequire } from "node:module";

export type HighlighterEngine = typeof import("cli-highlight");

export function loadHighlighter(): HighlighterEngine {
  return createRequire(import.meta.url)("cli-highlight") as HighlighterEngine;
}
