// The one boundary untrusted text (model, tools, files, worker, extensions, cwd, git) crosses on
// its way to the screen: controls, escape sequences and bidi/invisible format characters become
// visible placeholders, never interpreted; only our own styling emits escapes (docs/terminal-safety.md).

import {
  ANNOTATION_CONTROLS,
  BIDI_CONTROLS,
  FOREIGN_SGR_SOURCE,
  placeholder,
  UNSAFE_CHARS,
} from "../../bridge/index.js";
import { HYPERLINK_SOURCE, SGR_SOURCE } from "../../bridge/index.js";
import { clipText, EXACT_PREVIEW_CHARS, ROW_PREVIEW_CHARS } from "./preview.js";

// What is unsafe is defined once, in src/protocol/terminal-text.ts (agent-rpc's own output uses it too).
export { placeholder };

const UNTRUSTED_SGR = new RegExp(FOREIGN_SGR_SOURCE, "g");
/** Everything shown as a placeholder in displayed text (newline and tab are handled apart). */
const UNSAFE = new RegExp(`[${UNSAFE_CHARS}]`, "g");
/**
 * In text shown for approval also every other invisible or look-alike character: format
 * characters (zero-width spaces and joiners, tags, soft hyphen), spaces other than U+0020,
 * Hangul fillers. What the user reads there must be exactly what runs.
 */
const UNSAFE_EXACT = new RegExp(`[${UNSAFE_CHARS}\\p{Cf}\\p{Zs}\\p{Zl}\\p{Zp}\\u115f\\u1160\\u3164\\uffa0]`, "gu");

function expandTabs(text: string, tabWidth: number): string {
  if (!text.includes("\t")) return text;
  return text
    .split("\n")
    .map((line) => {
      if (!line.includes("\t")) return line;
      let col = 0;
      let out = "";
      for (const ch of line) {
        if (ch === "\t") {
          const n = tabWidth - (col % tabWidth);
          out += " ".repeat(n);
          col += n;
        } else {
          out += ch;
          col += 1;
        }
      }
      return out;
    })
    .join("\n");
}

function normaliseBreaks(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(/[\u2028\u2029]/g, "\n");
}

export type SanitizeOptions = {
  tabWidth?: number;
  /** Untrusted SGR is never kept: accepted for callers that say so explicitly. */
  keepSgr?: false;
};

/**
 * Untrusted multi-line text for display. CRLF and U+2028/2029 become line breaks and tabs
 * spaces; SGR sequences are dropped (styling is ours alone, and they carry no text); every
 * other control character (ESC, bare CR, BEL, C1) and every bidi control is shown as a
 * placeholder, so `ESC]52;…` reads `␛]52;…` and nothing is interpreted by the terminal.
 */
export function sanitizeText(input: string, options: SanitizeOptions = {}): string {
  const text = normaliseBreaks(input).replace(UNTRUSTED_SGR, "").replace(UNSAFE, placeholder);
  return expandTabs(text, options.tabWidth ?? 4);
}

/**
 * Untrusted short text (names, titles, paths, statuses) as one safe row: line breaks become
 * spaces; beyond ROW_PREVIEW_CHARS the rest is counted, not read (a row shows far less).
 */
export function sanitizeLine(input: string): string {
  return sanitizeText(clipText(input, ROW_PREVIEW_CHARS)).replace(/\s*\n\s*/g, " ");
}

/** Runs of spaces at least this long are counted instead of drawn: they can push text out of sight. */
const LONG_SPACE_RUN = 24;
/** More consecutive blank lines than this are counted instead of drawn. */
const MAX_BLANK_LINES = 2;

/**
 * Text the user approves (a command, a dialog's question): shown whole and exactly. Like
 * sanitizeText, but SGR and every invisible or non-ASCII space character are shown too, and
 * long runs of spaces or blank lines are counted (`⟨150 spaces⟩`) so they cannot hide the rest.
 */
export function sanitizeExact(input: string): string {
  // Whole up to a bound no one reviews beyond; past it the rest is counted, visibly.
  const text = clipText(input, EXACT_PREVIEW_CHARS)
    .replace(UNSAFE_EXACT, (ch) => (ch === " " ? ch : placeholder(ch)))
    .replace(new RegExp(` {${LONG_SPACE_RUN},}`, "g"), (run) => ` ⟨${run.length} spaces⟩ `)
    .replace(new RegExp(`\\n{${MAX_BLANK_LINES + 2},}`, "g"), (run) => `\n⟨${run.length - 1} blank lines⟩\n`);
  return expandTabs(text, 4);
}

/**
 * Our own SGR and hyperlinks (kept by guardRow) or any single character that must not reach the
 * terminal raw. A hyperlink in a finished row is ours: untrusted text was sanitised before a line
 * builder linked a path in it, which turned any OSC 8 it brought into visible placeholders.
 */
const ROW_GUARD_CHARS = `\\u0000-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}${ANNOTATION_CONTROLS}`;
const ROW_GUARD = new RegExp(`${SGR_SOURCE}|${HYPERLINK_SOURCE}|[${ROW_GUARD_CHARS}]`, "g");

/**
 * Last line of defence for a finished row (components/lines.tsx): our SGR styling and links pass,
 * any other control character or bidi control that a line builder let through is shown as a
 * placeholder, and a stray line break cannot add a row the layout did not count.
 */
export function guardRow(row: string): string {
  return row.replace(ROW_GUARD, (m) => (m.length > 1 ? m : m === "\t" ? " " : placeholder(m)));
}

/** One grapheme of text being edited as drawn in the editor (controls and bidi visible). */
export function visibleGrapheme(g: string): string {
  const c = g.charCodeAt(0);
  if (g.length === 1 && c >= 0x20 && c < 0x7f) return g;
  if (g === "\t") return " ";
  return g.replace(UNSAFE, placeholder);
}
