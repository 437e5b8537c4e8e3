// Search matches in the transcript view: where a needle occurs in a line's plain text, and the
// marks around those ranges in a styled row (its rows come from render/text-width.ts's hardWrap,
// whose spans say which part of the plain text each row shows).
import { isSgrReset, scanSgr } from "../../bridge/index.js";

/** [from, to) in a line's plain text (without SGR), in UTF-16 code units. */
type PlainRange = readonly [number, number];

/**
 * Insert `open`/`close` around the plain-text ranges `[from, to)` of a styled row (SGR
 * sequences are skipped when counting). Ranges must be sorted and not overlap.
 */
export function markRanges(row: string, ranges: readonly PlainRange[], open: string, close: string): string {
  if (ranges.length === 0) return row;
  let out = "";
  let plain = 0;
  let r = 0;
  let inside = false;
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
  scanSgr(
    row,
    (from, to) => {
      // Up to the next range edge nothing changes: copy that much at once.
      for (let i = from; i < to; ) {
        edge();
        const range = ranges[r];
        const next = range === undefined ? to - i : (inside ? range[1] : range[0]) - plain;
        const take = Math.min(to - i, Math.max(1, next));
        out += row.slice(i, i + take);
        plain += take;
        i += take;
      }
    },
    (from, to) => {
      const sgr = row.slice(from, to);
      out += sgr;
      // A reset inside a match would end the highlight: open it again.
      if (inside && isSgrReset(sgr)) out += open;
    },
  );
  edge();
  if (inside) out += close;
  return out;
}

/** Plain-text ranges of `needle` (already lower-cased when `fold`) in `plainText`. */
export function findRanges(plainText: string, needle: string, fold: boolean): Array<[number, number]> {
  if (needle === "") return [];
  const hay = fold ? plainText.toLowerCase() : plainText;
  const out: Array<[number, number]> = [];
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + needle.length)) {
    out.push([at, at + needle.length]);
  }
  return out;
}
