// An Ink `Key` with every flag off but those `over` sets: what a test hands a key handler for a
// plain character or one named key.
import type { Key } from "ink";
import { PLAIN_KEY } from "../../../src/tui/input/key-chunks.js";

export function inkKey(over: Partial<Key> = {}): Key {
  return { ...PLAIN_KEY, ...over };
}
