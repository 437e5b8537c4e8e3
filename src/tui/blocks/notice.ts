// A notice (info, warning, error): a mark and its text; its `detail` (a compaction summary) is
// shown only in the transcript view. Plain mode labels it with the level in words.
import { sanitizeText } from "../render/sanitize.js";
import { wrap } from "./parts.js";
import { labelledLines, levelWord, noticeColor, noticeMark, noticeRows } from "./text-rows.js";
import type { BlockRenderer } from "./types.js";

export const noticeBlock: BlockRenderer<"notice"> = {
  rows(e, o) {
    if (o.style === "plain") return labelledLines(levelWord(e.level), e.text);
    return noticeRows(e.level, e.text, o.width, o.palette);
  },
  parts(e, _now, palette) {
    const color = noticeColor(e.level, palette);
    const head = wrap(sanitizeText(e.text, { keepSgr: false }), `${color(noticeMark(e.level))} `, "  ", color);
    return e.detail ? [head, { kind: "markdown", text: e.detail }] : [head];
  },
  copy: (e) => (e.detail ? `${e.text}\n\n${e.detail}` : e.text),
};
