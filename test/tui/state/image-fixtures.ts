// Two pictures as the editor holds them once attached, for the image chip and history tests.
import type { ImageAttachment } from "../../../src/tui/state/types.js";

export const SHOT: ImageAttachment = {
  name: "shot.png",
  mimeType: "image/png",
  data: "AAAA",
  width: 1280,
  height: 720,
  bytes: 210_000,
};
export const CAT: ImageAttachment = {
  name: "cat.jpg",
  mimeType: "image/jpeg",
  data: "BBBB",
  width: 64,
  height: 48,
  bytes: 3918,
};
