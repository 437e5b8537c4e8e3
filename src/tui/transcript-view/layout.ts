// Line layout of the transcript view: a block's parts wrapped at the view width (layout-cache.ts
// keeps what is worth keeping), and the rows of a window rendered on demand — only visible
// rows are built, whatever the size of the session. Search runs over the same layout.
import { renderMarkdown } from "../render/markdown.js";
import type { Palette } from "../render/palette.js";
import { hardWrap, hardWrapCount, stripSgr, textWidth, wrapText } from "../render/text-width.js";
import { type Part, type TextLines, lineAt } from "../blocks/parts.js";
import { findRanges, markRanges } from "./search-marks.js";
import { formatCount } from "../state/format-count.js";

type RowsSeg = { kind: "rows"; start: number; rows: string[] };
type LinesSeg = {
  kind: "lines";
  start: number;
  lines: TextLines;
  indent: string;
  width: number;
  style: ((s: string) => string) | undefined;
  /** Row offset (within the segment) of each line; one extra entry = the segment's rows. */
  starts: Int32Array;
};
type Seg = RowsSeg | LinesSeg;

/**
 * One block's rows. `estimated`: a markdown part was not rendered yet (parsing every answer of
 * a long session would take seconds), so `rows` is a guess and `segs` must not be read.
 */
export type BlockLayout = { rows: number; segs: Seg[]; estimated: boolean };

/**
 * How far layoutParts goes with markdown: `estimate` guesses its rows from the source, `count`
 * renders it without highlighting (the same rows, a fifth of the work; the rows are not meant
 * to be kept), `render` renders it as shown.
 */
export type LayoutMode = "estimate" | "count" | "render";

/**
 * How the view shows a block: in full, or its first row and a line saying what is folded (the
 * live screen's `Fold` of blocks/ is another choice: a bounded preview or a longer one).
 */
export type ViewFold = "full" | "folded";

const MATCH_ON = "\u001b[7m";
const MATCH_OFF = "\u001b[27m";

/** Rows a markdown text will roughly take: its lines, wrapped. */
function estimateMarkdownRows(text: string, width: number): number {
  let rows = 0;
  for (const line of text.split("\n")) rows += Math.max(1, Math.ceil(line.length / width));
  return rows;
}

/** `parts` laid out at `width`; `palette` paints their markdown (the parts come painted). */
export function layoutParts(parts: readonly Part[], width: number, mode: LayoutMode, palette: Palette): BlockLayout {
  const segs: Seg[] = [];
  let at = 0;
  let estimated = false;
  const addRows = (rows: string[]): void => {
    if (rows.length === 0) return;
    const last = segs[segs.length - 1];
    if (last && last.kind === "rows") last.rows.push(...rows);
    else segs.push({ kind: "rows", start: at, rows });
    at += rows.length;
  };
  for (const p of parts) {
    switch (p.kind) {
      case "wrap": {
        const indent = Math.max(textWidth(p.first), textWidth(p.rest));
        const rows = p.text === "" ? [""] : wrapText(p.text, Math.max(10, width - indent));
        addRows(rows.map((r, i) => `${i === 0 ? p.first : p.rest}${p.style ? p.style(r) : r}`));
        break;
      }
      case "markdown":
        if (mode !== "estimate") addRows(renderMarkdown(p.text, width, palette, { highlight: mode === "render" }));
        else {
          estimated = true;
          at += estimateMarkdownRows(p.text, width);
        }
        break;
      case "lines": {
        const w = Math.max(10, width - textWidth(p.indent));
        const n = p.lines.count;
        const starts = new Int32Array(n + 1);
        const offsets = p.lines.offsets;
        let rows = 0;
        for (let i = 0; i < n; i += 1) {
          starts[i] = rows;
          // Printable ASCII: a line's rows follow from its length alone.
          rows += p.ascii
            ? Math.max(1, Math.ceil(((offsets[i + 1] ?? 0) - (offsets[i] ?? 0) - 1) / w))
            : hardWrapCount(lineAt(p.lines, i), w);
        }
        starts[n] = rows;
        segs.push({ kind: "lines", start: at, lines: p.lines, indent: p.indent, width: w, style: p.style, starts });
        at += rows;
        break;
      }
      default: {
        const never: never = p;
        return never;
      }
    }
  }
  // A blank row closes every block, so blocks do not run into each other.
  addRows([""]);
  return estimated ? { rows: at, segs: [], estimated } : { rows: at, segs, estimated };
}

function segIndex(l: BlockLayout, row: number): number {
  let lo = 0;
  let hi = l.segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((l.segs[mid]?.start ?? 0) <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lineIndex(starts: Int32Array, row: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= row) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export type Needle = { text: string; fold: boolean };

/** Smart case, as in less -i and vim's smartcase: an upper-case letter makes the search exact. */
export function needleFor(query: string): Needle | undefined {
  if (query === "") return undefined;
  const fold = query === query.toLowerCase();
  return { text: fold ? query.toLowerCase() : query, fold };
}

function markRow(row: string, needle: Needle | undefined): string {
  if (!needle) return row;
  return markRanges(row, findRanges(stripSgr(row), needle.text, needle.fold), MATCH_ON, MATCH_OFF);
}

/** Rows [from, to) of a block layout, search matches marked. */
export function layoutRows(l: BlockLayout, from: number, to: number, needle: Needle | undefined): string[] {
  const out: string[] = [];
  let row = Math.max(0, from);
  const end = Math.min(l.rows, to);
  while (row < end) {
    const seg = l.segs[segIndex(l, row)];
    if (!seg) break;
    if (seg.kind === "rows") {
      const stop = Math.min(end, seg.start + seg.rows.length);
      for (; row < stop; row += 1) out.push(markRow(seg.rows[row - seg.start] ?? "", needle));
      continue;
    }
    let li = lineIndex(seg.starts, row - seg.start);
    const segEnd = Math.min(end, seg.start + (seg.starts[seg.lines.count] ?? 0));
    while (row < segEnd && li < seg.lines.count) {
      const line = lineAt(seg.lines, li);
      const wrapped = hardWrap(line, seg.width);
      const ranges = needle
        ? findRanges(line.includes("\u001b") ? stripSgr(line) : line, needle.text, needle.fold)
        : [];
      for (let k = row - seg.start - (seg.starts[li] ?? 0); k < wrapped.length && row < segEnd; k += 1, row += 1) {
        const w = wrapped[k];
        if (!w) break;
        const mine = ranges
          .filter(([a, b]) => b > w.from && a < w.to)
          .map(([a, b]) => [Math.max(0, a - w.from), Math.min(w.to, b) - w.from] as const);
        const marked = markRanges(w.text, mine, MATCH_ON, MATCH_OFF);
        out.push(seg.indent + (seg.style ? seg.style(marked) : marked));
      }
      li += 1;
    }
  }
  return out;
}

/** Rows (within the layout) where `needle` occurs, in order, each row once. */
export function searchLayout(l: BlockLayout, needle: Needle): number[] {
  const found: number[] = [];
  const add = (row: number): void => {
    if (found[found.length - 1] !== row) found.push(row);
  };
  for (const seg of l.segs) {
    if (seg.kind === "rows") {
      seg.rows.forEach((r, i) => {
        if (findRanges(stripSgr(r), needle.text, needle.fold).length > 0) add(seg.start + i);
      });
      continue;
    }
    // One scan of the whole text; matches are mapped to lines through the offsets.
    const { text, offsets, count } = seg.lines;
    const styled = text.includes("\u001b");
    if (!styled) {
      const hay = needle.fold ? text.toLowerCase() : text;
      let li = 0;
      for (let at = hay.indexOf(needle.text); at !== -1; at = hay.indexOf(needle.text, at + needle.text.length)) {
        while (li + 1 < count && (offsets[li + 1] ?? 0) <= at) li += 1;
        const col = at - (offsets[li] ?? 0);
        const base = seg.start + (seg.starts[li] ?? 0);
        const multi = (seg.starts[li + 1] ?? 0) - (seg.starts[li] ?? 0) > 1;
        add(
          base +
            (!multi
              ? 0
              : Math.max(
                  0,
                  hardWrap(lineAt(seg.lines, li), seg.width).findIndex((w) => col >= w.from && col < w.to),
                )),
        );
      }
      continue;
    }
    for (let li = 0; li < count; li += 1) {
      const plain = stripSgr(lineAt(seg.lines, li));
      const hay = needle.fold ? plain.toLowerCase() : plain;
      if (!hay.includes(needle.text)) continue;
      const base = seg.start + (seg.starts[li] ?? 0);
      const wrapped =
        (seg.starts[li + 1] ?? 0) - (seg.starts[li] ?? 0) > 1 ? hardWrap(lineAt(seg.lines, li), seg.width) : undefined;
      for (const [a] of findRanges(plain, needle.text, needle.fold)) {
        const k = wrapped
          ? Math.max(
              0,
              wrapped.findIndex((w) => a >= w.from && a < w.to),
            )
          : 0;
        add(base + k);
      }
    }
  }
  return found;
}

/** Rows of a block's folded form, from the rows of its full form (see foldLayout). */
export function foldedRows(fullRows: number): number {
  return fullRows - 2 > 0 ? 3 : 2;
}

/** The folded form: the first row of the full layout and a line counting what is hidden. */
export function foldLayout(full: BlockLayout, label: string, { theme }: Palette): BlockLayout {
  if (full.estimated) return { rows: 3, segs: [], estimated: true };
  const first = layoutRows(full, 0, 1, undefined)[0] ?? "";
  const hidden = full.rows - 2; // the first row and the closing blank row stay
  const rows =
    hidden > 0
      ? [
          first,
          theme.muted(`  ▸ ${label}${formatCount(hidden)} more row${hidden === 1 ? "" : "s"} · enter to expand`),
          "",
        ]
      : [first, ""];
  return { rows: rows.length, segs: [{ kind: "rows", start: 0, rows }], estimated: false };
}
