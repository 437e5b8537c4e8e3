// A message an extension added: its label in brackets, then its text as markdown.
import { renderMarkdown } from "../render/markdown.js";
import { sanitizeLine } from "../render/sanitize.js";
import { wrapText } from "../render/text-width.js";
import { plainText, wrap } from "./parts.js";
import { bounded, labelledLines } from "./text-rows.js";
import type { BlockRenderer } from "./types.js";

export const customBlock: BlockRenderer<"custom"> = {
  rows(e, o) {
    if (o.style === "plain") return labelledLines(sanitizeLine(e.label), e.text);
    const b = bounded(e.text, o.palette);
    const label = wrapText(o.palette.theme.muted(`[${sanitizeLine(e.label)}]`), o.width);
    return ["", ...label, ...renderMarkdown(b.text, o.width, o.palette), ...b.more];
  },
  parts: (e, _now, { theme }) => [wrap(theme.muted(`[${plainText(e.label)}]`)), { kind: "markdown", text: e.text }],
  copy: (e) => e.text,
};
