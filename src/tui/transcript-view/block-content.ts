// What each view block shows, independent of the width: parts to lay out (word-wrapped text,
// markdown, hard-wrapped lines) with every untrusted string sanitised, and the block as plain
// text for copying. Tool calls show their full arguments and full result.
import { clipboardText } from "../terminal/clipboard.js";
import { sanitizeText } from "../render/sanitize.js";
import { style, symbols, theme } from "../render/theme.js";
import { formatElapsed } from "../render/tool-lines.js";
import type { ToolRun } from "../state/types.js";
import type { ViewBlock } from "./view-blocks.js";
import { styleDiffLines } from "../render/word-diff.js";

export type Part =
  /** Word-wrapped text; the first row gets `first`, the others `rest` (same width). */
  | { kind: "wrap"; text: string; first: string; rest: string; style: ((s: string) => string) | undefined }
  | { kind: "markdown"; text: string }
  /**
   * Hard-wrapped lines (tool output), each row after `indent`; `style` colours visible rows
   * only. The lines are kept as one text with their offsets (a 20 MB session is hundreds of
   * thousands of lines: no string per line until it is shown). `ascii`: all printable ASCII.
   */
  | { kind: "lines"; lines: TextLines; indent: string; style: ((s: string) => string) | undefined; ascii: boolean };

/** Lines of `text`: line i is text.slice(offsets[i], offsets[i + 1] - 1). */
export type TextLines = { text: string; offsets: Int32Array; count: number };

export function textLines(text: string): TextLines {
  let count = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count += 1;
  const offsets = new Int32Array(count + 1);
  let i = 1;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) offsets[i++] = at + 1;
  offsets[count] = text.length + 1;
  return { text, offsets, count };
}

export function lineAt(l: TextLines, i: number): string {
  return l.text.slice(l.offsets[i] ?? 0, (l.offsets[i + 1] ?? 0) - 1);
}

/** `text` without the line breaks at its end (a regex anchored at the end scans it all). */
function trimNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

const wrap = (text: string, first = "", rest = first, st?: (s: string) => string): Part => ({ kind: "wrap", text, first, rest, style: st });
const PRINTABLE_LINES = /^[\x20-\x7e\n]*$/;

/** A lines part of `text` (sanitised; no part for an empty text). */
function linesOf(text: string, indent = "  ", st?: (s: string) => string): Part[] {
  if (text === "") return [];
  return [{ kind: "lines", lines: textLines(text), indent, style: st, ascii: PRINTABLE_LINES.test(text) }];
}

const lines = (ls: readonly string[], indent = "  ", st?: (s: string) => string): Part[] => linesOf(ls.join("\n"), indent, st);

/**
 * Tool or command output as a lines part (sanitised, SGR colours kept). Printable ASCII and
 * line breaks alone have nothing to sanitise: large outputs skip the copies it would make.
 */
function outputPart(raw: string, st?: (s: string) => string): Part[] {
  return linesOf(trimNewlines(PRINTABLE_LINES.test(raw) ? raw : sanitizeText(raw)), "  ", st);
}

function str(v: unknown): string {
  return typeof v === "string" ? v : v === undefined ? "" : (JSON.stringify(v, null, 2) ?? String(v));
}

/** Sanitised output lines (SGR colours kept), without trailing blank lines. */
export function outputLines(text: string): string[] {
  const clean = trimNewlines(sanitizeText(text));
  return clean === "" ? [] : clean.split("\n");
}

const plainLines = (text: string): string[] => outputLines(sanitizeText(text, { keepSgr: false }));

function statusMark(run: ToolRun): string {
  return run.status === "running" ? theme.warning(symbols.running) : run.status === "error" ? theme.error(symbols.fail) : theme.success(symbols.ok);
}

function toolHeader(run: ToolRun, now: number): Part {
  const elapsed = formatElapsed((run.endedAt ?? now) - run.startedAt);
  const status = run.status === "running" ? "running" : run.status === "error" ? "failed" : "done";
  const name = sanitizeText(run.name, { keepSgr: false }).replace(/\s+/g, " ");
  return wrap(`${theme.toolName(name)} ${theme.muted(`· ${status} · ${elapsed}`)}`, `${statusMark(run)} `, "  ");
}

/** Arguments shown in full; edit's texts and write's content are shown as a diff / a file. */
function argParts(run: ToolRun): Part[] {
  const a = run.args;
  if (run.name === "bash" && typeof a["command"] === "string") {
    const rest = Object.entries(a).filter(([k]) => k !== "command");
    return [...lines(plainLines(`$ ${a["command"]}`), "  ", style.bold), ...rest.flatMap(([k, v]) => keyValue(k, v))];
  }
  const hidden = new Set<string>();
  if (run.name === "edit") for (const k of ["edits", "oldText", "newText", "old_string", "new_string"]) hidden.add(k);
  if (run.name === "write") hidden.add("content");
  const parts = Object.entries(a)
    .filter(([k]) => !hidden.has(k))
    .flatMap(([k, v]) => keyValue(k, v));
  if (run.name === "write" && typeof a["content"] === "string") {
    const content = plainLines(a["content"]);
    parts.push(wrap(theme.muted(`content (${content.length} line${content.length === 1 ? "" : "s"}):`), "  ", "  "), ...lines(content, "    "));
  }
  return parts;
}

function keyValue(key: string, value: unknown): Part[] {
  const text = str(value);
  const k = theme.muted(`${sanitizeText(key, { keepSgr: false })}:`);
  if (!text.includes("\n")) return [wrap(`${k} ${sanitizeText(text, { keepSgr: false })}`, "  ", "    ")];
  return [wrap(k, "  ", "  "), ...lines(plainLines(text), "    ")];
}

function editDiff(run: ToolRun): string[] {
  const diff = run.output?.details?.["diff"];
  if (typeof diff === "string" && diff.trim() !== "") return styleDiffLines(plainLines(diff));
  const edits = Array.isArray(run.args["edits"]) ? run.args["edits"] : [run.args];
  const out: string[] = [];
  for (const e of edits) {
    if (typeof e !== "object" || e === null) continue;
    const rec = e as Record<string, unknown>;
    const oldText = str(rec["oldText"] ?? rec["old_string"]);
    const newText = str(rec["newText"] ?? rec["new_string"]);
    if (oldText === "" && newText === "") continue;
    out.push(...plainLines(oldText).map((l) => `- ${l}`), ...plainLines(newText).map((l) => `+ ${l}`));
  }
  return styleDiffLines(out);
}

function resultParts(run: ToolRun): Part[] {
  const out = run.output;
  const text = out?.text ?? "";
  const parts: Part[] = [];
  if (run.status === "error") parts.push(...outputPart(text, theme.error));
  else if (run.name === "edit" && run.status === "done") parts.push(...lines(editDiff(run)));
  else if (run.name === "write" && run.status === "done" && text.trim() === "") parts.push(wrap(theme.muted("written"), "  ", "  "));
  else if (text !== "") parts.push(...outputPart(text));
  if (out && out.images > 0) parts.push(wrap(theme.muted(`[${out.images} image(s)]`), "  ", "  "));
  const full = out?.details?.["fullOutputPath"];
  if (typeof full === "string" && full !== "" && !text.includes(full)) {
    parts.push(wrap(theme.warning(`Output was truncated; full output: ${sanitizeText(full, { keepSgr: false })}`), "  ", "  "));
  }
  if (run.status === "running") parts.push(wrap(theme.muted("running…"), "  ", "  "));
  return parts;
}

function noticeColor(level: "info" | "warning" | "error"): (s: string) => string {
  return level === "error" ? theme.error : level === "warning" ? theme.warning : theme.muted;
}

/** The parts of `block` (sanitised). `now` times running tools. */
export function blockParts(block: ViewBlock, now: number): Part[] {
  switch (block.kind) {
    case "user": {
      const e = block.entry;
      const parts = [wrap(sanitizeText(e.text, { keepSgr: false }), `${theme.accent(symbols.user)} `, "  ", theme.user)];
      if (e.images > 0) parts.push(wrap(theme.muted(`[${e.images} image(s)]`), "  ", "  "));
      return parts;
    }
    case "answer":
      return [{ kind: "markdown", text: block.pieces.join("\n\n") }];
    case "thinking":
      return [wrap(sanitizeText(block.pieces.join("\n\n"), { keepSgr: false }), "  ", "  ", theme.thinking)];
    case "streaming":
      return block.thinking ? [wrap(sanitizeText(block.text, { keepSgr: false }), "  ", "  ", theme.thinking)] : [{ kind: "markdown", text: block.text }];
    case "tool":
      return [toolHeader(block.run, now), ...argParts(block.run), ...resultParts(block.run)];
    case "notice": {
      const e = block.entry;
      const mark = e.level === "error" ? "✗" : e.level === "warning" ? "!" : "·";
      const head = wrap(sanitizeText(e.text, { keepSgr: false }), `${noticeColor(e.level)(mark)} `, "  ", noticeColor(e.level));
      return e.detail ? [head, { kind: "markdown", text: e.detail }] : [head];
    }
    case "bash": {
      const e = block.entry;
      const status = e.cancelled ? theme.warning(" (cancelled)") : e.exitCode !== undefined && e.exitCode !== 0 ? theme.error(` (exit ${e.exitCode})`) : "";
      return [wrap(`${style.bold(sanitizeText(e.command, { keepSgr: false }))}${status}`, `${theme.accent("!")} `, "  "), ...outputPart(e.output)];
    }
    case "custom":
      return [wrap(theme.muted(`[${sanitizeText(block.entry.label, { keepSgr: false })}]`)), { kind: "markdown", text: block.entry.text }];
    default: {
      const never: never = block;
      return never;
    }
  }
}

function toolPlain(run: ToolRun): string {
  const head = `${run.name} (${run.status})`;
  const args = run.name === "bash" && typeof run.args["command"] === "string" ? `$ ${run.args["command"]}` : JSON.stringify(run.args, null, 2);
  const diff = run.name === "edit" ? run.output?.details?.["diff"] : undefined;
  const result = typeof diff === "string" && diff !== "" ? diff : (run.output?.text ?? "");
  return [head, args, result].filter((s) => s !== "").join("\n");
}

/** The block as plain text (no styling, no control characters) for copying. */
export function blockPlainText(block: ViewBlock): string {
  const raw = ((): string => {
    switch (block.kind) {
      case "user":
        return block.entry.text;
      case "answer":
      case "thinking":
        return block.pieces.join("\n\n");
      case "streaming":
        return block.text;
      case "tool":
        return toolPlain(block.run);
      case "notice":
        return block.entry.detail ? `${block.entry.text}\n\n${block.entry.detail}` : block.entry.text;
      case "bash":
        return `$ ${block.entry.command}\n${block.entry.output}`;
      case "custom":
        return block.entry.text;
      default: {
        const never: never = block;
        return never;
      }
    }
  })();
  // The same text /copy would copy: tabs kept, controls visible (clipboard.ts).
  return clipboardText(raw).replace(/\n+$/, "");
}
