// string-width's width of one line, reached faster for the lines this app draws. Ink measures
// every new text with string-width (Yoga asks for each text's size), which segments each line
// into graphemes and tests each grapheme against several Unicode property regexes: per line of
// a streamed answer with a bullet or a box-drawing character, tens of microseconds and a dozen
// small allocations. Here a line's SGR sequences are dropped as string-width drops them, and a
// line whose characters each stand alone as a grapheme is the sum of their widths, each found
// once by string-width itself. Anything else is string-width's to measure.
import stringWidth from "string-width";

/**
 * SGR sequences as string-width's ANSI stripping reads them (no parameter longer than three
 * digits: it would read a fourth digit as the sequence's end).
 */
const SGR = /\u001b\[(?:\d{1,3}(?:;\d{0,3})*)?m/g;
/** What string-width's stripping would read otherwise: other escapes, BEL, C1 introducers. */
const OTHER_ESCAPES = /[\u001b\u0007\u0080-\u009f]/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/**
 * Characters that may join a neighbour into one grapheme, after Unicode's grapheme cluster
 * rules: marks and the other Extend and SpacingMark characters (ZWNJ, halfwidth sound marks,
 * Thai and Lao AM), controls, format characters and unassigned ones, emoji, regional
 * indicators, Hangul jamo and syllables, the Prepend class, surrogates (anything beyond the
 * Basic Multilingual Plane). A line without any is one grapheme per character.
 */
const MAY_JOIN =
  /[\p{M}\p{Cc}\p{Cf}\p{Cn}\p{Zl}\p{Zp}\p{Extended_Pictographic}\p{Regional_Indicator}\u0e33\u0eb3\uff9e\uff9f\u1100-\u11ff\ua960-\ua97f\uac00-\ud7ff\ud800-\udfff\u{10000}-\u{10ffff}\u0d4e]/u;

/** Widths string-width gave single characters (bounded: text repeats its characters). */
const charWidths = new Map<string, number>();
const MAX_CHARS = 4096;

function charWidth(ch: string): number {
  let width = charWidths.get(ch);
  if (width === undefined) {
    width = stringWidth(ch);
    if (charWidths.size >= MAX_CHARS) charWidths.clear();
    charWidths.set(ch, width);
  }
  return width;
}

/** The width string-width gives `line` (one line: no "\n"). */
export function lineWidth(line: string): number {
  let plain = line;
  if (line.includes("\u001b")) plain = line.replace(SGR, "");
  if (OTHER_ESCAPES.test(plain)) return stringWidth(line);
  if (PRINTABLE_ASCII.test(plain)) return plain.length;
  if (MAY_JOIN.test(plain)) return stringWidth(plain);
  let width = 0;
  for (let i = 0; i < plain.length; i += 1) {
    const code = plain.charCodeAt(i);
    width += code >= 0x20 && code < 0x7f ? 1 : charWidth(plain.charAt(i));
  }
  return width;
}
