// The images of the prompts in history, for this run: a prompt sent with image chips comes back
// (Up, Ctrl+R) with its chips attached again, as it was sent. Kept in memory only, by the
// prompt's text (its chip labels name each image, so the same text is the same images); the
// history file never holds image bytes: its copy of the prompt says the image was not kept
// (`unkeptChips`, docs/architecture.md `images/`). The draft a recall replaced gets
// its own images back when Down or a cancelled search returns to it. Pure.
import { chipLabel, findChips } from "./image-chips.js";
import type { EditorState } from "./types.js";

type Images = EditorState["images"];

/** The attachments of the chips still whole in `text`, by their number; undefined when none. */
function chipsOf(text: string, images: Images): Images | undefined {
  const chips = findChips({ text, images });
  if (chips.length === 0) return undefined;
  const kept: Record<number, Images[number]> = {};
  for (const c of chips) {
    const image = images[c.id];
    if (image !== undefined) kept[c.id] = image;
  }
  return kept;
}

/** `historyImages` once `text` was sent with `images`: its chips' images, and none for prompts gone from `history`. */
export function rememberImages(
  s: EditorState,
  text: string,
  images: Images,
  history: string[],
): EditorState["historyImages"] {
  const mine = chipsOf(text, images);
  const out: Record<string, Images> = {};
  const live = new Set(history);
  for (const [t, imgs] of Object.entries(s.historyImages)) if (live.has(t)) out[t] = imgs;
  if (mine) out[text] = mine;
  else delete out[text];
  return out;
}

/** The editor's images when it shows `text` from history: that prompt's, numbered past every chip yet. */
export function recalledImages(s: EditorState, text: string): Pick<EditorState, "images" | "imageCount"> {
  const images = s.historyImages[text] ?? {};
  return { images, imageCount: Math.max(s.imageCount, ...Object.keys(images).map(Number)) };
}

/** What leaving the draft for history keeps of it: its images, given back with it. */
export function draftImages(s: EditorState): Pick<EditorState, "draftImages"> {
  return { draftImages: s.images };
}

/**
 * `text` as the history file keeps it: each whole chip says its image was not kept, so a prompt
 * recalled in a later run never looks as if it carried one. The bytes are never written.
 */
export function unkeptChips(text: string, images: Images): string {
  let out = "";
  let at = 0;
  for (const c of findChips({ text, images })) {
    const image = images[c.id];
    if (image === undefined) continue;
    const label = chipLabel(c.id, image);
    out += `${text.slice(at, c.start)}${label.replace(/^\[image #\d+ /, "[image ").slice(0, -1)}, not kept in history]`;
    at = c.end;
  }
  return out + text.slice(at);
}

/**
 * Queued messages taken back from the worker (its answer has their text only) above the draft,
 * as one prompt: each message's chips get their images back from this run's history, and every
 * chip is numbered anew so two messages' `#1` stay two images.
 */
export function joinWithImages(s: EditorState, texts: string[]): { text: string; images: Images } {
  const parts = [...texts.map((text) => ({ text, images: s.historyImages[text] ?? {} })), s];
  const images: Record<number, Images[number]> = {};
  let next = 0;
  const renumbered = parts.map((p) => {
    let out = "";
    let at = 0;
    for (const c of findChips(p)) {
      const image = p.images[c.id];
      if (image === undefined) continue;
      next += 1;
      images[next] = image;
      out += `${p.text.slice(at, c.start)}${chipLabel(next, image)}`;
      at = c.end;
    }
    return out + p.text.slice(at);
  });
  return { text: renumbered.filter((t) => t.trim() !== "").join("\n\n"), images };
}
