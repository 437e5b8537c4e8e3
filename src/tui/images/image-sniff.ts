// What an image file is, read from its first bytes: the format (PNG, JPEG, GIF, WebP: what
// the common providers take) and its width and height from the header, so a chip can say
// `1280×720` without decoding the picture. The extension is not trusted: a `.png` that is a
// JPEG is sent as a JPEG, and a `.png` that is text is not sent at all.

export type ImageFormat = { mimeType: "image/png" | "image/jpeg" | "image/gif" | "image/webp" };
export type ImageInfo = ImageFormat & { width: number; height: number };

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string): number[] => Array.from(s, (c) => c.charCodeAt(0));

const be16 = (b: Uint8Array, at: number): number => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const le16 = (b: Uint8Array, at: number): number => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const le24 = (b: Uint8Array, at: number): number => le16(b, at) | ((b[at + 2] ?? 0) << 16);
const be32 = (b: Uint8Array, at: number): number => be16(b, at) * 0x10000 + be16(b, at + 2);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(b: Uint8Array): ImageInfo | undefined {
  // The IHDR chunk comes first: its width and height follow the signature, length and type.
  if (!startsWith(b, ascii("IHDR"), 12) || b.length < 24) return undefined;
  return { mimeType: "image/png", width: be32(b, 16), height: be32(b, 20) };
}

function gif(b: Uint8Array): ImageInfo | undefined {
  if (b.length < 10) return undefined;
  return { mimeType: "image/gif", width: le16(b, 6), height: le16(b, 8) };
}

/** A JPEG's size is in its start-of-frame segment (SOF0..SOF15 but DHT, JPG and DAC). */
function jpeg(b: Uint8Array): ImageInfo | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    // Fill bytes (0xFF runs) and markers without a length (RSTn, TEM) are skipped one at a time.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { mimeType: "image/jpeg", width: be16(b, at + 7), height: be16(b, at + 5) };
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or scan data: no frame header
    at += 2 + be16(b, at + 2);
  }
  return undefined;
}

/** WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`), each with its own header. */
function webp(b: Uint8Array): ImageInfo | undefined {
  const info = (width: number, height: number): ImageInfo => ({ mimeType: "image/webp", width, height });
  if (startsWith(b, ascii("VP8 "), 12) && startsWith(b, [0x9d, 0x01, 0x2a], 23) && b.length >= 30)
    return info(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  if (startsWith(b, ascii("VP8L"), 12) && b[20] === 0x2f && b.length >= 25) {
    const bits = ((b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24)) >>> 0;
    return info((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(b, ascii("VP8X"), 12) && b.length >= 30) return info(le24(b, 24) + 1, le24(b, 27) + 1);
  return undefined;
}

/** The format of `bytes` by its magic number, whether or not its header can be read. */
export function imageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, PNG)) return { mimeType: "image/png" };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mimeType: "image/jpeg" };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return { mimeType: "image/gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { mimeType: "image/webp" };
  return undefined;
}

/** Format, width and height of an image in one of the four formats; undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageInfo | undefined {
  const format = imageFormat(bytes);
  if (format === undefined) return undefined;
  switch (format.mimeType) {
    case "image/png":
      return png(bytes);
    case "image/jpeg":
      return jpeg(bytes);
    case "image/gif":
      return gif(bytes);
    case "image/webp":
      return webp(bytes);
    default: {
      const never: never = format.mimeType;
      return never;
    }
  }
}
