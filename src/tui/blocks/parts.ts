// The width-independent description of a block's full form, which the transcript view lays out
// at its width (transcript-view/layout.ts): word-wrapped text, markdown, hard-wrapped lines.
// Every untrusted string is sanitised before it becomes a part. Also the helpers blocks use.
import { sanitizeText } from "../render/sanitize.js";
import type { Palette } from "../render/palette.js";

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
export function trimNewlines(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

type Paint = (s: string) => string;

export function wrap(text: string, first = "", rest = first, st?: Paint): Part {
  return { kind: "wrap", text, first, rest, style: st };
}

/** A muted note under a block's head, indented like its body. */
export const notePart = (text: string, { theme }: Palette): Part => wrap(theme.muted(text), "  ", "  ");

const PRINTABLE_LINES = /^[\x20-\x7e\n]*$/;

/** A lines part of `text` (sanitised; no part for an empty text). */
function linesOf(text: string, indent = "  ", st?: (s: string) => string): Part[] {
  if (text === "") return [];
  return [{ kind: "lines", lines: textLines(text), indent, style: st, ascii: PRINTABLE_LINES.test(text) }];
}

export function linesPart(ls: readonly string[], indent = "  ", st?: Paint): Part[] {
  return linesOf(ls.join("\n"), indent, st);
}

/**
 * Tool or command output as a lines part (sanitised, SGR colours kept). Printable ASCII and
 * line breaks alone have nothing to sanitise: large outputs skip the copies it would make.
 */
export function outputPart(raw: string, st?: (s: string) => string): Part[] {
  return linesOf(trimNewlines(PRINTABLE_LINES.test(raw) ? raw : sanitizeText(raw)), "  ", st);
}

/** A value as text: strings as they are, anything else as indented JSON. */
export function str(v: unknown): string {
  return typeof v === "string" ? v : v === undefined ? "" : (JSON.stringify(v, null, 2) ?? String(v));
}

/** Sanitised output lines (SGR colours kept), without trailing blank lines. */
export function outputLines(text: string): string[] {
  const clean = trimNewlines(sanitizeText(text));
  return clean === "" ? [] : clean.split("\n");
}

/** Sanitised lines without any styling of their own. */
export const plainLines = (text: string): string[] => outputLines(sanitizeText(text, { keepSgr: false }));

/** One line of foreign text without styling, runs of white space as one space (names, labels). */
export const plainText = (text: string): string => sanitizeText(text, { keepSgr: false });

/** `key: value` in full; a value of several lines goes under its key. */
export function keyValue(key: string, value: unknown, { theme }: Palette): Part[] {
  const text = str(value);
  const k = theme.muted(`${plainText(key)}:`);
  if (!text.includes("\n")) return [wrap(`${k} ${plainText(text)}`, "  ", "    ")];
  return [wrap(k, "  ", "  "), ...linesPart(plainLines(text), "    ")];
}
