// Hard wrapping of one sanitised line at a cell width (as `less` wraps tool output), with each
// row's span in the line's plain text so search matches are highlighted across row breaks.
// Printable ASCII takes a fast path: a 20 MB tool output is counted without tokenising it.
import stringWidth from "string-width";

export type WrappedRow = {
  text: string;
  /** Span of this row in the line's plain (SGR-free) text, in UTF-16 code units. */
  from: number;
  to: number;
};

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const SGR_AT = /\u001b\[[0-9;:]*m/y;
const RESET = "\u001b[0m";
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Rows `line` takes at `width` cells (at least 1). */
export function hardWrapCount(line: string, width: number): number {
  const w = Math.max(1, width);
  if (PRINTABLE_ASCII.test(line)) return Math.max(1, Math.ceil(line.length / w));
  return hardWrap(line, w).length;
}

type Piece = { sgr: boolean; text: string; width: number };

function pieces(line: string): Piece[] {
  const out: Piece[] = [];
  let plainStart = 0;
  const flush = (end: number): void => {
    if (end <= plainStart) return;
    for (const { segment } of segmenter.segment(line.slice(plainStart, end))) {
      out.push({ sgr: false, text: segment, width: segment.length === 1 && segment >= " " && segment <= "~" ? 1 : stringWidth(segment) });
    }
  };
  let i = line.indexOf("\u001b");
  while (i !== -1) {
    SGR_AT.lastIndex = i;
    const m = SGR_AT.exec(line);
    if (m) {
      flush(i);
      out.push({ sgr: true, text: m[0], width: 0 });
      plainStart = i + m[0].length;
      i = line.indexOf("\u001b", plainStart);
    } else {
      i = line.indexOf("\u001b", i + 1);
    }
  }
  flush(line.length);
  return out;
}

/** Cut `line` into rows of at most `width` cells; SGR state is closed and reopened per row. */
export function hardWrap(line: string, width: number): WrappedRow[] {
  const w = Math.max(1, width);
  if (PRINTABLE_ASCII.test(line)) {
    if (line.length <= w) return [{ text: line, from: 0, to: line.length }];
    const rows: WrappedRow[] = [];
    for (let at = 0; at < line.length; at += w) rows.push({ text: line.slice(at, at + w), from: at, to: Math.min(line.length, at + w) });
    return rows;
  }
  const rows: WrappedRow[] = [];
  let active: string[] = [];
  let text = "";
  let used = 0;
  let plain = 0;
  let from = 0;
  let styled = false;
  const push = (): void => {
    rows.push({ text: styled && active.length > 0 ? text + RESET : text, from, to: plain });
    text = active.join("");
    used = 0;
    from = plain;
  };
  for (const p of pieces(line)) {
    if (p.sgr) {
      text += p.text;
      styled = true;
      if (p.text === "\u001b[0m" || p.text === "\u001b[m") active = [];
      else active.push(p.text);
      continue;
    }
    if (used + p.width > w && used > 0) push();
    text += p.text;
    used += p.width;
    plain += p.text.length;
  }
  rows.push({ text: styled && active.length > 0 ? text + RESET : text, from, to: plain });
  return rows;
}

/**
 * Insert `open`/`close` around the plain-text ranges `[from, to)` of a styled row (SGR
 * sequences are skipped when counting). Ranges must be sorted and not overlap.
 */
export function markRanges(row: string, ranges: ReadonlyArray<readonly [number, number]>, open: string, close: string): string {
  if (ranges.length === 0) return row;
  let out = "";
  let plain = 0;
  let r = 0;
  let inside = false;
  let i = 0;
  const edge = (): void => {
    for (;;) {
      const range = ranges[r];
      if (!range) return;
      if (inside && plain >= range[1]) {
        out += close;
        inside = false;
        r += 1;
      } else if (!inside && plain >= range[1]) {
        r += 1;
      } else if (!inside && plain >= range[0]) {
        out += open;
        inside = true;
        return;
      } else {
        return;
      }
    }
  };
  while (i < row.length) {
    if (row.charCodeAt(i) === 0x1b) {
      SGR_AT.lastIndex = i;
      const m = SGR_AT.exec(row);
      if (m) {
        out += m[0];
        // A reset inside a match would end the highlight: open it again.
        if (inside && (m[0] === "\u001b[0m" || m[0] === "\u001b[m")) out += open;
        i += m[0].length;
        continue;
      }
    }
    edge();
    out += row[i];
    plain += 1;
    i += 1;
  }
  edge();
  if (inside) out += close;
  return out;
}

/** Plain-text ranges of `needle` (already lower-cased when `fold`) in `plainText`. */
export function findRanges(plainText: string, needle: string, fold: boolean): Array<[number, number]> {
  if (needle === "") return [];
  const hay = fold ? plainText.toLowerCase() : plainText;
  const out: Array<[number, number]> = [];
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) out.push([at, at + needle.length]);
  return out;
}
