// Image format and size from the header bytes, for files made by another encoder and for
// headers written here from the formats' specifications.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { imageFormat, sniffImage } from "../../../src/tui/images/image-sniff.js";

const fixture = (name: string): Uint8Array => readFileSync(join(import.meta.dirname, "../../fixtures/images", name));
const bytes = (...parts: Array<string | number[]>): Uint8Array =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

/** A GIF89a header: logical screen 301 x 2, no colour table, then the trailer. */
const GIF = bytes("GIF89a", [0x2d, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00, 0x3b]);
/** Lossy WebP: RIFF, "VP8 ", a key frame tag, the start code, 14-bit width 640 and height 480. */
const WEBP_LOSSY = bytes(
  "RIFF",
  [0x24, 0, 0, 0],
  "WEBPVP8 ",
  [0x18, 0, 0, 0],
  [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a],
  [0x80, 0x02, 0xe0, 0x01],
);
/** Extended WebP: "VP8X", flags, then 24-bit width-1 (1919) and height-1 (1079). */
const WEBP_EXTENDED = bytes(
  "RIFF",
  [0x24, 0, 0, 0],
  "WEBPVP8X",
  [0x0a, 0, 0, 0],
  [0x10, 0, 0, 0],
  [0x7f, 0x07, 0x00],
  [0x37, 0x04, 0x00],
);

describe("sniffImage", () => {
  it.each([
    ["a PNG", fixture("shot.png"), { mimeType: "image/png", width: 37, height: 23 }],
    [
      "a JPEG with a JFIF segment before its frame",
      fixture("photo.jpg"),
      { mimeType: "image/jpeg", width: 64, height: 48 },
    ],
    ["a lossless WebP", fixture("lossless.webp"), { mimeType: "image/webp", width: 41, height: 31 }],
    ["a GIF", GIF, { mimeType: "image/gif", width: 301, height: 2 }],
    ["a lossy WebP", WEBP_LOSSY, { mimeType: "image/webp", width: 640, height: 480 }],
    ["an extended WebP", WEBP_EXTENDED, { mimeType: "image/webp", width: 1920, height: 1080 }],
  ])("reads %s", (_what, data, expected) => {
    expect(sniffImage(data)).toEqual(expected);
  });

  it("goes by the bytes, not the name: text is no image, and a cut PNG has no size", () => {
    expect(sniffImage(bytes("just some notes\n"))).toBeUndefined();
    expect(imageFormat(bytes("just some notes\n"))).toBeUndefined();
    expect(sniffImage(bytes("%PDF-1.7\n"))).toBeUndefined();
    const cut = fixture("shot.png").slice(0, 12);
    expect(imageFormat(cut)).toEqual({ mimeType: "image/png" });
    expect(sniffImage(cut)).toBeUndefined();
  });

  it("finds no frame in a JPEG that ends before one", () => {
    expect(sniffImage(fixture("photo.jpg").slice(0, 20))).toBeUndefined();
  });
});
