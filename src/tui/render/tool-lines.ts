// Tool execution views as terminal rows: a header (status, name, argument summary, elapsed)
// and a per-tool body (bash tail, edit diff, read/write/ls/grep/find summaries, generic).
import type { ToolRun } from "../state/types.js";
import { sanitizeExact, sanitizeLine, sanitizeText } from "./sanitize.js";
import { symbols, theme } from "./theme.js";
import { hangLine, splitLine, textWidth } from "./text-width.js";

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
      return `${path} (${s(args["content"]).split("\n").length} lines)`;
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
      const json = JSON.stringify(args);
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
    const [first = "", ...more] = sanitizeExact(command).split("\n");
    const rows = withTail([...hangLine(`${mark} ${name} ${first}`, w), ...more.flatMap((l) => hangLine(`  ${l}`, w))], tail, elapsed, w);
    if (rows.length <= maxCommandRows) return rows;
    const keep = Math.max(1, maxCommandRows - 1);
    return [...rows.slice(0, keep), theme.muted(`  … ${rows.length - keep} more rows of this command`)];
  }
  const summary = sanitizeLine(summarizeArgs(run.name, run.args));
  const head = `${mark} ${name}${summary ? ` ${summary}` : ""}`;
  if (textWidth(head) + textWidth(tail) <= width) return [head + tail];
  // Too long: wrap the whole summary (a path is never cut); elapsed ends the last row.
  return withTail(hangLine(head, Math.max(10, width)), tail, elapsed, width);
}

function outputLines(text: string): string[] {
  const clean = sanitizeText(text).replace(/\n+$/, "");
  return clean === "" ? [] : clean.split("\n");
}

function diffLines(run: ToolRun): string[] {
  const diff = run.output?.details?.["diff"];
  if (typeof diff === "string" && diff.trim() !== "") {
    return outputLines(diff).map((l) => (l.startsWith("+") ? theme.diffAdd(l) : l.startsWith("-") ? theme.diffRemove(l) : theme.muted(l)));
  }
  const edits = Array.isArray(run.args["edits"]) ? run.args["edits"] : [run.args];
  const out: string[] = [];
  for (const e of edits) {
    if (typeof e !== "object" || e === null) continue;
    const rec = e as Record<string, unknown>;
    const oldText = s(rec["oldText"] ?? rec["old_string"]);
    const newText = s(rec["newText"] ?? rec["new_string"]);
    if (oldText === "" && newText === "") continue;
    out.push(...outputLines(oldText).map((l) => theme.diffRemove(`- ${l}`)));
    out.push(...outputLines(newText).map((l) => theme.diffAdd(`+ ${l}`)));
  }
  return out;
}

function countSummary(run: ToolRun, singular: string, plural: string): string[] {
  const lines = outputLines(run.output?.text ?? "");
  return [theme.muted(`${lines.length} ${lines.length === 1 ? singular : plural}`)];
}

/**
 * Body rows of a tool view, at most `maxRows` (the tail for streaming output, the head for
 * listings), with a marker line when something is hidden.
 */
export function toolBody(run: ToolRun, width: number, maxRows: number, expanded: boolean): string[] {
  if (maxRows <= 0) return [];
  const text = run.output?.text ?? "";
  let rows: string[];
  let fromTail = false;
  if (run.status === "error") {
    rows = outputLines(text).map((l) => theme.error(l));
    fromTail = true;
  } else {
    switch (run.name) {
      case "bash":
        rows = outputLines(text);
        fromTail = true;
        break;
      case "edit":
        rows = run.status === "running" ? [] : diffLines(run);
        break;
      case "read":
        rows = expanded ? outputLines(text) : countSummary(run, "line", "lines");
        break;
      case "write":
        rows = run.status === "running" ? [] : [theme.muted(`wrote ${s(run.args["content"]).split("\n").length} lines`)];
        break;
      case "ls":
      case "find":
        rows = expanded ? outputLines(text) : countSummary(run, "entry", "entries");
        break;
      case "grep":
        rows = expanded ? outputLines(text) : countSummary(run, "match", "matches");
        break;
      case "todo_write":
      case "todo":
        rows = [];
        break;
      default:
        rows = outputLines(text);
    }
  }
  // Only the lines that can be shown are wrapped (a huge output costs no more than its window);
  // lines wider than the view wrap without loss, so paths and errors are read in full.
  const window = fromTail ? rows.slice(-maxRows) : rows.slice(0, maxRows);
  const wrapped = window.map((l) => wrapWithMark(l, width, "  "));
  if (rows.length === window.length && wrapped.flat().length <= maxRows) return wrapped.flat();
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
  const hidden = rows.length - kept.length;
  const what = `${hidden > 0 || !partial ? `${hidden} more line${hidden === 1 ? "" : "s"}` : ""}${partial ? `${hidden > 0 ? " and " : ""}the rest of a long line` : ""}`;
  const marker = theme.muted(`  … ${what} (ctrl+o to view all)`);
  return fromTail ? [marker, ...kept.reverse().flat()] : [...kept.flat(), marker];
}

/** Full view of a tool run. */
export function toolLines(run: ToolRun, now: number, width: number, maxBodyRows: number, expanded: boolean, maxCommandRows = Infinity): string[] {
  return [...toolHeader(run, now, width, maxCommandRows), ...toolBody(run, width, maxBodyRows, expanded)];
}
