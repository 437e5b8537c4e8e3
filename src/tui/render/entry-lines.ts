// Committed transcript entries as terminal rows (printed once into <Static>).
import type { Entry } from "../state/types.js";
import { renderMarkdown } from "./markdown.js";
import { sanitizeLine, sanitizeText } from "./sanitize.js";
import { style, symbols, theme } from "./theme.js";
import { hangLine, wrapText } from "./text-width.js";
import { toolLines, wrapWithMark } from "./tool-lines.js";

export type EntryRenderOptions = { width: number; showThinking: boolean; toolsExpanded: boolean };

const COLLAPSED_TOOL_ROWS = 5;
const EXPANDED_TOOL_ROWS = 40;

function noticeLines(level: "info" | "warning" | "error", text: string, width: number): string[] {
  const color = level === "error" ? theme.error : level === "warning" ? theme.warning : theme.muted;
  const mark = level === "error" ? "✗" : level === "warning" ? "!" : "·";
  // A blank spacer row first, like every other entry, so notices do not stick to the text above.
  return ["", ...wrapText(sanitizeText(text), width - 2).map((l, i) => color(`${i === 0 ? mark : " "} ${l}`))];
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
    case "markdown":
      return ["", ...renderMarkdown(e.text, w)];
    case "thinking": {
      if (!o.showThinking) return e.continues ? [] : [theme.muted("  (thinking hidden, ctrl+t to show)")];
      const rows = wrapText(sanitizeText(e.text), w - 2).map((l) => theme.thinking(`  ${l}`));
      return ["", ...rows];
    }
    case "tool":
      return ["", ...toolLines(e.run, e.run.endedAt ?? e.run.startedAt, w, o.toolsExpanded ? EXPANDED_TOOL_ROWS : COLLAPSED_TOOL_ROWS, o.toolsExpanded)];
    case "notice":
      return noticeLines(e.level, e.text, w);
    case "bash": {
      const out = sanitizeText(e.output).replace(/\n+$/, "").split("\n");
      const limit = o.toolsExpanded ? EXPANDED_TOOL_ROWS : 20;
      const shown = out.length > limit ? [theme.muted(`… ${out.length - limit} more lines`), ...out.slice(-limit)] : out;
      const status = e.cancelled ? theme.warning(" (cancelled)") : e.exitCode !== undefined && e.exitCode !== 0 ? theme.error(` (exit ${e.exitCode})`) : "";
      const head = hangLine(`${theme.accent("!")} ${style.bold(sanitizeLine(e.command))}${status}`, w);
      return ["", ...head, ...shown.flatMap((l) => wrapWithMark(l, w, "  "))];
    }
    case "custom":
      return ["", ...wrapText(theme.muted(`[${sanitizeLine(e.label)}]`), w), ...renderMarkdown(e.text, w)];
    case "summary": {
      // Collapsed like a compaction notice printed live; the summary itself when expanded.
      const before = e.tokensBefore !== undefined ? ` from ${e.tokensBefore.toLocaleString("en-US")} tokens` : "";
      const head = e.what === "compaction" ? `Context compacted${before}` : "Branch summary";
      if (!o.toolsExpanded) return noticeLines("info", `${head} (ctrl+o to expand)`, w);
      return [...noticeLines("info", head, w), ...renderMarkdown(e.text, w - 2).map((l) => `  ${l}`)];
    }
    default: {
      const never: never = e;
      return never;
    }
  }
}
