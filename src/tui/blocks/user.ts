// A prompt the user sent: at most PROMPT_PREVIEW_ROWS rows on the live screen, whole in the view.
import { sanitizeText } from "../render/sanitize.js";
import { symbols } from "../render/theme.js";
import { wrapText } from "../render/text-width.js";
import { notePart, wrap } from "./parts.js";
import { labelledLines } from "./text-rows.js";
import type { BlockRenderer } from "./types.js";

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
  const rest = total - shown.length;
  const more = rest > 0 ? `… ${rest} more lines` : `… ${text.length - head.length} more characters`;
  return { head, more };
}

const imagesNote = (images: number): string => `[${images} image(s)]`;

export const userBlock: BlockRenderer<"user"> = {
  rows(e, o) {
    if (o.style === "plain") return [...labelledLines("you", e.text), ...(e.images > 0 ? [imagesNote(e.images)] : [])];
    const { theme } = o.palette;
    const { head, more } = promptPreview(e.text, o.width - 2);
    const rows = wrapText(sanitizeText(head), o.width - 2)
      .slice(0, PROMPT_PREVIEW_ROWS)
      .map((l, i) => `${i === 0 ? theme.accent(symbols.user) : " "} ${theme.user(l)}`);
    if (more !== "") rows.push(theme.muted(`  ${more}`));
    if (e.images > 0) rows.push(theme.muted(`  ${imagesNote(e.images)}`));
    return ["", ...rows];
  },
  parts(e, _now, palette) {
    const { theme } = palette;
    const parts = [wrap(sanitizeText(e.text, { keepSgr: false }), `${theme.accent(symbols.user)} `, "  ", theme.user)];
    if (e.images > 0) parts.push(notePart(imagesNote(e.images), palette));
    return parts;
  },
  copy: (e) => e.text,
};
