// V8 heap settings for the TUI process, applied by bin/agent-tui.js before the UI loads; both
// flags are read by V8 whenever it sizes its heap, so setting them at run time takes effect
// (`--max-semi-space-size` and the like only apply at start-up, which a launcher run as
// `node bin/agent-tui.js` cannot give). Measured on bench/render-stream and bench/long-day:
// - The young generation doubled up to 2 x 16 MB while an answer streamed, and stayed resident:
//   33.6 MB of the TUI's 131 MB peak RSS. It now keeps its initial two 1 MB semi-spaces.
// - The old generation was collected only when it reached a limit sized from the start-up heap,
//   so after a long session was resumed a streamed answer's garbage grew old space 46 -> 94 MB
//   before any collection. Its limit now grows 1.5 x what the last collection found alive.
import { setFlagsFromString } from "node:v8";

/** Old generation limit after a full collection, in percent above what it found alive. */
export const OLD_GENERATION_GROWTH_PERCENT = 50;

/** Call before the UI's modules load. */
export function keepHeapSmall(): void {
  setFlagsFromString("--semi-space-growth-factor=1");
  setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
}
