// The prompt editor as rows: "› " on the first row, soft-wrapped lines, an inverse-video
// cursor, and a window of at most `maxRows` rows that always contains the cursor.
import { style, theme } from "./theme.js";
import { visibleGrapheme } from "./sanitize.js";
import { graphemeWidth, textWidth, truncateLine } from "./text-width.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

type Row = { text: string; hasCursor: boolean };

function wrapWithCursor(line: string, cursorCol: number | undefined, width: number): Row[] {
  const rows: Row[] = [];
  let row = "";
  let w = 0;
  let hasCursor = false;
  let offset = 0;
  // Control characters (pasted ESC, BEL, …) and bidi controls are drawn as placeholders.
  for (const { segment } of segmenter.segment(line)) {
    const visible = visibleGrapheme(segment);
    const gw = Math.max(1, visible === segment ? graphemeWidth(segment) : textWidth(visible));
    if (w + gw > width) {
      rows.push({ text: row, hasCursor });
      row = "";
      w = 0;
      hasCursor = false;
    }
    if (cursorCol === offset) {
      row += style.inverse(visible);
      hasCursor = true;
    } else row += visible;
    w += gw;
    offset += segment.length;
  }
  if (cursorCol !== undefined && cursorCol >= line.length) {
    if (w + 1 > width) {
      rows.push({ text: row, hasCursor });
      row = "";
      hasCursor = false;
    }
    row += style.inverse(" ");
    hasCursor = true;
  }
  rows.push({ text: row, hasCursor });
  return rows;
}

export function editorLines(text: string, cursor: number, width: number, maxRows: number, options: { placeholder?: string; focused?: boolean; prompt?: string } = {}): string[] {
  if (maxRows <= 0) return [];
  const prompt = options.prompt ?? "› ";
  const inner = Math.max(4, width - textWidth(prompt) - 1);
  const focused = options.focused ?? true;
  if (text === "") {
    const cursorCell = focused ? style.inverse(" ") : " ";
    return [truncateLine(`${theme.accent(prompt)}${cursorCell}${theme.muted(options.placeholder ?? "")}`, width)];
  }
  const rows: Row[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    const col = focused && cursor >= offset && cursor <= offset + line.length ? cursor - offset : undefined;
    rows.push(...wrapWithCursor(line, col, inner));
    offset += line.length + 1;
  }
  let start = 0;
  if (rows.length > maxRows) {
    const cursorRow = Math.max(0, rows.findIndex((r) => r.hasCursor));
    start = Math.min(Math.max(0, cursorRow - maxRows + 1), rows.length - maxRows);
  }
  const pad = " ".repeat(textWidth(prompt));
  return rows.slice(start, start + maxRows).map((r, i) => {
    const lead = start + i === 0 ? theme.accent(prompt) : pad;
    const more = i === 0 && start > 0 ? theme.muted("↑") : "";
    return truncateLine(`${more ? more + pad.slice(1) : lead}${r.text}`, width);
  });
}
