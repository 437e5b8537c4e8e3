// The assistant's answer text: markdown on the live screen and in the view, its source lines in
// plain mode (a screen reader reads the text as written; plain mode labels the message itself).
import { renderMarkdown } from "../render/markdown.js";
import { sanitizeText } from "../render/sanitize.js";
import { bounded } from "./text-rows.js";
import type { BlockRenderer } from "./types.js";

export const answerBlock: BlockRenderer<"markdown"> = {
  rows(e, o) {
    if (o.style === "plain") return e.text.split("\n").map((l) => sanitizeText(l));
    if (o.streaming) {
      if (e.text.trim() === "") return [];
      // The head of a continued answer is printed already, cut at a paragraph break: its piece
      // prints with a blank row first, so the tail shows that blank row now.
      const spacer = e.continues ? [""] : [];
      return [...spacer, ...renderMarkdown(e.text, o.width, o.palette, { highlight: false })];
    }
    const b = bounded(e.text, o.palette);
    // The tail above stays unlinked: it is redrawn at every delta, and linked once committed.
    const links = o.links ? { links: o.links } : {};
    return ["", ...renderMarkdown(b.text, o.width, o.palette, links), ...b.more];
  },
  parts: (e) => [{ kind: "markdown", text: e.text }],
  copy: (e) => e.text,
};
