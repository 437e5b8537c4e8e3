// Primitives of a tool's rows, shared by the tool blocks (blocks/tools/): the status mark, the
// elapsed time, the one-row header, windows of output read without reading all of it, and a
// window's rows with the line that says what is hidden. What each tool shows is in its block.
import type { LinkTarget, ToolRun } from "../state/types.js";
import { linkPath } from "./file-links.js";
import { ROW_PREVIEW_CHARS, clipText, formatCount, headLines, type LineWindow, tailLines } from "./preview.js";
import { sanitizeLine, sanitizeText } from "./sanitize.js";
import type { Palette } from "./palette.js";
import { symbols } from "./theme.js";
import { hangLine, splitLine, textWidth } from "./text-width.js";

export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms / 100) / 10).toFixed(1)}s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const m = Math.floor(ms / 60_000);
  return `${m}m${Math.floor((ms % 60_000) / 1000)}s`;
}

/** ✓, ✗ or the running mark, coloured. */
export function statusMark(run: ToolRun, { theme }: Palette): string {
  if (run.status === "running") return theme.warning(symbols.running);
  return run.status === "error" ? theme.error(symbols.fail) : theme.success(symbols.ok);
}

/** Rows of `line` at `width`: wrapped without loss, continuation rows marked under `indent`. */
export function wrapWithMark(line: string, width: number, indent: string, { theme }: Palette): string[] {
  const parts = splitLine(line, Math.max(1, width - indent.length));
  return parts.map((part, i) =>
    i === 0 ? `${indent}${part}` : `${theme.muted(symbols.continuation.padEnd(indent.length))}${part}`,
  );
}

/** The header's elapsed time: " · 1.2s", or "" for a resumed call whose timing is unknown. */
export function elapsedTail(run: ToolRun, now: number, { theme }: Palette): { tail: string; elapsed: string } {
  const elapsed = formatElapsed((run.endedAt ?? now) - run.startedAt);
  return { tail: run.untimed ? "" : theme.muted(` · ${elapsed}`), elapsed };
}

/** `rows` with `tail` (the elapsed time) ending the last one, or on its own row when it does not fit. */
export function withTail(rows: string[], tail: string, elapsed: string, width: number, { theme }: Palette): string[] {
  const last = rows[rows.length - 1] ?? "";
  if (textWidth(last) + textWidth(tail) <= width) return [...rows.slice(0, -1), last + tail];
  return tail === "" ? rows : [...rows, `  ${theme.muted(elapsed)}`];
}

/** A path the header shows, and where it links to (file-links.ts). */
export type HeaderLink = { path: string; target: LinkTarget };

/** `shown` with the first occurrence of the (sanitised) path linked to the file it names. */
function withLink(shown: string, link: HeaderLink | undefined): string {
  if (link === undefined) return shown;
  const text = sanitizeLine(link.path);
  const at = text === "" ? -1 : shown.indexOf(text);
  if (at === -1) return shown;
  return shown.slice(0, at) + linkPath(text, link.path, link.target) + shown.slice(at + text.length);
}

/**
 * Header rows: status mark, tool name, the whole argument summary (wrapped, never cut), elapsed
 * time; the path in it linked when `link` says where to.
 */
export function summaryHeader(
  ...[run, summary, now, width, palette, link]: [ToolRun, string, number, number, Palette, HeaderLink?]
): string[] {
  const { tail, elapsed } = elapsedTail(run, now, palette);
  const name = palette.theme.toolName(sanitizeLine(run.name));
  const clipped = withLink(sanitizeLine(clipText(summary, ROW_PREVIEW_CHARS)), link);
  const head = `${statusMark(run, palette)} ${name}${clipped ? ` ${clipped}` : ""}`;
  if (textWidth(head) + textWidth(tail) <= width) return [head + tail];
  // Too long: wrap the whole summary (a path is never cut); elapsed ends the last row.
  return withTail(hangLine(head, Math.max(10, width)), tail, elapsed, width, palette);
}

/**
 * A window of `count` sanitised lines of tool output (from its head, or its tail), and how
 * many lines the output has: only the window is read, so the cost does not grow with the output.
 */
export function outputWindow(text: string, count: number, fromTail = false): LineWindow {
  const w = fromTail ? tailLines(text, count) : headLines(text, count);
  // A U+2028 inside a line would become a break: keep one row per line of the window.
  return { lines: w.lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎")), total: w.total };
}

export const NO_LINES: LineWindow = { lines: [], total: 0 };

/**
 * Rows of a window of output lines, at most `maxRows` (its tail when `fromTail`), with a marker
 * line when something is hidden. Only the window's lines were read and are wrapped (a huge
 * output costs no more than its window); lines wider than the view wrap without loss.
 */
export function windowRows(
  body: LineWindow,
  fromTail: boolean,
  width: number,
  maxRows: number,
  palette: Palette,
): string[] {
  const window = body.lines;
  const wrapped = window.map((l) => wrapWithMark(l, width, "  ", palette));
  if (body.total === window.length && wrapped.flat().length <= maxRows) return wrapped.flat();
  // Keep whole lines while they fit beside the marker row; a single line taller than the
  // room shows its own rows up to the limit.
  const keep = Math.max(0, maxRows - 1);
  const ordered = fromTail ? [...wrapped].reverse() : wrapped;
  const kept: string[][] = [];
  let used = 0;
  for (const line of ordered) {
    if (used + line.length > keep) {
      if (kept.length === 0) kept.push(fromTail ? line.slice(-keep) : line.slice(0, keep));
      break;
    }
    kept.push(line);
    used += line.length;
  }
  const partial = kept.length === 1 && (kept[0]?.length ?? 0) < (ordered[0]?.length ?? 0);
  const hidden = body.total - kept.length;
  const moreLines = hidden > 0 || !partial ? `${formatCount(hidden)} more line${hidden === 1 ? "" : "s"}` : "";
  const longLine = partial ? `${hidden > 0 ? " and " : ""}the rest of a long line` : "";
  const what = `${moreLines}${longLine}`;
  const marker = palette.theme.muted(`  … ${what} (ctrl+o to view all)`);
  return fromTail ? [marker, ...kept.reverse().flat()] : [...kept.flat(), marker];
}
