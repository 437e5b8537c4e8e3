// Display width of terminal text: graphemes (wide CJK, emoji, combining marks), SGR escapes
// ignored, plus width-aware truncation and word wrapping that carry SGR state across lines.
const SGR_RE = /\u001b\[[0-9;:]*m/y;
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0],
  [0x23f3, 0x23f3], [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f],
  [0x2693, 0x2693], [0x26a1, 0x26a1], [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5],
  [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea], [0x26f2, 0x26f3], [0x26f5, 0x26f5],
  [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b], [0x2728, 0x2728],
  [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797],
  [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55],
  [0x2e80, 0x303e], [0x3041, 0x33ff], [0x3400, 0x4dbf], [0x4e00, 0x9fff], [0xa000, 0xa4cf],
  [0xa960, 0xa97f], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19], [0xfe30, 0xfe6f],
  [0xff00, 0xff60], [0xffe0, 0xffe6], [0x16fe0, 0x18aff], [0x1b000, 0x1b2ff], [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e], [0x1f191, 0x1f19a], [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f], [0x1f680, 0x1f6ff], [0x1f7e0, 0x1f7eb], [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff], [0x20000, 0x3fffd],
];

function isWide(cp: number): boolean {
  let lo = 0;
  let hi = WIDE_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const range = WIDE_RANGES[mid];
    if (!range) return false;
    if (cp < range[0]) hi = mid - 1;
    else if (cp > range[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

const ZERO_WIDTH_RE = /^[\p{Mn}\p{Me}\p{Cf}\u200b-\u200f\u2028\u2029\ufeff]+$/u;
const EMOJI_PRESENTATION_RE = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\ufe0f|\u200d/u;

/** Width in terminal cells of one grapheme cluster. */
export function graphemeWidth(g: string): number {
  const cp = g.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (ZERO_WIDTH_RE.test(g)) return 0;
  if (EMOJI_PRESENTATION_RE.test(g)) return 2;
  return isWide(cp) ? 2 : 1;
}

/** A piece of a styled line: either an SGR escape (width 0) or one grapheme. */
type Token = { sgr: true; text: string } | { sgr: false; text: string; width: number };

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let plainStart = 0;
  const flushPlain = (end: number): void => {
    if (end <= plainStart) return;
    const plain = line.slice(plainStart, end);
    if (/^[\x20-\x7e]*$/.test(plain)) {
      for (const ch of plain) tokens.push({ sgr: false, text: ch, width: 1 });
      return;
    }
    for (const { segment } of segmenter.segment(plain)) {
      tokens.push({ sgr: false, text: segment, width: graphemeWidth(segment) });
    }
  };
  let i = line.indexOf("\u001b");
  while (i !== -1) {
    SGR_RE.lastIndex = i;
    const m = SGR_RE.exec(line);
    if (m) {
      flushPlain(i);
      tokens.push({ sgr: true, text: m[0] });
      plainStart = i + m[0].length;
      i = line.indexOf("\u001b", plainStart);
    } else {
      i = line.indexOf("\u001b", i + 1);
    }
  }
  flushPlain(line.length);
  return tokens;
}

/** Visible width of a single line (SGR escapes ignored). */
export function textWidth(line: string): number {
  if (/^[\x20-\x7e]*$/.test(line)) return line.length;
  let w = 0;
  for (const t of tokenize(line)) if (!t.sgr) w += t.width;
  return w;
}

/** Strip SGR escapes. */
export function stripSgr(text: string): string {
  return text.replace(/\u001b\[[0-9;:]*m/g, "");
}

const RESET = "\u001b[0m";

const CLOSES: Record<string, (code: number) => boolean> = {
  "22": (c) => c === 1 || c === 2,
  "23": (c) => c === 3,
  "24": (c) => c === 4,
  "27": (c) => c === 7,
  "29": (c) => c === 9,
  "39": (c) => (c >= 30 && c <= 38) || (c >= 90 && c <= 97),
  "49": (c) => (c >= 40 && c <= 48) || (c >= 100 && c <= 107),
};

/** Keep `active` as the minimal list of SGR openers still in force after `sgr`. */
function trackSgr(active: string[], sgr: string): void {
  const params = sgr.slice(2, -1);
  if (params === "" || params === "0") {
    active.length = 0;
    return;
  }
  const closes = CLOSES[params];
  if (closes) {
    for (let i = active.length - 1; i >= 0; i -= 1) {
      const code = Number((active[i] ?? "").slice(2, -1).split(/[;:]/)[0]);
      if (closes(code)) active.splice(i, 1);
    }
    return;
  }
  active.push(sgr);
}

/** Cut a line to at most `width` cells, adding `ellipsis` when something was cut. */
export function truncateLine(line: string, width: number, ellipsis = "…"): string {
  if (width <= 0) return "";
  if (textWidth(line) <= width) return line;
  const room = Math.max(0, width - textWidth(ellipsis));
  let out = "";
  let used = 0;
  let styled = false;
  for (const t of tokenize(line)) {
    if (t.sgr) {
      out += t.text;
      styled = true;
      continue;
    }
    if (used + t.width > room) break;
    out += t.text;
    used += t.width;
  }
  return out + (styled ? RESET : "") + ellipsis;
}

/**
 * Word-wrap one line (no "\n" inside) to `width` cells. Long words are hard-split; SGR
 * state is closed at each line end and reopened on the next line so every row stands alone.
 */
export function wrapLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (textWidth(line) <= w) return [line];
  const tokens = tokenize(line);
  const rows: string[] = [];
  const active: string[] = [];
  let row = "";
  let rowWidth = 0;
  let lastSpace = -1; // index in `row` after a space, for word breaks
  let lastSpaceWidth = 0;
  let activeAtSpace: string[] = [];
  const pushRow = (text: string): void => {
    rows.push(active.length > 0 || text.includes("\u001b") ? text + RESET : text);
  };
  for (const t of tokens) {
    if (t.sgr) {
      row += t.text;
      trackSgr(active, t.text);
      continue;
    }
    if (rowWidth + t.width > w) {
      if (lastSpace > 0 && t.text !== " ") {
        const head = row.slice(0, lastSpace);
        const tail = row.slice(lastSpace);
        pushRow(head.trimEnd());
        row = activeAtSpace.join("") + tail;
        rowWidth = rowWidth - lastSpaceWidth;
      } else {
        pushRow(row);
        row = active.join("");
        rowWidth = 0;
      }
      lastSpace = -1;
      if (t.text === " ") continue;
    }
    row += t.text;
    rowWidth += t.width;
    if (t.text === " ") {
      lastSpace = row.length;
      lastSpaceWidth = rowWidth;
      activeAtSpace = [...active];
    }
  }
  if (row.length > 0) pushRow(row);
  return rows;
}

/** Characters after which a lossless break reads naturally (code, paths, prose). */
const BREAK_AFTER = new Set([" ", "\t", ",", ";", ")", "]", "}", "/", "\\", "-", "|", "&", ".", ":", "="]);

/**
 * Split one line (no "\n" inside) into rows of at most `width` cells WITHOUT dropping or
 * trimming anything: joining the rows gives the line back (minus SGR bookkeeping). A row
 * breaks after a space or punctuation when one sits in its second half, else mid-token; SGR
 * state is closed at each row end and reopened on the next. For code, paths and output.
 */
export function splitLine(line: string, width: number): string[] {
  const w = Math.max(1, width);
  if (textWidth(line) <= w) return [line];
  const rows: string[] = [];
  let startActive: string[] = [];
  let row: Token[] = [];
  let rowWidth = 0;
  const emit = (count: number): void => {
    const active = [...startActive];
    let text = active.join("");
    for (const t of row.slice(0, count)) {
      text += t.text;
      if (t.sgr) trackSgr(active, t.text);
    }
    rows.push(text.includes("\u001b") ? text + RESET : text);
    startActive = active;
    row = row.slice(count);
    rowWidth = row.reduce((sum, t) => sum + (t.sgr ? 0 : t.width), 0);
  };
  const breakIndex = (): number => {
    let width = rowWidth;
    for (let i = row.length - 1; i > 0; i -= 1) {
      const t = row[i - 1];
      const cur = row[i];
      if (cur && !cur.sgr) width -= cur.width;
      if (width * 2 < w) break;
      if (t && !t.sgr && BREAK_AFTER.has(t.text)) return i;
    }
    return row.length;
  };
  for (const t of tokenize(line)) {
    if (!t.sgr && rowWidth + t.width > w && rowWidth > 0) emit(breakIndex());
    row.push(t);
    if (!t.sgr) rowWidth += t.width;
  }
  if (row.length > 0) emit(row.length);
  return rows;
}

/** `splitLine` for a heading row: the first row uses the full width, the rest hang under `indent`. */
export function hangLine(line: string, width: number, indent = "  "): string[] {
  if (textWidth(line) <= width) return [line];
  return splitLine(line, Math.max(1, width - indent.length)).map((row, i) => (i === 0 ? row : indent + row));
}

/** Wrap multi-line text; each returned string is one terminal row of at most `width` cells. */
export function wrapText(text: string, width: number): string[] {
  return text.split("\n").flatMap((line) => wrapLine(line, width));
}

/** Pad a line with spaces to exactly `width` cells (truncating if longer). */
export function padLine(line: string, width: number): string {
  const cut = truncateLine(line, width);
  return cut + " ".repeat(Math.max(0, width - textWidth(cut)));
}
