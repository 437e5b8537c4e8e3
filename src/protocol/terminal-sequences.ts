// The one grammar of terminal escape sequences (ECMA-48: SGR, CSI, OSC, DCS/SOS/PM/APC, the short
// ESC forms): the patterns, stripping them, and splitting styled text into visible runs and SGR.
// Why src/protocol: the layer table (test/import-rules.test.ts) lets every layer import protocol
// and nothing else below it, and all three need this: agent-rpc (its terminal output, the bash
// tool's output sanitiser), the bridge (escapes leaked before a worker's frame) and the TUI
// (sanitiser, widths and wrapping, the frame writer), which reaches it through src/bridge/index.ts.
// Widths in cells stay in src/tui/render/text-width.ts: they need string-width and its caches,
// the TUI's alone. A pattern for escape sequences anywhere else in src/ is built from the sources
// here (test/terminal-sequence-rules.test.ts fails on one spelled out by hand).

/** ESC, which opens every 7-bit sequence. */
export const ESC = "\u001b";
/** The reset our own styling ends a row with. */
export const SGR_RESET = "\u001b[0m";
/**
 * Mouse reporting: presses and releases (1000), motion while a button is held (1002), in SGR
 * form (1006: `ESC[<b;x;yM`, no coordinate limit). Off in the reverse order.
 */
export const MOUSE_REPORTING_ON = "\u001b[?1000h\u001b[?1002h\u001b[?1006h";
export const MOUSE_REPORTING_OFF = "\u001b[?1006l\u001b[?1002l\u001b[?1000l";

/** CSI's opener, ESC [ (Ink hands a key's CSI over without its ESC: see CSI_BODY_SOURCE). */
export const CSI_OPEN_SOURCE = "\\u001b\\[";
/** OSC's opener, ESC ]. */
export const OSC_OPEN_SOURCE = "\\u001b\\]";
/** What ends an OSC: BEL, or ST (ESC \). */
export const STRING_END_SOURCE = "(?:\\u0007|\\u001b\\\\)";
/** A CSI after its opener: parameter bytes, intermediate bytes, one final byte. */
export const CSI_BODY_SOURCE = "[0-?]*[ -/]*[@-~]";
/** A complete CSI: cursor movement, erase, modes, SGR, replies. */
export const CSI_SOURCE = `${CSI_OPEN_SOURCE}${CSI_BODY_SOURCE}`;
/** A CSI other than SGR (its final byte is not `m`): cursor movement, erase, modes. */
export const NON_SGR_CSI_SOURCE = `${CSI_OPEN_SOURCE}[0-?]*[ -/]*[@-ln-~]`;
/** A complete SGR (styling only, it carries no text), colon sub-parameters included. */
export const SGR_SOURCE = `${CSI_OPEN_SOURCE}[0-9;:]*m`;
/** SGR with the one-byte C1 introducer (U+009B) instead of ESC [. */
export const C1_SGR_SOURCE = "\\u009b[0-9;:]*m";
/** A complete OSC (title, clipboard, hyperlink, colour replies), BEL or ST terminated. */
export const OSC_SOURCE = `${OSC_OPEN_SOURCE}[^\\u0007\\u001b]*${STRING_END_SOURCE}`;
/** DCS, SOS, PM and APC strings, ST terminated. */
export const CONTROL_STRING_SOURCE = "\\u001b[PX^_][^\\u001b]*\\u001b\\\\";
/** Character set designation: ESC ( B and the like. */
export const CHARSET_SOURCE = "\\u001b[()*+][ -~]";
/** The remaining ESC forms: intermediates, then one final byte (ESC 7, ESC =, ESC c; of SS3 only ESC O). */
export const SHORT_ESCAPE_SOURCE = "\\u001b[ -/]*[0-~]";
/** CSI with the one-byte C1 introducer. */
export const C1_CSI_SOURCE = `\\u009b${CSI_BODY_SOURCE}`;
/** Any complete sequence; the longer forms are tried first. */
const LONG_FORMS_SOURCE = `${CSI_SOURCE}|${OSC_SOURCE}|${CONTROL_STRING_SOURCE}`;
export const ANY_SEQUENCE_SOURCE = `${LONG_FORMS_SOURCE}|${CHARSET_SOURCE}|${SHORT_ESCAPE_SOURCE}|${C1_CSI_SOURCE}`;

/**
 * An OSC 8 hyperlink's opener (ESC ] 8 ; params ; URI, then BEL or ST) or its closer (the URI
 * empty): it takes no cell, like SGR. Only our own styling writes one (hyperlink below); the
 * sanitiser strips any from untrusted text like every other OSC.
 */
export const HYPERLINK_SOURCE = `${OSC_OPEN_SOURCE}8;[^;\\u0007\\u001b]*;([^\\u0007\\u001b]*)${STRING_END_SOURCE}`;
/** Ends the hyperlink open. BEL-terminated: Ink's tokenizer (ansi-tokenize) reads links ended so. */
export const HYPERLINK_CLOSE = "\u001b]8;;\u0007";
/** What a hyperlink's URI may hold: printable ASCII, no space (the caller percent-encodes the rest). */
const URI_CHARACTERS = /^[!-~]+$/;
const HYPERLINK_AT = new RegExp(HYPERLINK_SOURCE, "y");

/** `text` as a hyperlink to `uri` (OSC 8); `text` alone when the URI holds what a link may not carry. */
export function hyperlink(uri: string, text: string): string {
  if (text === "" || !URI_CHARACTERS.test(uri)) return text;
  return `\u001b]8;;${uri}\u0007${text}${HYPERLINK_CLOSE}`;
}

/** Length of the hyperlink opener or closer starting at `at` in `text`; 0 when none starts there. */
export function hyperlinkLength(text: string, at: number): number {
  HYPERLINK_AT.lastIndex = at;
  return HYPERLINK_AT.exec(text)?.[0].length ?? 0;
}

/** The URI of a hyperlink sequence ("" for a closer); undefined when `sequence` is not one. */
export function hyperlinkUri(sequence: string): string | undefined {
  HYPERLINK_AT.lastIndex = 0;
  const m = HYPERLINK_AT.exec(sequence);
  return m && m[0].length === sequence.length ? (m[1] ?? "") : undefined;
}

const SGR_AT = new RegExp(SGR_SOURCE, "y");
const CSI_AT = new RegExp(CSI_SOURCE, "y");
const SGR_ALL = new RegExp(SGR_SOURCE, "g");
const ANY_SEQUENCE_ALL = new RegExp(ANY_SEQUENCE_SOURCE, "g");
/** A sequence that has started but not ended: an opener and what may still continue it. */
const UNFINISHED = /^\u001b(?:\[[0-?]*[ -/]*|\][^\u0007\u001b]*\u001b?|[PX^_][^\u001b]*\u001b?|[()*+]|[ -/]*)?$/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const LEADING_NON_SGR_CSI = new RegExp(`^(?:${NON_SGR_CSI_SOURCE})*`);

/** Length of the SGR starting at `at` in `text`; 0 when none starts there. */
export function sgrLength(text: string, at: number): number {
  SGR_AT.lastIndex = at;
  return SGR_AT.exec(text)?.[0].length ?? 0;
}

/** Length of the CSI starting at `at` in `text`; 0 when none starts there. */
export function csiLength(text: string, at: number): number {
  CSI_AT.lastIndex = at;
  return CSI_AT.exec(text)?.[0].length ?? 0;
}

/** The parameters of an SGR sequence (`1;31` of ESC[1;31m). */
export const sgrParams = (sgr: string): string => sgr.slice(2, -1);

/** True for the SGR sequences that reset every attribute (ESC[0m, ESC[m). */
export const isSgrReset = (sgr: string): boolean => sgr === "\u001b[0m" || sgr === "\u001b[m";

/** `text` without its SGR sequences (other sequences stay). */
export function stripSgr(text: string): string {
  return text.replace(SGR_ALL, "");
}

/**
 * `text` without its escape sequences. Of one that never completes only the opener goes (as a
 * short ESC form); other controls stay.
 */
export function stripSequences(text: string): string {
  return text.replace(ANY_SEQUENCE_ALL, "");
}

/** True when `text` is the start of a sequence whose end has not arrived yet (ESC, ESC [ 1 ; …). */
export function isUnfinishedSequence(text: string): boolean {
  return UNFINISHED.test(text);
}

/** Length of the CSIs other than SGR that start `text`: the cursor moves and erases written before a frame. */
export function leadingCursorControlLength(text: string): number {
  return LEADING_NON_SGR_CSI.exec(text)?.[0].length ?? 0;
}

/** True when every character of `text` is printable ASCII: one cell each, no sequence. */
export function isPrintableAscii(text: string): boolean {
  return PRINTABLE_ASCII.test(text);
}

/** Receives the span [from, to) of a piece of a line. */
export type SpanHandler = (from: number, to: number) => void;

/**
 * Walks a styled line in order: `onText(from, to)` for each run of text between SGR sequences (an
 * ESC that starts no SGR stays in its run), `onSgr(from, to)` for each SGR and for each hyperlink
 * opener or closer (styling too: no cell, see hyperlinkUri). Offsets into `line`.
 */
export function scanSgr(line: string, onText: SpanHandler, onSgr?: SpanHandler): void {
  let textStart = 0;
  let i = line.indexOf(ESC);
  while (i !== -1) {
    const length = sgrLength(line, i) || hyperlinkLength(line, i);
    if (length > 0) {
      if (i > textStart) onText(textStart, i);
      onSgr?.(i, i + length);
      textStart = i + length;
      i = line.indexOf(ESC, textStart);
    } else {
      i = line.indexOf(ESC, i + 1);
    }
  }
  if (line.length > textStart) onText(textStart, line.length);
}

/** The terminal bell (BEL). */
export const BELL = "\u0007";

/** Text inside an OSC string: no control character can end it early or start another sequence. */
function oscText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").slice(0, 200);
}

/**
 * A desktop notification through the terminal, OSC 9 (iTerm2, WezTerm, kitty, Windows Terminal,
 * foot, ghostty; tmux passes it on with allow-passthrough), ended with ST so that it is never
 * also a bell: a notice rings once, with BELL, when it means to.
 */
export function osc9Notification(text: string): string {
  return `\u001b]9;${oscText(text)}\u001b\\`;
}

/** The same through OSC 777 (rxvt-unicode, foot, some VTE terminals): a title and a body. */
export function osc777Notification(title: string, body: string): string {
  return `\u001b]777;notify;${oscText(title).replace(/;/g, ",")};${oscText(body)}\u001b\\`;
}
