// Output truncation shared by the tools: head truncation (read, grep, find, ls) and tail
// truncation (bash), by line count and UTF-8 byte size, whichever limit is hit first.
// The result shape matches pi's `details.truncation` so a UI renders either worker's output.

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
export const GREP_MAX_LINE_LENGTH = 500;

export interface TruncationResult {
  content: string;
  truncated: boolean;
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** Tail truncation only: the kept text starts inside the last line, which alone exceeds maxBytes. */
  lastLinePartial: boolean;
  /** Head truncation only: the first line alone exceeds maxBytes, so nothing is shown. */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

export interface TruncationLimits {
  maxLines?: number;
  maxBytes?: number;
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Cuts a string to its last `maxBytes` bytes, starting on a character boundary. */
function tailBytes(text: string, maxBytes: number): string {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return text;
  let start = buf.length - maxBytes;
  // Skip UTF-8 continuation bytes so the kept text starts on a whole character.
  while (start < buf.length && ((buf[start] ?? 0) & 0xc0) === 0x80) start++;
  return buf.subarray(start).toString("utf8");
}

/**
 * Keeps whole lines from the start (`head`) or the end (`tail`) until a limit is hit. Lines
 * are `split("\n")` items, as pi counts them.
 */
function truncateLines(content: string, limits: TruncationLimits, from: "head" | "tail"): TruncationResult {
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  if (lines.length <= maxLines && totalBytes <= maxBytes) {
    return {
      content,
      truncated: false,
      truncatedBy: null,
      totalLines: lines.length,
      totalBytes,
      outputLines: lines.length,
      outputBytes: totalBytes,
      lastLinePartial: false,
      firstLineExceedsLimit: false,
      maxLines,
      maxBytes,
    };
  }
  const kept: string[] = [];
  let used = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  let lastLinePartial = false;
  for (const line of from === "head" ? lines : [...lines].reverse()) {
    if (kept.length >= maxLines) break;
    const cost = byteLength(line) + (kept.length > 0 ? 1 : 0);
    if (used + cost > maxBytes) {
      truncatedBy = "bytes";
      if (from === "tail" && kept.length === 0) {
        // A single huge last line: show its end rather than nothing.
        kept.push(tailBytes(line, maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.push(line);
    used += cost;
  }
  if (from === "tail") kept.reverse();
  const out = kept.join("\n");
  return {
    content: out,
    truncated: true,
    truncatedBy,
    totalLines: lines.length,
    totalBytes,
    outputLines: kept.length,
    outputBytes: byteLength(out),
    lastLinePartial,
    // Head only: the first line alone exceeds maxBytes, so nothing is shown.
    firstLineExceedsLimit: from === "head" && kept.length === 0,
    maxLines,
    maxBytes,
  };
}

/** Keeps the first lines that fit; never cuts a line in half. */
export function truncateHead(content: string, limits: TruncationLimits = {}): TruncationResult {
  return truncateLines(content, limits, "head");
}

/** Keeps the last lines that fit (bash: errors and results are at the end). */
export function truncateTail(content: string, limits: TruncationLimits = {}): TruncationResult {
  return truncateLines(content, limits, "tail");
}

/** Shortens one line (grep matches) to `maxChars` characters with a visible marker. */
export function truncateLine(
  line: string,
  maxChars: number = GREP_MAX_LINE_LENGTH,
): { text: string; truncated: boolean } {
  if (line.length <= maxChars) return { text: line, truncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, truncated: true };
}
