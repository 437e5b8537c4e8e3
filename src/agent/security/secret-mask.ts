// Masking of known credential values in text the worker writes: plain text (stderr, files),
// JSON text (frames and session records, where a value appears in its escaped form) and
// streams (a value split across two chunks is held back until it can be decided).

export const MASK = "[REDACTED]";

export interface SecretMasker {
  /** Replace every known value in plain text. */
  text(text: string): string;
  /** Replace every known value in serialised JSON (values appear JSON-escaped there). */
  json(json: string): string;
  /** A masker for one stream of text chunks. */
  stream(): StreamMasker;
  /** True when there is nothing to mask (callers may skip work). */
  readonly empty: boolean;
}

export interface StreamMasker {
  /** Masked text that is safe to emit now; a possible start of a value is held back. */
  push(chunk: string): string;
  /** Everything held back, masked. */
  end(): string;
}

function replaceAll(text: string, needles: readonly string[]): string {
  let out = text;
  // includes() first: the common case (nothing to mask) costs one native scan per value.
  for (const needle of needles) if (out.includes(needle)) out = out.split(needle).join(MASK);
  return out;
}

/** The form a string takes inside JSON text (our serialisers also escape U+2028/U+2029). */
function jsonForm(value: string): string {
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** `values` must be non-empty strings; they are applied longest first. */
export function createSecretMasker(values: readonly string[]): SecretMasker {
  const plain = [...new Set(values.filter((v) => v.length > 0))].sort((a, b) => b.length - a.length);
  const json = [...new Set(plain.map(jsonForm))].sort((a, b) => b.length - a.length);
  const text = (input: string): string => (plain.length === 0 ? input : replaceAll(input, plain));
  return {
    text,
    json: (input) => (json.length === 0 ? input : replaceAll(input, json)),
    stream: () => createStreamMasker(plain, text),
    empty: plain.length === 0,
  };
}

/** Length of the longest suffix of `text` that is a proper prefix of one of `values`. */
function heldSuffixLength(text: string, values: readonly string[]): number {
  let best = 0;
  const last = text.charCodeAt(text.length - 1);
  for (const value of values) {
    const max = Math.min(value.length - 1, text.length);
    for (let n = max; n > best; n--) {
      // Cheap filter before the comparison: the prefix must end with the text's last character.
      if (value.charCodeAt(n - 1) === last && text.endsWith(value.slice(0, n))) {
        best = n;
        break;
      }
    }
  }
  return best;
}

function createStreamMasker(values: readonly string[], mask: (text: string) => string): StreamMasker {
  let held = "";
  return {
    push(chunk) {
      if (values.length === 0) return chunk;
      const masked = mask(held + chunk);
      const keep = heldSuffixLength(masked, values);
      held = masked.slice(masked.length - keep);
      return masked.slice(0, masked.length - keep);
    },
    end() {
      const rest = mask(held);
      held = "";
      return rest;
    },
  };
}
