// A paste from a terminal without bracketed paste arrives as reads cut anywhere, also right
// before or after a line break: it lands in the editor as exactly the pasted text, in order,
// nothing of it is sent, and the keys typed after it follow it (a line break typed on its own
// still sends).
import { afterEach, describe, expect, it } from "vitest";
import type { Key } from "ink";
import { cleanup } from "ink-testing-library";
import { createKeypressSplitter } from "../../../src/tui/input/key-chunks.js";
import { resolveEditorKey } from "../../../src/tui/input/keymap.js";
import { setupApp } from "../helpers/app-harness.js";
import { waitFor } from "../helpers/fake-connection.js";

afterEach(() => cleanup());

const plain = { ctrl: false, meta: false, shift: false } as Key;
// Shell lines continued with `\`: inside a paste, `\` then a line break is text, not the
// continuation keys (the first read, where the paste is not known yet, holds none).
const LINES = Array.from({ length: 120 }, (_, i) => (i < 10 ? `pasted line ${i}` : `pasted line ${i} \\`));
const PASTE = LINES.join("\r");

/**
 * The paste as reads: a first read of ten lines, then about a line a read, cut right after a
 * line break, right before one, or inside a line (the cuts the old splitter took for Enter).
 */
function reads(): string[] {
  let at = PASTE.indexOf("pasted line 10 ");
  const out = [PASTE.slice(0, at)];
  for (let i = 0; at < PASTE.length; i += 1) {
    const br = PASTE.indexOf("\r", at + 1);
    const end = br === -1 ? PASTE.length : Math.max(at + 1, [br + 1, br, br - 5][i % 3] ?? br);
    out.push(PASTE.slice(at, end));
    at = end;
  }
  return out;
}

describe("an unbracketed paste cut into reads", () => {
  it("is text whatever the cuts; the keys typed after it are keys again", () => {
    const split = createKeypressSplitter();
    const keys = (input: string, key = plain): unknown[] =>
      split(input, key).map((k) => resolveEditorKey(k.input, k.key));
    const got = reads().flatMap((r) => keys(r));
    expect(got.every((k) => typeof k === "object" && k !== null && "text" in k)).toBe(true);
    expect(got.map((k) => (k as { text: string }).text).join("")).toBe(PASTE);
    // Typed after it: one key per read, in order; a line break on its own is Enter.
    expect(keys("!")).toEqual([{ text: "!" }]);
    expect(keys("ok\r")).toEqual([{ text: "ok" }, { action: "submit" }]);
    expect(keys("\r", { ...plain, return: true })).toEqual([{ action: "submit" }]);
  });

  it("is not taken for a paste: a long line, or text then Enter, typed at machine speed", () => {
    const split = createKeypressSplitter();
    const keys = (input: string): unknown[] => split(input, plain).map((k) => resolveEditorKey(k.input, k.key));
    // A script (or a test) writes a command and its Enter at once, then a long answer, then
    // the rest of it with its Enter in one read: each Enter still sends.
    expect(keys("/ask input\r")).toEqual([{ text: "/ask input" }, { action: "submit" }]);
    expect(keys("One write: the quick brown fox jumps over the lazy dog 0123456789. ")).toHaveLength(1);
    expect(keys("than React renders.\r")).toEqual([{ text: "than React renders." }, { action: "submit" }]);
  });

  it("lands in the editor whole, nothing is sent, and Enter afterwards sends all of it with what was typed", async () => {
    const s = setupApp();
    for (const r of reads()) s.stdin.write(r);
    s.stdin.write("!");
    s.stdin.write("?");
    const expected = `${LINES.join("\n")}!?`;
    await waitFor(
      () => s.store.getState().editor.text === expected,
      `editor: ${JSON.stringify(s.store.getState().editor.text.slice(-80))}`,
    );
    expect(s.conn.calls.filter((c) => c.method === "prompt")).toEqual([]);
    s.stdin.write("\r");
    await waitFor(() => s.conn.calls.some((c) => c.method === "prompt"), "prompt");
    expect(s.conn.calls.find((c) => c.method === "prompt")?.args).toEqual([expected]);
  });
});
