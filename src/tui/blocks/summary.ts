// A compaction or branch summary from a session's history: collapsed, a notice saying what it
// is; full (ctrl+o, the transcript view), the summary text under that label.
import { renderMarkdown } from "../render/markdown.js";
import { formatCount } from "../state/format-count.js";
import { plainText, wrap } from "./parts.js";
import { bounded, labelledLines, noticeRows } from "./text-rows.js";
import type { BlockRenderer, EntryOf } from "./types.js";

/** "Context compacted from 12.3k tokens" or "Branch summary". */
export function summaryLabel(e: EntryOf<"summary">): string {
  const before = e.tokensBefore !== undefined ? ` from ${formatCount(e.tokensBefore)} tokens` : "";
  return e.what === "compaction" ? `Context compacted${before}` : "Branch summary";
}

export const summaryBlock: BlockRenderer<"summary"> = {
  rows(e, o) {
    const head = summaryLabel(e);
    if (o.style === "plain") {
      const text = o.fold === "full" ? e.text.split("\n").map((l) => plainText(l)) : [];
      return [...labelledLines("note", head), ...text];
    }
    if (o.fold === "collapsed") return noticeRows("info", `${head} (ctrl+o to expand)`, o.width, o.palette);
    const b = bounded(e.text, o.palette);
    const text = renderMarkdown(b.text, o.width - 2, o.palette).map((l) => `  ${l}`);
    return [...noticeRows("info", head, o.width, o.palette), ...text, ...b.more];
  },
  // Read in the view as a labelled block with its whole text.
  parts: (e, _now, { theme }) => [
    wrap(theme.muted(`[${plainText(summaryLabel(e))}]`)),
    { kind: "markdown", text: e.text },
  ],
  copy: (e) => e.text,
};
