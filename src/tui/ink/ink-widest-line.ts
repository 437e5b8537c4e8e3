// The bundle's `widest-line` for Ink's own modules (scripts/bundle-tui.mjs swaps it in; unbundled
// runs and tests use the package). Ink measures the widest line of every <Text> on every render
// (render-node-to-output.js), and it renders about three times per frame while an answer streams,
// each time over texts that are mostly the same as the render before: string-width per line of
// each of them was a seventh of the TUI's CPU on a fast stream (docs/ink-adaptations.md). The
// width of a text depends on the text alone, so a width found once is kept for the next renders,
// and a new one is measured line by line through line-width.ts (string-width's widths, faster).
import { lineWidth } from "./line-width.js";

/**
 * Characters of the texts remembered per generation; the older generation is dropped when a new
 * one fills, so at most twice this is kept alive (a resumed session prints thousands of texts
 * once: they must not pile up here).
 */
const GENERATION_CHARS = 256 * 1024;
/** Longer texts are measured every time: a live region of a full screen is well under this. */
const MAX_CACHED_LENGTH = 16 * 1024;

let current = new Map<string, number>();
let currentChars = 0;
let previous = new Map<string, number>();

function measure(text: string): number {
  let width = 0;
  for (const line of text.split("\n")) width = Math.max(width, lineWidth(line));
  return width;
}

/** The width in columns of the widest line of `text`, as widest-line 6 gives it. */
export default function widestLine(text: string): number {
  if (text.length > MAX_CACHED_LENGTH) return measure(text);
  let width = current.get(text);
  if (width !== undefined) return width;
  width = previous.get(text) ?? measure(text);
  if (currentChars + text.length > GENERATION_CHARS) {
    previous = current;
    current = new Map();
    currentChars = 0;
  }
  current.set(text, width);
  currentChars += text.length;
  return width;
}
