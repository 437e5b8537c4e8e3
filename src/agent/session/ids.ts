// Identifier generation: 8-hex entry ids (collision-checked, as pi) and UUIDv7 session ids
// (time-ordered, so file names and ids sort by creation).
import { randomBytes, randomUUID } from "node:crypto";

export function createEntryId(taken: { has(id: string): boolean }): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const id = randomUUID().slice(0, 8);
    if (!taken.has(id)) return id;
  }
  return randomUUID();
}

export function createSessionId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  // 48-bit big-endian millisecond timestamp, then version 7 and the RFC 4122 variant.
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
