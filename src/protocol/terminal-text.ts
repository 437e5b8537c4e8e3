// The one definition of what must not reach a terminal raw (C0 but tab and LF, DEL, C1, bidi and
// annotation controls, foreign SGR) and its visible stand-ins, shared by the TUI's sanitiser
// (src/tui/render/sanitize.ts) and agent-rpc's own terminal output (`agent-rpc sessions`).
import { C1_SGR_SOURCE, SGR_SOURCE } from "./terminal-sequences.js";

/** Characters that reorder or hide text without being seen: bidi embeddings, overrides, isolates, marks. */
export const BIDI_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069";
/** Interlinear annotation characters: some renderers hide the text between them. */
export const ANNOTATION_CONTROLS = "\ufff9-\ufffb";
/** Inside a character class: every character shown as a placeholder (tab and LF are handled apart). */
export const UNSAFE_CHARS = `\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}${ANNOTATION_CONTROLS}`;
/** A complete SGR sequence (7-bit or C1 introducer): styling only, carries no text. */
export const FOREIGN_SGR_SOURCE = `${SGR_SOURCE}|${C1_SGR_SOURCE}`;

const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, "g");
const FOREIGN_SGR = new RegExp(FOREIGN_SGR_SOURCE, "g");

/** The visible stand-in for one unsafe character: a control picture for C0 and DEL, else <U+XXXX>. */
export function placeholder(ch: string): string {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20) return String.fromCharCode(0x2400 + cp); // ␀ … ␟ (␛ for ESC, ␍ for CR)
  if (cp === 0x7f) return "\u2421"; // ␡
  return `<U+${cp.toString(16).toUpperCase().padStart(4, "0")}>`;
}

/**
 * Untrusted text as a person sees it, for plain output (a CLI's table, the clipboard): CRLF and
 * U+2028/2029 become LF, foreign SGR is dropped, every other control and bidi character becomes
 * its placeholder; tab and LF are kept. Nothing left in it is interpreted by a terminal.
 */
export function visibleText(input: string): string {
  return input
    .replace(/\r\n/g, "\n")
    .replace(/[\u2028\u2029]/g, "\n")
    .replace(FOREIGN_SGR, "")
    .replace(UNSAFE, placeholder);
}

/** Untrusted short text (a name, a folder) as one row of plain output: line breaks and tabs become spaces. */
export function visibleLine(input: string): string {
  return visibleText(input)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\t/g, " ");
}

/**
 * JSON for a terminal or a pipe: JSON.stringify escapes C0 but writes C1 and bidi controls raw;
 * here they are `\uXXXX` escapes too, so the same data reads back and a terminal sees none of them.
 */
export function terminalSafeJson(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(
    UNSAFE,
    (ch) => `\\u${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
}
