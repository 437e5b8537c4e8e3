// The model's thinking: dimmed text when shown, one line saying it is hidden when not; plain
// mode says "thinking" (collapsed) or gives the text after that label (full).
import { sanitizeText } from "../render/sanitize.js";
import { wrapText } from "../render/text-width.js";
import { wrap } from "./parts.js";
import { bounded, labelledLines } from "./text-rows.js";
import type { BlockRenderer, RowOptions } from "./types.js";

/** The tail of thinking still arriving: its last `maxBodyRows` lines, or one line while it is hidden. */
function streamingRows(text: string, continues: boolean | undefined, o: RowOptions): string[] {
  const { theme } = o.palette;
  if (!o.showThinking) return [theme.muted("  thinking…")];
  const lines = text.split("\n").slice(-(o.maxBodyRows ?? Number.POSITIVE_INFINITY));
  const rows = wrapText(sanitizeText(lines.join("\n")), o.width - 2).map((l) => theme.thinking(`  ${l}`));
  return [...(continues ? [""] : []), ...rows];
}

export const thinkingBlock: BlockRenderer<"thinking"> = {
  rows(e, o) {
    if (o.style === "plain") return o.fold === "collapsed" ? ["thinking"] : labelledLines("thinking", e.text);
    const { theme } = o.palette;
    if (o.streaming) return streamingRows(e.text, e.continues, o);
    if (!o.showThinking) return e.continues ? [] : [theme.muted("  (thinking hidden, ctrl+t to show)")];
    const b = bounded(e.text, o.palette);
    const rows = wrapText(sanitizeText(b.text), o.width - 2).map((l) => theme.thinking(`  ${l}`));
    return ["", ...rows, ...b.more];
  },
  parts: (e, _now, { theme }) => [wrap(sanitizeText(e.text, { keepSgr: false }), "  ", "  ", theme.thinking)],
  copy: (e) => e.text,
};
