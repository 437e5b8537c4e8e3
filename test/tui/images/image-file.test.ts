// Reading an image file to attach: the bytes decide the type, text named .png is refused, and
// a file over the limit is refused without being read whole.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BASE64, MAX_IMAGE_BYTES, readImageFile } from "../../../src/tui/images/image-file.js";

const dir = mkdtempSync(join(tmpdir(), "image-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fixture = (name: string): Buffer => readFileSync(join(import.meta.dirname, "../../fixtures/images", name));

describe("readImageFile", () => {
  it("attaches a PNG with its base64 bytes, size and dimensions", () => {
    const path = join(dir, "shot.png");
    writeFileSync(path, fixture("shot.png"));
    expect(readImageFile(path)).toEqual({
      ok: true,
      image: {
        name: "shot.png",
        mimeType: "image/png",
        data: fixture("shot.png").toString("base64"),
        width: 37,
        height: 23,
        bytes: fixture("shot.png").length,
      },
    });
  });

  it("sends a JPEG named .png as a JPEG", () => {
    const path = join(dir, "really-a-jpeg.png");
    writeFileSync(path, fixture("photo.jpg"));
    const r = readImageFile(path);
    expect(r.ok && [r.image.mimeType, r.image.width, r.image.height]).toEqual(["image/jpeg", 64, 48]);
  });

  it("refuses text named .png, a missing file and a directory, each with a reason", () => {
    writeFileSync(join(dir, "notes.png"), "meeting notes\n");
    expect(readImageFile(join(dir, "notes.png"))).toEqual({
      ok: false,
      reason: "notes.png is not a PNG, JPEG, GIF or WebP image (judged by its first bytes)",
    });
    const missing = readImageFile(join(dir, "gone.png"));
    expect(!missing.ok && missing.reason).toMatch(/^cannot read gone\.png: ENOENT/);
    expect(readImageFile(dir)).toEqual({ ok: false, reason: expect.stringMatching(/is not a file$/) });
  });

  it("refuses an image over the limit (5 MB as base64) and says the limit", () => {
    expect(MAX_IMAGE_BASE64).toBe(5 * 1024 * 1024);
    expect(Math.ceil(MAX_IMAGE_BYTES / 3) * 4).toBeLessThanOrEqual(MAX_IMAGE_BASE64);
    const path = join(dir, "huge.png");
    writeFileSync(path, fixture("shot.png"));
    truncateSync(path, 6_000_000);
    expect(readImageFile(path)).toEqual({
      ok: false,
      reason:
        "huge.png is 6.0 MB (8.0 MB as base64); images are sent up to 5 MiB as base64 (3.9 MB of image), " +
        "the most providers accept",
    });
  });
});
