// string-width's width of one line, reached faster for the lines this app draws. Ink measures
// every new text with string-width (Yoga asks for each text's size), which segments each line
// into graphemes and tests each grapheme against several Unicode property regexes: per line of
// a streamed answer with a bullet or a box-drawing character, tens of microseconds and a dozen
// small allocations. Here a line's SGR sequences are dropped as string-width drops them, and a
// line whose characters each stand alone as a grapheme is the sum of their widths, each found
// once by string-width itself (render/text-width.ts keeps them). Anything else is string-width's.
import stringWidth from "string-width";
import { ESC, isPrintableAscii, stripSgr } from "../../bridge/index.js";
import { graphemeWidth } from "../render/text-width.js";

/**
 * Characters that may join a neighbour into one grapheme, after Unicode's grapheme cluster
 * rules: marks and the other Extend and SpacingMark characters (ZWNJ, halfwidth sound marks,
 * Thai and Lao AM), controls, format characters and unassigned ones, emoji, regional
 * indicators, Hangul jamo and syllables, the Prepend class, surrogates (anything beyond the
 * Basic Multilingual Plane). A line without any is one grapheme per character.
 */
const MAY_JOIN =
  /[\p{M}\p{Cc}\p{Cf}\p{Cn}\p{Zl}\p{Zp}\p{Extended_Pictographic}\p{Regional_Indicator}\u0e33\u0eb3\uff9e\uff9f\u1100-\u11ff\ua960-\ua97f\uac00-\ud7ff\ud800-\udfff\u{10000}-\u{10ffff}\u0d4e]/u;

/**
 * The width string-width gives `line` (one line: no "\n"). Every SGR sequence is one that
 * string-width's stripping removes whole too; when what is left holds no control character (no
 * other escape), it is exactly what string-width measures.
 */
export function lineWidth(line: string): number {
  const plain = line.includes(ESC) ? stripSgr(line) : line;
  if (isPrintableAscii(plain)) return plain.length;
  if (MAY_JOIN.test(plain)) return stringWidth(line);
  // Each character is a grapheme: its width is string-width's, kept per grapheme by text-width.ts.
  let width = 0;
  for (let i = 0; i < plain.length; i += 1) width += graphemeWidth(plain.charAt(i));
  return width;
}
