// Reading an image to attach from this machine's disk (the laptop's, even when the worker runs
// elsewhere: the bytes travel in the prompt). Each answer is an attachment or one sentence
// saying why not, for the user to read before anything is sent.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { basename } from "node:path";
import type { ImageAttachment } from "../state/types.js";
import { formatBytes } from "../state/image-chips.js";
import { imageFormat, sniffImage } from "./image-sniff.js";

/**
 * The largest image sent, counted as base64 (what the request carries): 5 MB, the limit of
 * Anthropic's API per image, which OpenAI's and Google's larger limits also admit. A bigger
 * picture would fail at the provider after the whole prompt had gone out.
 */
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024;
/** The bytes of the largest image: base64 is 4 characters for every 3 bytes. */
export const MAX_IMAGE_BYTES = Math.floor(MAX_IMAGE_BASE64 / 4) * 3;

export type ImageResult = { ok: true; image: ImageAttachment } | { ok: false; reason: string };

/** Extensions that promise an image: such a file that is not one is an error, not text. */
export const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp)$/i;

/** Why `bytes` (named `name`) cannot be sent as an image, or the attachment. */
export function imageFromBytes(name: string, bytes: Uint8Array): ImageResult {
  const info = sniffImage(bytes);
  if (info === undefined)
    return { ok: false, reason: `${name} is not a PNG, JPEG, GIF or WebP image (judged by its first bytes)` };
  if (bytes.length > MAX_IMAGE_BYTES) return { ok: false, reason: tooBig(name, bytes.length) };
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("base64");
  return { ok: true, image: { name, ...info, data, bytes: bytes.length } };
}

function tooBig(name: string, size: number): string {
  const base64 = Math.ceil(size / 3) * 4;
  return (
    `${name} is ${formatBytes(size)} (${formatBytes(base64)} as base64); images are sent up to 5 MiB as ` +
    `base64 (${formatBytes(MAX_IMAGE_BYTES)} of image), the most providers accept`
  );
}

/** Read the image at `path` (sync: a key handler waits for at most a few MB from a local disk). */
export function readImageFile(path: string): ImageResult {
  const name = basename(path);
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { ok: false, reason: `${name} is not a file` };
    // The size is checked before reading: a 2 GB file named .png is refused, not loaded.
    if (stat.size > MAX_IMAGE_BYTES) {
      const head = new Uint8Array(64);
      readSync(fd, head, 0, head.length, 0);
      if (imageFormat(head) === undefined) return imageFromBytes(name, head);
      return { ok: false, reason: tooBig(name, stat.size) };
    }
    const bytes = new Uint8Array(stat.size);
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) break;
      read += n;
    }
    return imageFromBytes(name, bytes.subarray(0, read));
  } catch (error) {
    return { ok: false, reason: `cannot read ${name}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Whether the file at `path` starts as an image does (its first bytes only are read). */
export function fileIsImage(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const head = new Uint8Array(16);
    readSync(fd, head, 0, head.length, 0);
    return imageFormat(head) !== undefined;
  } catch (error) {
    // Unreadable: not an image we could attach.
    void error;
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
