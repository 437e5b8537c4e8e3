// Splits one input event, as Ink delivers it, into single keypresses. Ink hands text that
// arrived in one stdin read (fast typing, a busy event loop, a test's single write) to useInput
// as ONE string, so "abc\x03" or "abc\r" would be taken as text: here each control byte is
// its own key and the text runs between them stay text. Escape sequences Ink cannot name
// (xterm modifyOtherKeys, CSI-u forms it misses, mouse, focus, F13+) are decoded here or
// dropped: an escape sequence never reaches the editor as text.
import type { Key } from "ink";
import { CSI_BODY_SOURCE } from "../../bridge/index.js";

export type Keypress = { input: string; key: Key };

/** A key with no flag set: a plain character (the base every made-up key is spread over). */
export const PLAIN_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_RUNS = /[\u0000-\u001f\u007f]|[^\u0000-\u001f\u007f]+/g;

/** The keypress Ink reports for one control byte on its own (see ink's useInput). */
export function controlKeypress(ch: string): Keypress {
  const code = ch.charCodeAt(0);
  switch (code) {
    case 0x0d:
      return { input: "\r", key: { ...PLAIN_KEY, return: true } };
    case 0x0a:
      return { input: "\n", key: PLAIN_KEY }; // keymap: "\n" alone is Ctrl+J
    case 0x09:
      return { input: "", key: { ...PLAIN_KEY, tab: true } };
    case 0x08:
      return { input: "", key: { ...PLAIN_KEY, backspace: true } };
    case 0x7f:
      return { input: "", key: { ...PLAIN_KEY, delete: true } };
    case 0x1b:
      return { input: "", key: { ...PLAIN_KEY, escape: true, meta: true } };
    case 0x00:
      return { input: "`", key: { ...PLAIN_KEY, ctrl: true } };
    default:
      // 0x01-0x1a are Ctrl+A..Ctrl+Z; 0x1c-0x1f are Ctrl+\ ] ^ _.
      return { input: String.fromCharCode(code + (code <= 0x1a ? 0x60 : 0x40)), key: { ...PLAIN_KEY, ctrl: true } };
  }
}

// What Ink leaves of an escape sequence it could not name: the sequence minus its leading ESC.
const UNNAMED_CSI = new RegExp(`^\\[${CSI_BODY_SOURCE}$`);
const MODIFY_OTHER_KEYS = /^\[27;(\d+);(\d+)~$/;
const CSI_U = /^\[(\d+)(?::\d*)*(?:;(\d+)(?::\d+)?(?:;[\d:]*)?)?u$/;
const PASTE_MARKERS = new Set(["[200~", "[201~"]);
const SGR_MOUSE = /^\[<(\d+);(\d+);(\d+)([Mm])$/;

/**
 * One SGR (1006) mouse report, as the transcript view reads it: `x`, `y` 1-based cells.
 * `kind`: a button pressed or released, the pointer moved with a button held (a drag), the wheel.
 */
export type MouseReport = {
  kind: "press" | "release" | "drag" | "wheel_up" | "wheel_down";
  button: number;
  x: number;
  y: number;
};

/** The mouse report in a keypress's input (`[<b;x;yM`, its ESC removed), or undefined. */
export function parseMouseReport(input: string): MouseReport | undefined {
  const m = SGR_MOUSE.exec(input);
  if (!m) return undefined;
  const code = Number(m[1]);
  const at = { button: code & 3, x: Number(m[2]), y: Number(m[3]) };
  // Bits: 64 the wheel (button 0 up, 1 down), 32 motion, 4/8/16 the modifiers.
  if ((code & 64) !== 0)
    return (code & 2) !== 0 ? undefined : { ...at, kind: (code & 1) === 0 ? "wheel_up" : "wheel_down" };
  if ((code & 32) !== 0) return { ...at, kind: "drag" };
  return { ...at, kind: m[4] === "m" ? "release" : "press" };
}

/** The keypress for Unicode `code` with xterm modifier parameter `mod` (1 + shift 1, alt 2, ctrl 4). */
export function codepointKeypress(code: number, mod: number): Keypress | undefined {
  const bits = Math.max(0, mod - 1);
  const shift = (bits & 1) !== 0;
  const meta = (bits & 2) !== 0 || (bits & 8) !== 0;
  const ctrl = (bits & 4) !== 0;
  const flags = { ...PLAIN_KEY, shift, meta, ctrl };
  switch (code) {
    case 13:
      return { input: "\r", key: { ...flags, return: true } };
    case 9:
      return { input: "", key: { ...flags, tab: true } };
    case 27:
      return { input: "", key: { ...flags, escape: true, meta: true } };
    case 127:
      return { input: "", key: { ...flags, delete: true } };
    case 8:
      return { input: "", key: { ...flags, backspace: true } };
    default:
      break;
  }
  if (code < 32 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff || (code >= 57344 && code <= 63743))
    return undefined;
  const ch = String.fromCodePoint(code);
  if (ctrl) return { input: ch.toLowerCase(), key: flags };
  const text = shift ? ch.toUpperCase() : ch;
  return { input: text, key: { ...flags, shift: shift || /[A-Z]/.test(text) } };
}

/**
 * An escape sequence Ink did not name (`input` is what Ink passes on: the sequence without its
 * ESC): its keypress (modifyOtherKeys `ESC[27;mod;code~`, CSI-u `ESC[code;modu`), or null to
 * drop it (unknown keys, focus reports). undefined: the paste markers and SGR mouse reports, handled later.
 */
export function decodeUnnamedSequence(input: string): Keypress | null | undefined {
  if (PASTE_MARKERS.has(input)) return undefined;
  // SGR mouse reports go on to the keymap: the transcript view scrolls with the wheel.
  if (SGR_MOUSE.test(input)) return undefined;
  if (!UNNAMED_CSI.test(input)) return null;
  const other = MODIFY_OTHER_KEYS.exec(input);
  if (other) return codepointKeypress(Number(other[2]), Number(other[1])) ?? null;
  const u = CSI_U.exec(input);
  if (u) return codepointKeypress(Number(u[1]), Number(u[2] ?? "1")) ?? null;
  return null;
}

/**
 * `\` then Enter is the line-continuation pair (editor-keys.ts), also when the keys typed after
 * it arrive in the same read ("one\\\rtwo"): that chunk is text, Enter, text, never a pasted
 * line break that would keep the backslash. Terminals mark real pastes (bracketed paste is on),
 * so an unmarked chunk is typing that one read collected. Returns the parts, or undefined.
 */
function continuationSplit(input: string): string[] | undefined {
  const at = input.indexOf("\\\r");
  if (at === -1) return undefined;
  const parts = [input.slice(0, at + 1), "\r", input.slice(at + 2)];
  return parts.filter((p) => p !== "");
}

/** Control bytes other than the line breaks a paste holds. */
const OTHER_CONTROL = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/;

/** Several characters of text, line breaks allowed, nothing else: what the reads of a paste hold. */
const isPasteText = (input: string): boolean =>
  input.length > 1 && !OTHER_CONTROL.test(input) && !/^[\r\n]+$/.test(input);

/**
 * The splitter of one input stream: splitKeypresses with the bracketed paste state kept from
 * one event to the next (the paste markers arrive as events of their own), and unbracketed
 * pastes recognised across reads. A terminal without bracketed paste delivers a big paste as
 * reads cut anywhere: a read that ends with a line break ("…line 41\r") or starts with one
 * would be a line of text and Enter, sending part of the paste. So once a read was pasted
 * text (several lines), the reads after it are text too,
 * line breaks included, until one is not (a key typed on its own: a line break on its own is
 * Enter, a character ends the paste).
 */
export function createKeypressSplitter(): (input: string, key: Key, unnamed?: boolean) => Keypress[] {
  let pasting = false;
  let burst = false;
  return (input, key, unnamed = false) => {
    const inBurst = burst && !pasting && !unnamed && isPasteText(input);
    const keys = inBurst ? [{ input, key }] : splitKeypresses(input, key, pasting, unnamed);
    for (const k of keys) {
      if (k.input === "[200~") pasting = true;
      else if (k.input === "[201~") pasting = false;
    }
    // A read with a line break before its end holds several lines: pasted. Length alone is not
    // a sign (a test or a script types fast), nor a line break at the end ("text" then Enter).
    burst =
      inBurst || (keys.length === 1 && !pasting && !unnamed && isPasteText(input) && /[\r\n]/.test(input.slice(0, -1)));
    return keys;
  };
}

/**
 * One Ink input event -> the keypresses in it. Events that already are one key (escape
 * sequences, a single character, plain text) pass through unchanged. While a bracketed paste
 * is open everything is text (the paste end marker arrives as its own event). `unnamed`: the
 * event is an escape sequence that Ink passed on as text (see use-keys.tsx).
 */
export function splitKeypresses(input: string, key: Key, pasting: boolean, unnamed = false): Keypress[] {
  // Kitty reports key releases only when asked; a terminal that sends them anyway must not
  // make every key act twice.
  if (key.eventType === "release") return [];
  if (unnamed) {
    const decoded = decodeUnnamedSequence(input);
    if (decoded !== undefined) return decoded ? [decoded] : [];
  }
  // Ink names Ctrl+letters; Ctrl+\ ] ^ _ arrive as bare bytes: a key, never text.
  if (!pasting && input.length === 1 && /[\u001c-\u001f]/.test(input)) return [controlKeypress(input)];
  if (pasting || input.length <= 1 || !CONTROL.test(input)) return [{ input, key }];
  const continued = continuationSplit(input);
  if (continued)
    return continued.flatMap((part) =>
      part === "\r" ? [controlKeypress(part)] : splitKeypresses(part, PLAIN_KEY, false),
    );
  // A line break between two pieces of text is an unbracketed multi-line paste, not Enter:
  // the terminal did not mark it, but nobody types a second line faster than one read.
  if (/[^\r\n][\r\n]+[^\r\n]/.test(input) && !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(input))
    return [{ input, key }];
  const out: Keypress[] = [];
  for (const part of input.match(CONTROL_RUNS) ?? []) {
    out.push(part.length === 1 && CONTROL.test(part) ? controlKeypress(part) : { input: part, key: PLAIN_KEY });
  }
  return out;
}
