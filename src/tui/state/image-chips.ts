// Images attached to the prompt: each is a chip in the editor's text, `[image #1 shot.png
// 1280×720 210 kB]`, that stands for the bytes kept beside the text (EditorState.images). A
// chip is one unit: Backspace or Delete next to it removes all of it, the cursor steps over it,
// and typing never lands inside it. The chip's text goes to the model with the prompt, so "the
// second image" in the words matches the second image part. A chip someone broke (an external
// editor, an undo) is no longer one: it is sent as the text it has become, without the image.
import type { EditorState, ImageAttachment } from "./types.js";

export type { ImageAttachment };

/** A chip in the text: the attachment it stands for and where it is. */
export type Chip = { id: number; start: number; end: number };

/** Sizes as people read them: 512 B, 210 kB, 3.4 MB (powers of 1000, as file managers show). */
export function formatBytes(n: number): string {
  if (n < 1000) return `${n} B`;
  if (n < 999_500) return `${Math.round(n / 1000)} kB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

/** The name as the chip shows it: one line, no brackets, at most 40 characters. */
function chipName(name: string): string {
  const flat = Array.from(name.replace(/[\u0000-\u001f\u007f-\u009f[\]]/g, "?"));
  return flat.length <= 40 ? flat.join("") : `${flat.slice(0, 18).join("")}…${flat.slice(-21).join("")}`;
}

/** The chip's text for attachment `id`. */
export function chipLabel(id: number, image: ImageAttachment): string {
  return `[image #${id} ${chipName(image.name)} ${image.width}×${image.height} ${formatBytes(image.bytes)}]`;
}

const CHIP_START = /\[image #(\d+) /g;

/** The chips in `s.text`, in order: only the ones whose text is still exactly their label. */
export function findChips(s: Pick<EditorState, "text" | "images">): Chip[] {
  if (!s.text.includes("[image #")) return [];
  const out: Chip[] = [];
  for (const m of s.text.matchAll(CHIP_START)) {
    const id = Number(m[1]);
    const image = s.images[id];
    if (image === undefined) continue;
    const label = chipLabel(id, image);
    if (s.text.startsWith(label, m.index)) out.push({ id, start: m.index, end: m.index + label.length });
  }
  return out;
}

/** Reads the text in [start, end) (clamped): the editor's pieces, never the whole prompt. */
export type TextReader = (start: number, end: number) => string;

/** Longer than any label (a 40-character name, two 10-digit sizes): how far around `pos` to look. */
const CHIP_WINDOW = 128;

function labels(images: EditorState["images"]): Array<{ id: number; label: string }> {
  return Object.entries(images).map(([id, image]) => ({ id: Number(id), label: chipLabel(Number(id), image) }));
}

/** The chip that ends exactly at `pos`. */
export function chipEndingAt(images: EditorState["images"], read: TextReader, pos: number): Chip | undefined {
  const before = read(pos - CHIP_WINDOW, pos);
  const hit = labels(images).find((l) => before.endsWith(l.label));
  return hit && { id: hit.id, start: pos - hit.label.length, end: pos };
}

/** The chip that starts exactly at `pos`. */
export function chipStartingAt(images: EditorState["images"], read: TextReader, pos: number): Chip | undefined {
  const after = read(pos, pos + CHIP_WINDOW);
  const hit = labels(images).find((l) => after.startsWith(l.label));
  return hit && { id: hit.id, start: pos, end: pos + hit.label.length };
}

/** The chip that holds `pos` strictly inside it (a cursor there would edit the chip). */
export function chipAround(images: EditorState["images"], read: TextReader, pos: number): Chip | undefined {
  const from = Math.max(0, pos - CHIP_WINDOW);
  const around = read(from, pos + CHIP_WINDOW);
  for (const { id, label } of labels(images)) {
    for (let at = around.indexOf(label); at !== -1; at = around.indexOf(label, at + 1)) {
      if (from + at < pos && pos < from + at + label.length)
        return { id, start: from + at, end: from + at + label.length };
    }
  }
  return undefined;
}

/** What a key next to a chip does instead: step over all of it, or cut all of it (and forget its image). */
export type ChipKeyEdit = { kind: "move"; to: number } | { kind: "cut"; start: number; end: number; id: number };

export function chipKeyEdit(
  images: EditorState["images"],
  read: TextReader,
  cursor: number,
  key: "backspace" | "delete" | "left" | "right",
): ChipKeyEdit | undefined {
  const chip =
    key === "backspace" || key === "left" ? chipEndingAt(images, read, cursor) : chipStartingAt(images, read, cursor);
  if (chip === undefined) return undefined;
  if (key === "left") return { kind: "move", to: chip.start };
  if (key === "right") return { kind: "move", to: chip.end };
  return { kind: "cut", start: chip.start, end: chip.end, id: chip.id };
}

/** `images` without attachment `id`. */
export function withoutImage(images: EditorState["images"], id: number): EditorState["images"] {
  const { [id]: _gone, ...rest } = images;
  return rest;
}

/** The images to send with the prompt: those whose chips are in the text, in the text's order. */
export function chipImages(s: Pick<EditorState, "text" | "images">): ImageAttachment[] {
  return findChips(s).flatMap((c) => {
    const image = s.images[c.id];
    return image ? [image] : [];
  });
}
