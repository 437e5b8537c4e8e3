// Tool execution views as terminal rows: a header (status, name, argument summary, elapsed)
// and a per-tool body (bash tail, edit diff, read/write/ls/grep/find summaries, generic).
import type { ToolRun } from "../state/types.js";
import { EXACT_PREVIEW_CHARS, ROW_PREVIEW_CHARS, clipText, countLines, formatCount, headLines, type LineWindow, tailLines } from "./preview.js";
import { sanitizeExact, sanitizeLine, sanitizeText } from "./sanitize.js";
import { symbols, theme } from "./theme.js";
import { hangLine, splitLine, textWidth } from "./text-width.js";
import { styleDiffLines } from "./word-diff.js";

function s(v: unknown): string {
  return typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ⏎ ").trim();
}

/** Short argument summary for the header. */
export function summarizeArgs(name: string, args: Record<string, unknown>): string {
  const path = s(args["path"] ?? args["file_path"] ?? args["filePath"]);
  switch (name) {
    case "bash":
      return oneLine(s(args["command"]));
    case "read": {
      const range = args["offset"] !== undefined || args["limit"] !== undefined ? ` [${s(args["offset"] ?? 1)}:${s(args["limit"] ?? "")}]` : "";
      return path + range;
    }
    case "write":
      return `${path} (${formatCount(countLines(s(args["content"])))} lines)`;
    case "edit":
    case "ls":
      return path || ".";
    case "grep":
      return `${s(args["pattern"])}${path ? ` in ${path}` : ""}`;
    case "find":
      return `${s(args["pattern"] ?? args["glob"])}${path ? ` in ${path}` : ""}`;
    case "todo_write":
    case "todo":
      return Array.isArray(args["phases"]) ? `${args["phases"].length} phase(s)` : "";
    default: {
      // Long strings are clipped before stringifying: the summary is at most one row's worth.
      const json = JSON.stringify(args, (_key, value: unknown) => (typeof value === "string" ? clipText(value, ROW_PREVIEW_CHARS) : value));
      return json === "{}" ? "" : oneLine(json ?? "");
    }
  }
}

export function formatElapsed(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms / 100) / 10).toFixed(1)}s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const m = Math.floor(ms / 60_000);
  return `${m}m${Math.floor((ms % 60_000) / 1000)}s`;
}

/** Rows of `line` at `width`: wrapped without loss, continuation rows marked under `indent`. */
export function wrapWithMark(line: string, width: number, indent: string): string[] {
  const parts = splitLine(line, Math.max(1, width - indent.length));
  return parts.map((part, i) => (i === 0 ? `${indent}${part}` : `${theme.muted(symbols.continuation.padEnd(indent.length))}${part}`));
}

/** `rows` with `tail` (the elapsed time) ending the last one, or on its own row when it does not fit. */
function withTail(rows: string[], tail: string, elapsed: string, width: number): string[] {
  const last = rows[rows.length - 1] ?? "";
  if (textWidth(last) + textWidth(tail) <= width) return [...rows.slice(0, -1), last + tail];
  return tail === "" ? rows : [...rows, `  ${theme.muted(elapsed)}`];
}

/**
 * Header rows: status mark, tool name, the whole argument summary (wrapped, never cut),
 * elapsed time. A bash command is shown exactly, line by line, every control character
 * visible, so what the user sees is what runs; in the live region `maxCommandRows` bounds it
 * with a row saying how many more there are (the committed entry shows it whole).
 */
export function toolHeader(run: ToolRun, now: number, width: number, maxCommandRows = Infinity): string[] {
  const mark = run.status === "running" ? theme.warning(symbols.running) : run.status === "error" ? theme.error(symbols.fail) : theme.success(symbols.ok);
  const elapsed = formatElapsed((run.endedAt ?? now) - run.startedAt);
  // A resumed tool call has no timing: no elapsed time is shown for it.
  const tail = run.untimed ? "" : theme.muted(` · ${elapsed}`);
  const name = theme.toolName(sanitizeLine(run.name));
  const command = run.name === "bash" ? run.args["command"] : undefined;
  if (typeof command === "string") {
    const w = Math.max(10, width);
    // Only what can be drawn is read: a bounded number of rows live, a large bound once committed.
    const limit = Number.isFinite(maxCommandRows) ? Math.min(EXACT_PREVIEW_CHARS, maxCommandRows * w) : EXACT_PREVIEW_CHARS;
    const [first = "", ...more] = sanitizeExact(command.length > limit ? command.slice(0, limit) : command).split("\n");
    const rows = withTail([...hangLine(`${mark} ${name} ${first}`, w), ...more.flatMap((l) => hangLine(`  ${l}`, w))], tail, elapsed, w);
    const left = command.length - Math.min(limit, command.length);
    if (rows.length <= maxCommandRows && left === 0) return rows;
    const keep = Math.max(1, Math.min(rows.length, maxCommandRows - 1));
    const rest = rows.length - keep;
    const what = [rest > 0 ? `${rest} more row${rest === 1 ? "" : "s"}` : "", left > 0 ? `${formatCount(left)} more characters` : ""]
      .filter((x) => x !== "")
      .join(" and ");
    return [...rows.slice(0, keep), theme.muted(`  … ${what} of this command`)];
  }
  const summary = sanitizeLine(clipText(summarizeArgs(run.name, run.args), ROW_PREVIEW_CHARS));
  const head = `${mark} ${name}${summary ? ` ${summary}` : ""}`;
  if (textWidth(head) + textWidth(tail) <= width) return [head + tail];
  // Too long: wrap the whole summary (a path is never cut); elapsed ends the last row.
  return withTail(hangLine(head, Math.max(10, width)), tail, elapsed, width);
}

/**
 * A window of `count` sanitised lines of tool output (from its head, or its tail), and how
 * many lines the output has: only the window is read, so the cost does not grow with the output.
 */
function outputWindow(text: string, count: number, fromTail = false): LineWindow {
  const w = fromTail ? tailLines(text, count) : headLines(text, count);
  // A U+2028 inside a line would become a break: keep one row per line of the window.
  return { lines: w.lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎")), total: w.total };
}

function styled(w: LineWindow, paint: (line: string) => string): LineWindow {
  return { lines: w.lines.map(paint), total: w.total };
}

/** The first `count` diff lines (from details.diff, else the edit arguments) and how many in all. */
function diffLines(run: ToolRun, count: number): LineWindow {
  const diff = run.output?.details?.["diff"];
  if (typeof diff === "string" && diff.trim() !== "") {
    const w = outputWindow(diff, count);
    return { lines: styleDiffLines(w.lines), total: w.total };
  }
  const edits = Array.isArray(run.args["edits"]) ? run.args["edits"] : [run.args];
  const out: LineWindow = { lines: [], total: 0 };
  for (const e of edits) {
    if (typeof e !== "object" || e === null) continue;
    const rec = e as Record<string, unknown>;
    const oldText = s(rec["oldText"] ?? rec["old_string"]);
    const newText = s(rec["newText"] ?? rec["new_string"]);
    if (oldText === "" && newText === "") continue;
    const removed = outputWindow(oldText, count);
    const added = outputWindow(newText, count);
    const lines = [...removed.lines.map((l) => `- ${l}`), ...added.lines.map((l) => `+ ${l}`)];
    out.lines.push(...styleDiffLines(lines).slice(0, Math.max(0, count - out.lines.length)));
    out.total += removed.total + added.total;
  }
  return out;
}

function countSummary(run: ToolRun, singular: string, plural: string): LineWindow {
  const n = countLines(run.output?.text ?? "");
  return { lines: [theme.muted(`${formatCount(n)} ${n === 1 ? singular : plural}`)], total: 1 };
}

const NONE: LineWindow = { lines: [], total: 0 };

/**
 * Body rows of a tool view, at most `maxRows` (the tail for streaming output, the head for
 * listings), with a marker line when something is hidden.
 */
export function toolBody(run: ToolRun, width: number, maxRows: number, expanded: boolean): string[] {
  if (maxRows <= 0) return [];
  const text = run.output?.text ?? "";
  let body: LineWindow;
  let fromTail = false;
  if (run.status === "error") {
    body = styled(outputWindow(text, maxRows, true), (l) => theme.error(l));
    fromTail = true;
  } else {
    switch (run.name) {
      case "bash":
        body = outputWindow(text, maxRows, true);
        fromTail = true;
        break;
      case "edit":
        body = run.status === "running" ? NONE : diffLines(run, maxRows);
        break;
      case "read":
        body = expanded ? outputWindow(text, maxRows) : countSummary(run, "line", "lines");
        break;
      case "write":
        body = run.status === "running" ? NONE : { lines: [theme.muted(`wrote ${formatCount(countLines(s(run.args["content"])))} lines`)], total: 1 };
        break;
      case "ls":
      case "find":
        body = expanded ? outputWindow(text, maxRows) : countSummary(run, "entry", "entries");
        break;
      case "grep":
        body = expanded ? outputWindow(text, maxRows) : countSummary(run, "match", "matches");
        break;
      case "todo_write":
      case "todo":
        body = NONE;
        break;
      default:
        body = outputWindow(text, maxRows);
    }
  }
  // Only the lines that can be shown were read and are wrapped (a huge output costs no more
  // than its window); lines wider than the view wrap without loss, up to the line limit.
  const window = body.lines;
  const wrapped = window.map((l) => wrapWithMark(l, width, "  "));
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
  const what = `${hidden > 0 || !partial ? `${formatCount(hidden)} more line${hidden === 1 ? "" : "s"}` : ""}${partial ? `${hidden > 0 ? " and " : ""}the rest of a long line` : ""}`;
  const marker = theme.muted(`  … ${what} (ctrl+o to view all)`);
  return fromTail ? [marker, ...kept.reverse().flat()] : [...kept.flat(), marker];
}

/** Full view of a tool run. */
export function toolLines(run: ToolRun, now: number, width: number, maxBodyRows: number, expanded: boolean, maxCommandRows = Infinity): string[] {
  return [...toolHeader(run, now, width, maxCommandRows), ...toolBody(run, width, maxBodyRows, expanded)];
}
