// Committed transcript entries as terminal rows (printed once into <Static>).
import type { Entry } from "../state/types.js";
import { renderMarkdown } from "./markdown.js";
import { entryPreview, formatCount, tailLines } from "./preview.js";
import { sanitizeLine, sanitizeText } from "./sanitize.js";
import { style, symbols, theme } from "./theme.js";
import { hangLine, wrapText, wrapTextHanging } from "./text-width.js";
import { toolLines, wrapWithMark } from "./tool-lines.js";

export type EntryRenderOptions = { width: number; showThinking: boolean; toolsExpanded: boolean };

const COLLAPSED_TOOL_ROWS = 5;
const EXPANDED_TOOL_ROWS = 40;

/**
 * The part of an entry's text that is drawn, and the row that says what is not: one event can
 * put at most ENTRY_PREVIEW_CHARS / ENTRY_PREVIEW_LINES on screen; the store keeps all of it.
 */
function bounded(text: string): { text: string; more: string[] } {
  const p = entryPreview(text);
  return {
    text: p.text,
    more:
      p.hiddenLines > 0
        ? [theme.muted(`  … ${formatCount(p.hiddenLines)} more line${p.hiddenLines === 1 ? "" : "s"} not shown here (kept in full in the session)`)]
        : [],
  };
}

function noticeLines(level: "info" | "warning" | "error", text: string, width: number): string[] {
  const color = level === "error" ? theme.error : level === "warning" ? theme.warning : theme.muted;
  const mark = level === "error" ? "✗" : level === "warning" ? "!" : "·";
  const b = bounded(text);
  // A blank spacer row first, like every other entry, so notices do not stick to the text above.
  // A wrapped line of an indented list continues under its text, not at the notice's edge.
  return ["", ...wrapTextHanging(sanitizeText(b.text), width - 2).map((l, i) => color(`${i === 0 ? mark : " "} ${l}`)), ...b.more];
}

/** Rows of a sent prompt printed inline; all of it is in the transcript view. */
const PROMPT_PREVIEW_ROWS = 10;

/**
 * The start of a prompt that fits PROMPT_PREVIEW_ROWS rows, cut before wrapping so a pasted
 * megabyte costs no more than ten rows, and what was left out ("… 1991 more lines").
 */
export function promptPreview(text: string, width: number): { head: string; more: string } {
  const lines = text.split("\n", PROMPT_PREVIEW_ROWS + 1);
  const shown = lines.slice(0, PROMPT_PREVIEW_ROWS).map((l) => l.slice(0, PROMPT_PREVIEW_ROWS * Math.max(1, width)));
  const head = shown.join("\n");
  if (head.length >= text.length) return { head, more: "" };
  let total = 1;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) total += 1;
  const more = total > shown.length ? `… ${total - shown.length} more lines` : `… ${text.length - head.length} more characters`;
  return { head, more };
}

/** Rows for one committed entry. The first row of a new block is a blank spacer. */
export function entryLines(e: Entry, o: EntryRenderOptions): string[] {
  const w = Math.max(20, o.width);
  switch (e.kind) {
    case "user": {
      const { head, more } = promptPreview(e.text, w - 2);
      const rows = wrapText(sanitizeText(head), w - 2)
        .slice(0, PROMPT_PREVIEW_ROWS)
        .map((l, i) => `${i === 0 ? theme.accent(symbols.user) : " "} ${theme.user(l)}`);
      if (more !== "") rows.push(theme.muted(`  ${more}`));
      if (e.images > 0) rows.push(theme.muted(`  [${e.images} image(s)]`));
      return ["", ...rows];
    }
    case "markdown": {
      const b = bounded(e.text);
      return ["", ...renderMarkdown(b.text, w), ...b.more];
    }
    case "thinking": {
      if (!o.showThinking) return e.continues ? [] : [theme.muted("  (thinking hidden, ctrl+t to show)")];
      const b = bounded(e.text);
      const rows = wrapText(sanitizeText(b.text), w - 2).map((l) => theme.thinking(`  ${l}`));
      return ["", ...rows, ...b.more];
    }
    case "tool":
      return ["", ...toolLines(e.run, e.run.endedAt ?? e.run.startedAt, w, o.toolsExpanded ? EXPANDED_TOOL_ROWS : COLLAPSED_TOOL_ROWS, o.toolsExpanded)];
    case "notice":
      return noticeLines(e.level, e.text, w);
    case "bash": {
      const limit = o.toolsExpanded ? EXPANDED_TOOL_ROWS : 20;
      const tail = tailLines(e.output, limit);
      const out = tail.lines.map((l) => sanitizeText(l).replace(/\n/g, "⏎"));
      const shown = tail.total > out.length ? [theme.muted(`… ${formatCount(tail.total - out.length)} more lines`), ...out] : out;
      const status = e.cancelled ? theme.warning(" (cancelled)") : e.exitCode !== undefined && e.exitCode !== 0 ? theme.error(` (exit ${e.exitCode})`) : "";
      const head = hangLine(`${theme.accent("!")} ${style.bold(sanitizeLine(e.command))}${status}`, w);
      return ["", ...head, ...shown.flatMap((l) => wrapWithMark(l, w, "  "))];
    }
    case "custom": {
      const b = bounded(e.text);
      return ["", ...wrapText(theme.muted(`[${sanitizeLine(e.label)}]`), w), ...renderMarkdown(b.text, w), ...b.more];
    }
    case "summary": {
      // Collapsed like a compaction notice printed live; the summary itself when expanded.
      const before = e.tokensBefore !== undefined ? ` from ${formatCount(e.tokensBefore)} tokens` : "";
      const head = e.what === "compaction" ? `Context compacted${before}` : "Branch summary";
      if (!o.toolsExpanded) return noticeLines("info", `${head} (ctrl+o to expand)`, w);
      const b = bounded(e.text);
      return [...noticeLines("info", head, w), ...renderMarkdown(b.text, w - 2).map((l) => `  ${l}`), ...b.more];
    }
    default: {
      const never: never = e;
      return never;
    }
  }
}
