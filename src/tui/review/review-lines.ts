// The review's screen as rows (pure): a title row, the list of files, the current file's hunks
// with their changed words marked (render/word-diff.ts), and a status row that shows the keys,
// what was just done, the reason being typed or the question of a conflict. The current hunk is
// marked in the gutter and starts the body (a hunk taller than the body scrolls by `offset`).
import type { HunkLine } from "../state/hunks.js";
import type { ReviewFile, ReviewState } from "../state/review.js";
import { sanitizeLine, sanitizeText } from "../render/sanitize.js";
import { padLine, truncateLine } from "../render/text-width.js";
import { type LinkTarget, linkPath } from "../render/file-links.js";
import type { Palette } from "../render/palette.js";
import { reviewHint } from "../input/review-keymap.js";
import { styleDiffLines } from "../render/word-diff.js";

const STATUS_MARK = { added: "A", modified: "M", deleted: "D" } as const;

function counts(f: ReviewFile): { added: number; removed: number } {
  const hunks = f.diff?.hunks ?? [];
  return { added: hunks.reduce((n, h) => n + h.added, 0), removed: hunks.reduce((n, h) => n + h.removed, 0) };
}

function decisionsText(f: ReviewFile, { theme }: Palette): string {
  if (f.restored) return theme.warning(f.status === "added" ? "deleted again" : "restored");
  const reverted = f.decisions.filter((d) => d === "reverted").length;
  const kept = f.decisions.filter((d) => d === "kept").length;
  const parts = [
    reverted > 0 ? theme.warning(`${reverted} reverted`) : "",
    kept > 0 ? theme.success(`${kept} kept`) : "",
  ];
  return parts.filter((p) => p !== "").join(" ");
}

/** Where the file names link to (none: no links), and what they are painted in. */
/** `hint`: the key hint row, with the keys in force (input/review-keymap.ts); the defaults' without it. */
type Look = { palette: Palette; links: LinkTarget | undefined; hint?: string };

function fileRow(f: ReviewFile, current: boolean, width: number, { palette, links }: Look): string {
  const { style, theme } = palette;
  const { added, removed } = counts(f);
  const size = f.diff ? `${theme.diffAdd(`+${added}`)} ${theme.diffRemove(`-${removed}`)}` : theme.muted(byteChange(f));
  const mark = current ? theme.accent("› ") : "  ";
  // A deleted file has nothing to open; the others link to the file as it is now.
  const name = f.status === "deleted" ? sanitizeLine(f.path) : linkPath(sanitizeLine(f.path), f.path, links);
  const path = current ? style.bold(name) : name;
  const row = `${mark}${STATUS_MARK[f.status]} ${path}  ${size}  ${decisionsText(f, palette)}`;
  return truncateLine(row, width);
}

function byteChange(f: ReviewFile): string {
  const what = f.binary ? "binary" : "too large to show";
  return `${what}, ${f.beforeBytes} → ${f.afterBytes} bytes`;
}

/** The file rows shown (a window around the current file when there are more than `room`). */
function fileRows(s: ReviewState, room: number, width: number, look: Look): string[] {
  const top = Math.max(0, Math.min(s.file - Math.floor(room / 2), s.files.length - room));
  return s.files.slice(top, top + room).map((f, i) => fileRow(f, top + i === s.file, width, look));
}

function numbered(l: HunkLine, digits: number, { theme }: Palette): string {
  const mark = l.kind === "removed" ? "-" : l.kind === "added" ? "+" : " ";
  const n = (l.kind === "removed" ? l.oldLine : l.newLine) ?? 0;
  const eol = l.noNewline ? theme.muted(" ⏎̸ no newline at end") : "";
  return `${mark}${String(n).padStart(digits)} ${sanitizeText(l.text).replace(/\n/g, " ")}${eol}`;
}

/** Rows of one file's body and the row each hunk starts at. */
export function fileBody(f: ReviewFile, width: number, palette: Palette): { rows: string[]; starts: number[] } {
  const { theme } = palette;
  if (!f.diff) {
    const rows = [theme.muted(`${byteChange(f)}: no lines to show.`), theme.muted("R puts the whole file back.")];
    return { rows, starts: [0] };
  }
  const digits = String(Math.max(f.diff.before.length, f.diff.after.length, 1)).length;
  const rows: string[] = [];
  const starts: number[] = [];
  f.diff.hunks.forEach((h, i) => {
    starts.push(rows.length);
    const decision = f.decisions[i] ?? "open";
    const tag =
      decision === "reverted" ? theme.warning(" reverted") : decision === "kept" ? theme.success(" kept") : "";
    rows.push(theme.accent(`@@ -${h.oldStart},${h.oldCount} +${h.newStart},${h.newCount} @@`) + tag);
    const lines = h.lines.map((l) => numbered(l, digits, palette));
    const styled = decision === "reverted" ? lines.map((l) => theme.muted(l)) : styleDiffLines(lines, palette);
    rows.push(...styled.map((l) => truncateLine(l, width)), "");
  });
  if (f.diff.hunks.length === 0) {
    starts.push(0);
    rows.push(theme.muted("No change in the text (only its mode or an unreadable part changed)."));
  }
  return { rows, starts };
}

function statusRow(s: ReviewState, width: number, { theme }: Palette, hint: string): string {
  if (s.reason !== undefined)
    return truncateLine(`${theme.accent("Reason (enter sends, esc cancels): ")}${sanitizeLine(s.reason)}█`, width);
  if (s.confirm) return truncateLine(theme.warning(`${sanitizeLine(s.confirm.text)} Overwrite? y/n`), width);
  if (s.pending) return theme.muted("Writing…");
  if (s.message !== undefined) return truncateLine(theme.accent(sanitizeLine(s.message)), width);
  return truncateLine(theme.muted(hint), width);
}

/**
 * Every row of the review's screen, `height` of them, each at most `width` wide; `links`: where
 * the file names link to (OSC 8 we write; none for a worker on another machine).
 */
export function reviewRows(s: ReviewState, width: number, height: number, look: Look): string[] {
  const { palette } = look;
  const { style, theme } = palette;
  const total = s.files.reduce(
    (t, f) => {
      const c = counts(f);
      return { added: t.added + c.added, removed: t.removed + c.removed };
    },
    { added: 0, removed: 0 },
  );
  const n = s.files.length;
  const title = `${style.bold("Review")} · ${sanitizeLine(s.title)} · ${n} file${n === 1 ? "" : "s"} ${theme.diffAdd(`+${total.added}`)} ${theme.diffRemove(`-${total.removed}`)}`;
  const head = [truncateLine(title, width)];
  if (n === 0) head.push(theme.muted("No file changed."));
  head.push(...fileRows(s, Math.min(n, Math.max(3, Math.floor(height / 5))), width, look));
  head.push(...s.leftOut.slice(0, 2).map((l) => truncateLine(theme.muted(sanitizeLine(l)), width)));
  const file = s.files[s.file];
  const bodyHeight = Math.max(1, height - head.length - 2);
  const body: string[] = [];
  if (file) {
    const gutter = 2;
    const { rows, starts } = fileBody(file, width - gutter, palette);
    const start = starts[s.hunk] ?? 0;
    const end = starts[s.hunk + 1] ?? rows.length;
    const top = Math.max(0, Math.min(start + s.offset, rows.length - bodyHeight, end - 1));
    body.push(
      ...rows
        .slice(Math.max(0, top), Math.max(0, top) + bodyHeight)
        .map((r, i) => (top + i >= start && top + i < end ? theme.accent("▌ ") : "  ") + r),
    );
  }
  const rule = theme.muted("─".repeat(Math.max(0, width)));
  const out = [...head, rule, ...body];
  while (out.length < height - 1) out.push("");
  return [...out.slice(0, height - 1), statusRow(s, width, palette, look.hint ?? reviewHint())].map((r) =>
    padLine(r, width),
  );
}
