// Splits one input event, as Ink delivers it, into single keypresses. Ink hands text that
// arrived in one stdin read (fast typing, a busy event loop, a test's single write) to useInput
// as ONE string, so "abc\x03" or "abc\r" would be taken as text: here each control byte is
// its own key and the text runs between them stay text.
import type { Key } from "ink";

export type Keypress = { input: string; key: Key };

const PLAIN: Key = {
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
      return { input: "\r", key: { ...PLAIN, return: true } };
    case 0x0a:
      return { input: "\n", key: PLAIN }; // keymap: "\n" alone is Ctrl+J
    case 0x09:
      return { input: "", key: { ...PLAIN, tab: true } };
    case 0x08:
      return { input: "", key: { ...PLAIN, backspace: true } };
    case 0x7f:
      return { input: "", key: { ...PLAIN, delete: true } };
    case 0x1b:
      return { input: "", key: { ...PLAIN, escape: true, meta: true } };
    case 0x00:
      return { input: "`", key: { ...PLAIN, ctrl: true } };
    default:
      // 0x01-0x1a are Ctrl+A..Ctrl+Z; 0x1c-0x1f are Ctrl+\ ] ^ _.
      return { input: String.fromCharCode(code + 0x60), key: { ...PLAIN, ctrl: true } };
  }
}

/**
 * One Ink input event -> the keypresses in it. Events that already are one key (escape
 * sequences, a single character, plain text) pass through unchanged. While a bracketed paste
 * is open everything is text (the paste end marker arrives as its own event).
 */
export function splitKeypresses(input: string, key: Key, pasting: boolean): Keypress[] {
  if (pasting || input.length <= 1 || !CONTROL.test(input)) return [{ input, key }];
  // A line break between two pieces of text is an unbracketed multi-line paste, not Enter:
  // the terminal did not mark it, but nobody types a second line faster than one read.
  if (/[^\r\n][\r\n]+[^\r\n]/.test(input) && !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(input)) return [{ input, key }];
  const out: Keypress[] = [];
  for (const part of input.match(CONTROL_RUNS) ?? []) {
    out.push(part.length === 1 && CONTROL.test(part) ? controlKeypress(part) : { input: part, key: PLAIN });
  }
  return out;
}
