// The store keeps tool output in full for the transcript view, up to a bound per entry so one
// runaway output cannot take the memory of a long session (a worker's own tools cut far
// earlier: pi keeps 50 kB and saves the rest to a file). Past the bound, head and tail stay.
import { formatCount } from "./format-count.js";

export const MAX_KEPT_OUTPUT_CHARS = 4_000_000;

export function boundOutput(text: string, max = MAX_KEPT_OUTPUT_CHARS): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  const dropped = text.length - 2 * half;
  const gap = `… [${formatCount(dropped)} characters not kept in memory] …`;
  return `${text.slice(0, half)}\n${gap}\n${text.slice(-half)}`;
}
