// Ink 6.8 builds every frame from scratch: Output.get() lays each write into a grid of styled
// cells and turns every row back into a string (ansi-tokenize's diff per cell), ~40% of the UI's
// CPU while an answer streams, although most rows are the same as in the last frame. This wraps
// Output.get() so a row made of the same writes as before reuses its string. A new row of one
// write at the left edge is made by ink-styled-row.ts with Ink's own library; the other new rows
// are built by Ink's own get() (all of a frame's on one Output). Either way every row is
// byte-for-byte Ink's. Frames with clipping (overflow="hidden") go to Ink's get() whole.
import { inkInternal } from "./ink-internals.js";
import { styledRow } from "./ink-styled-row.js";

type Transformer = (line: string, index: number) => string;
type Operation =
  | { type: "write"; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: "clip" | "unclip" };

/** The part of Ink's Output class this relies on (ink/build/output.js, Ink 6.8.0). */
export interface InkOutput {
  width: number;
  height: number;
  operations: Operation[];
  /** Ink's per-Output memo of string widths by grapheme (the rest of its caches stay per Output). */
  caches?: { widths: Map<string, number> };
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  get(): { output: string; height: number };
}
export type InkOutputClass = { new (options: { width: number; height: number }): InkOutput; prototype: InkOutput };

/** The Ink version whose Output.get() the row cache reproduces. */
// Pays: TUI CPU 3.59 -> 2.43 s on bench/render-stream (docs/ink-adaptations.md, "Row cache").
const INK_VERSION = "6.8.0";
/** Rows remembered per generation: a screen's worth many times over, a few MB at most. */
const ROWS_PER_GENERATION = 2000;

/** A map that forgets what was not used during the last full generation. */
function generations(): { get(key: string): string | undefined; set(key: string, value: string): void } {
  let current = new Map<string, string>();
  let previous = new Map<string, string>();
  return {
    get(key) {
      const hit = current.get(key);
      if (hit !== undefined) return hit;
      const old = previous.get(key);
      if (old !== undefined) current.set(key, old);
      return old;
    },
    set(key, value) {
      if (current.size >= ROWS_PER_GENERATION) {
        previous = current;
        current = new Map();
      }
      current.set(key, value);
    },
  };
}

type RowWrite = { x: number; line: string };

/** The writes of each row, transformers applied, as Ink's get() places them (no clipping). */
function rowWrites(output: InkOutput): (RowWrite[] | undefined)[] {
  const rows: (RowWrite[] | undefined)[] = new Array(output.height);
  for (const op of output.operations) {
    // Ink drops a write that starts above the first row whole (its row offset never advances).
    if (op.type !== "write" || !op.text || op.y < 0) continue;
    op.text.split("\n").forEach((raw, index) => {
      const y = op.y + index;
      if (y < 0 || y >= output.height) return;
      let line = raw;
      for (const transformer of op.transformers) line = transformer(line, index);
      const row = rows[y] ?? [];
      row.push({ x: op.x, line });
      rows[y] = row;
    });
  }
  return rows;
}

/** A row Ink would copy cell for cell: printable ASCII, no escapes, no wide or combining characters. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Grapheme widths Ink measured, shared by the Outputs that build missed rows (bounded). */
const MAX_WIDTHS = 4000;

/**
 * A get() for Output.prototype that reuses the string of every row seen in recent frames. The
 * rows a frame misses are built together by Ink's own get() on one Output, one row each (rows
 * do not affect each other without clipping), which keeps the widths Ink measured per grapheme
 * (string-width, the costliest step of a new row) across frames instead of measuring them anew.
 */
export function rowCachedGet(
  Output: InkOutputClass,
  inkGet: () => { output: string; height: number },
): InkOutput["get"] {
  warmOutput = Output;
  // Checked at the first row that needs it, not at installation, which is on the way to the first screen.
  let styledRows: boolean | undefined;
  const cache = generations();
  let widths = new Map<string, number>();
  return function get(this: InkOutput) {
    if (this.operations.some((op) => op.type !== "write")) return inkGet.call(this);
    const lines: string[] = [];
    const missed: MissedRow[] = [];
    for (const writes of rowWrites(this)) {
      const index = lines.length;
      if (writes === undefined) {
        lines.push("");
        continue;
      }
      const only = writes.length === 1 ? writes[0] : undefined;
      if (only !== undefined && only.x === 0 && PRINTABLE_ASCII.test(only.line)) {
        // One unstyled ASCII write at the left edge: Ink's cells are its characters, and its
        // row string is them with trailing spaces trimmed (beyond the width too).
        lines.push(only.line.trimEnd());
        continue;
      }
      const key = writes.map((w) => `${w.x}\u0001${w.line}`).join("\u0002");
      const hit = cache.get(key);
      lines.push(hit ?? "");
      if (hit === undefined) missed.push({ index, key, writes });
    }
    if (widths.size > MAX_WIDTHS) widths = new Map();
    // A row of one write at the left edge is built on a grid no wider than its text: Ink's row
    // is its cells' string with trailing spaces trimmed, and the blank cells of a full-width grid
    // only added spaces to trim, at the cost of a style diff each (most of a new row's work).
    // Most of those are made without a grid at all (ink-styled-row.ts).
    const alone: MissedRow[] = [];
    const rest: MissedRow[] = [];
    for (const m of missed) {
      const only = m.writes.length === 1 ? m.writes[0] : undefined;
      if (only === undefined || only.x !== 0) {
        rest.push(m);
        continue;
      }
      styledRows ??= styledRowsMatch(Output, inkGet);
      const row = styledRows ? styledRow(only.line) : undefined;
      if (row === undefined) alone.push(m);
      else {
        lines[m.index] = row;
        cache.set(m.key, row);
      }
    }
    buildRows(Output, inkGet, alone, 0, widths, lines, cache);
    buildRows(Output, inkGet, rest, this.width, widths, lines, cache);
    return { output: lines.join("\n"), height: this.height };
  };
}

type MissedRow = { index: number; key: string; writes: RowWrite[] };

/**
 * Build `missed` rows with Ink's own get() on one Output `width` wide, one row each (rows do not
 * affect each other without clipping), sharing the widths Ink measured; each goes into `lines`
 * at its index and into the cache.
 */
function buildRows(
  Output: InkOutputClass,
  inkGet: () => { output: string; height: number },
  missed: readonly MissedRow[],
  width: number,
  widths: Map<string, number>,
  lines: string[],
  cache: { set(key: string, value: string): void },
): void {
  if (missed.length === 0) return;
  const batch = new Output({ width, height: missed.length });
  if (batch.caches) batch.caches.widths = widths;
  missed.forEach((m, y) => {
    for (const w of m.writes) batch.write(w.x, y, w.line, { transformers: [] });
  });
  const built = inkGet.call(batch).output.split("\n");
  missed.forEach((m, y) => {
    const row = built[y] ?? "";
    lines[m.index] = row;
    cache.set(m.key, row);
  });
}

/**
 * Rows whose string Ink builds with every kind of SGR sequence the renderers write (and a few
 * they do not): the styled-row path is used only when it makes each exactly as this Ink does,
 * so an Ink that resolved another ansi-tokenize keeps its own rows.
 */
const STYLED_ROW_PROBES = [
  "plain text   ",
  "\u001b[1m\u001b[38;2;97;175;239mbold blue\u001b[39m still bold\u001b[22m  ",
  "\u001b[2m\u001b[1mdim and bold\u001b[22m \u001b[3;4mitalic under\u001b[0m tail",
  "\u001b[48;5;236m  code on a ground  \u001b[49m   ",
  "\u001b[31m名前 e\u0301 👍\u001b[39m \u001b[7mreverse\u001b[27m\u001b[m",
  "\u001b[90m│\u001b[39m \u001b[36m•\u001b[39m item\u001b[1m",
];

function styledRowsMatch(Output: InkOutputClass, inkGet: () => { output: string; height: number }): boolean {
  const probe = new Output({ width: 0, height: STYLED_ROW_PROBES.length });
  STYLED_ROW_PROBES.forEach((line, y) => {
    probe.write(0, y, line, { transformers: [] });
  });
  const expected = inkGet.call(probe).output.split("\n");
  return STYLED_ROW_PROBES.every((line, y) => styledRow(line) === expected[y]);
}

/** The Output class the row cache was installed into (for warmUpInkRows). */
let warmOutput: InkOutputClass | undefined;

/** Build `rows` as a frame would, while idle, so the first real frames run warm code (render/warm-up.ts). */
export function warmUpInkRows(rows: string[], width: number): void {
  if (warmOutput === undefined || rows.length === 0) return;
  const output = new warmOutput({ width, height: rows.length });
  output.write(0, 0, rows.join("\n"), { transformers: [] });
  output.get();
}

/** Install the row cache into the Ink this process renders with; false (untouched) on another version. */
export async function installInkRowCache(): Promise<boolean> {
  const Output = (await inkInternal("output.js", INK_VERSION)) as InkOutputClass | undefined;
  if (!Output) return false;
  Output.prototype.get = rowCachedGet(Output, Output.prototype.get);
  return true;
}
