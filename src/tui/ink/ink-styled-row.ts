// The string Ink 6.8's Output.get() makes of a row holding one write at the left edge, built
// without Ink's grid. Ink tokenizes the row into graphemes (Intl.Segmenter), gives each one a
// copy of the styles in force, and writes a style diff between every two neighbours: most of
// the cost of a new row, and most rows of a streamed answer are new (docs/ink-adaptations.md,
// "Styled rows"). Here the text between two escape sequences is one token: every character in
// it has the same styles, so the diffs Ink would write inside it are empty, and the text is its
// graphemes joined. The styles and diffs themselves are ansi-tokenize's, the library Ink uses,
// so the row is byte-for-byte Ink's. Rows with anything but SGR sequences (links, stray escapes)
// go to Ink.
import { styledCharsFromTokens, styledCharsToString, tokenize } from "@alcalzone/ansi-tokenize";
import { ESC, sgrLength } from "../../bridge/index.js";

type Token = ReturnType<typeof tokenize>[number];

/** The 8-bit CSI: ansi-tokenize reads it as an escape too; such rows go to Ink. */
const CSI_8BIT = "\u009b";

/** ansi-tokenize's tokens of one SGR sequence, by sequence (a few dozen distinct ones in practice). */
const sgrTokens = new Map<string, readonly Token[] | undefined>();
const MAX_SEQUENCES = 512;

/**
 * The tokens ansi-tokenize makes of the SGR sequence starting at `from` (compound ones split as
 * it splits them), with where it ends; undefined when none starts there, or when ansi-tokenize
 * would not read it as one (it takes digits and semicolons only: a colon's sequence is text to it).
 */
function sgrAt(line: string, from: number): { tokens: readonly Token[]; end: number } | undefined {
  const length = sgrLength(line, from);
  if (length === 0) return undefined;
  const sequence = line.slice(from, from + length);
  let tokens = sgrTokens.get(sequence);
  if (tokens === undefined && !sgrTokens.has(sequence)) {
    const read = tokenize(sequence);
    tokens = read.every((t) => t.type === "ansi") ? read : undefined;
    if (sgrTokens.size >= MAX_SEQUENCES) sgrTokens.clear();
    sgrTokens.set(sequence, tokens);
  }
  return tokens === undefined ? undefined : { tokens, end: from + length };
}

/**
 * The row Ink's get() makes of `line` written alone at x = 0 (trailing spaces trimmed), or
 * undefined when `line` holds an escape other than an SGR sequence.
 */
export function styledRow(line: string): string | undefined {
  if (line.includes(CSI_8BIT)) return undefined;
  const tokens: Token[] = [];
  let at = 0;
  while (at < line.length) {
    const esc = line.indexOf(ESC, at);
    const textEnd = esc === -1 ? line.length : esc;
    if (textEnd > at) tokens.push({ type: "char", value: line.slice(at, textEnd), fullWidth: false });
    if (esc === -1) break;
    const sgr = sgrAt(line, esc);
    if (sgr === undefined) return undefined;
    tokens.push(...sgr.tokens);
    at = sgr.end;
  }
  return styledCharsToString(styledCharsFromTokens(tokens)).trimEnd();
}
