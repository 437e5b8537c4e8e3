// How much of the transcript one render may print: committed entries go to <Static> in chunks
// of bounded work, so printing a long resumed session never holds up keystrokes or the live
// region (each chunk is one render; keys are read between chunks).
import type { Entry } from "../state/types.js";

/** Work allowed per chunk, in rough characters of source text rendered. */
export const PRINT_BUDGET = 24_000;

/** Rendering cost of one entry: about the text it formats (tool bodies are capped when printed). */
export function entryCost(e: Entry): number {
  if (e.unprinted) return 1;
  switch (e.kind) {
    case "user":
    case "markdown":
    case "thinking":
    case "notice":
    case "custom":
    case "summary":
      return 100 + e.text.length;
    case "tool":
      return 200 + Math.min(4000, e.run.output?.text.length ?? 0);
    case "bash":
      return 200 + Math.min(4000, e.output.length);
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** End index (exclusive) of the next chunk to print from `from`: at least one entry. */
export function nextPrintEnd(entries: readonly Entry[], from: number, budget = PRINT_BUDGET): number {
  let end = from;
  let cost = 0;
  while (end < entries.length) {
    const e = entries[end];
    if (!e) break;
    cost += entryCost(e);
    if (cost > budget && end > from) break;
    end += 1;
  }
  return end;
}
