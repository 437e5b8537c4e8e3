// Markdown tables as terminal rows: columns aligned as the delimiter row says (:--, :-:, --:);
// too wide for the terminal, cells wrap inside narrower columns, and when even that would
// squeeze columns unreadably the table is printed as one "header: value" record per row.
// Nothing is cut.
import type { Palette } from "./palette.js";
import { textWidth, wrapText } from "./text-width.js";

export type ColumnAlign = "left" | "center" | "right" | null;

const GAP = " │ ";
const GAP_WIDTH = 3;
/** Narrowest column a wrapped grid may use before the record form reads better. */
const MIN_COLUMN = 8;

function align(cell: string, width: number, how: ColumnAlign): string {
  const room = Math.max(0, width - textWidth(cell));
  if (how === "right") return " ".repeat(room) + cell;
  if (how === "center") return " ".repeat(Math.floor(room / 2)) + cell + " ".repeat(room - Math.floor(room / 2));
  return cell + " ".repeat(room);
}

function cellWidth(cell: string): number {
  return Math.max(0, ...cell.split("\n").map(textWidth));
}

/** Column widths that fit `available` by narrowing the widest columns first, or undefined. */
function fitWidths(natural: readonly number[], available: number): number[] | undefined {
  const widths = [...natural];
  let total = widths.reduce((a, b) => a + b, 0);
  while (total > available) {
    let widest = 0;
    for (let i = 1; i < widths.length; i += 1) if ((widths[i] ?? 0) > (widths[widest] ?? 0)) widest = i;
    const w = widths[widest] ?? 0;
    if (w <= MIN_COLUMN) return undefined;
    // Step down to the next widest column (or just enough) in one go: fast on huge cells.
    const next = Math.max(MIN_COLUMN, ...widths.filter((x) => x < w), w - (total - available));
    widths[widest] = next;
    total -= w - next;
  }
  return widths;
}

type Grid = { widths: readonly number[]; aligns: readonly ColumnAlign[]; palette: Palette };

function gridRows(cells: readonly string[], { widths, aligns, palette }: Grid): string[] {
  const wrapped = cells.map((c, i) => wrapText(c, Math.max(1, widths[i] ?? 1)));
  const height = Math.max(1, ...wrapped.map((w) => w.length));
  const out: string[] = [];
  for (let r = 0; r < height; r += 1) {
    const parts = widths.map((w, i) => align(wrapped[i]?.[r] ?? "", w, aligns[i] ?? null));
    out.push(parts.join(palette.theme.muted(GAP)).trimEnd());
  }
  return out;
}

function recordRows(header: readonly string[], rows: readonly string[][], width: number, palette: Palette): string[] {
  const { style, theme } = palette;
  const labelWidth = Math.min(Math.max(0, ...header.map(textWidth)), Math.floor(width / 3));
  const out: string[] = [];
  rows.forEach((row, index) => {
    if (index > 0) out.push(theme.muted("─".repeat(Math.min(width, 20))));
    header.forEach((h, i) => {
      const value = row[i] ?? "";
      if (textWidth(h) > labelWidth) {
        out.push(...wrapText(`${style.bold(h)}:`, width));
        out.push(...wrapText(value, width - 2).map((l) => `  ${l}`));
        return;
      }
      const label = `${style.bold(h)}:${" ".repeat(labelWidth - textWidth(h))} `;
      const pad = " ".repeat(labelWidth + 2);
      const lines = wrapText(value, Math.max(1, width - labelWidth - 2));
      out.push(...lines.map((l, j) => (j === 0 ? `${label}${l}` : `${pad}${l}`)));
    });
  });
  return out;
}

/** Rows of a table whose cells are already rendered inline text (may hold SGR and "\n"). */
export function renderTableRows(
  header: readonly string[],
  rows: readonly string[][],
  aligns: readonly ColumnAlign[],
  width: number,
  palette: Palette,
): string[] {
  const cols = header.length;
  if (cols === 0) return [];
  const natural = Array.from({ length: cols }, (_, i) =>
    Math.max(1, cellWidth(header[i] ?? ""), ...rows.map((r) => cellWidth(r[i] ?? ""))),
  );
  const widths = fitWidths(natural, width - (cols - 1) * GAP_WIDTH);
  if (!widths) return recordRows(header, rows, width, palette);
  const sep = widths.map((w) => "─".repeat(w)).join("─┼─");
  const grid: Grid = { widths, aligns, palette };
  return [
    ...gridRows(
      header.map((h) => palette.style.bold(h)),
      grid,
    ),
    palette.theme.muted(sep),
    ...rows.flatMap((r) => gridRows(r, grid)),
  ];
}
