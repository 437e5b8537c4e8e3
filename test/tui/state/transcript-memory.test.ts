// Memory of a long streamed answer: the committed pieces together hold about the answer's own
// size, not a copy of everything streamed before each commit (which grew with the square of
// the answer's length); the uncommitted tail kept apart always matches the streamed text.
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import type { ClientEvent, ClientMessage, MessageDelta } from "../../../src/bridge/index.js";
import { initialTranscript, liveBlockText, reduceTranscript } from "../../../src/tui/state/transcript.js";
import type { TranscriptState } from "../../../src/tui/state/types.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;
const heapUsed = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

const LIMITS = { width: 80, maxLiveRows: 20 };
const message = (text: string): ClientMessage => ({ role: "assistant", blocks: [{ type: "text", text }] });

/** Streams `lines` paragraphs in 40-character deltas through the reducer to message_end. */
function stream(lines: number): { t: TranscriptState; chars: number } {
  const text = Array.from({ length: lines }, (_, i) => `Paragraph ${i} says something of some length here.\n\n`).join(
    "",
  );
  let t = reduceTranscript(initialTranscript, { type: "message_start", message: message("") }, 0, LIMITS);
  for (let i = 0; i < text.length; i += 40) {
    const delta: ClientEvent = {
      type: "message_update",
      delta: { kind: "text_delta", index: 0, delta: text.slice(i, i + 40) },
      usage: undefined,
      snapshot: undefined,
    };
    t = reduceTranscript(t, delta, 0, LIMITS);
  }
  t = reduceTranscript(t, { type: "message_end", message: message(`${text} `.trim()) }, 0, LIMITS);
  return { t, chars: text.length };
}

describe("transcript memory", () => {
  it("keeps about the answer's size for a long streamed answer, whatever the number of commits", () => {
    const before = heapUsed();
    const { t, chars } = stream(6000);
    const retained = heapUsed() - before;
    const committedChars = t.committed.reduce((n, e) => n + ("text" in e ? e.text.length : 0), 0);
    expect(t.committed.length).toBeGreaterThan(100);
    expect(committedChars).toBeGreaterThan(chars * 0.9);
    // Strings are one byte a character here; entries and their objects add a little, and the
    // test runner's own allocations add noise (up to ~3.4x was seen). Keeping a copy of the text
    // streamed before each commit, the defect this guards against, retained ~300x.
    expect(retained).toBeLessThan(chars * 10);
  });
});

describe("uncommitted tail", () => {
  it("is the streamed text after the committed offset at every delta, through thinking then text", () => {
    const thinking = Array.from({ length: 300 }, (_, i) => `thought ${i}\n\n`).join("");
    const text = Array.from({ length: 300 }, (_, i) =>
      i % 50 === 7 ? "```ts\nconst a = 1;\n\nconst b = 2;\n```\n\n" : `line ${i} of the answer\n\n`,
    ).join("");
    let t = reduceTranscript(initialTranscript, { type: "message_start", message: message("") }, 0, LIMITS);
    const update = (delta: MessageDelta): void => {
      t = reduceTranscript(t, { type: "message_update", delta, usage: undefined, snapshot: undefined }, 0, LIMITS);
    };
    const sent = ["", ""];
    let commits = 0;
    for (const [index, body] of [thinking, text].entries()) {
      update({
        kind: "block_start",
        index,
        block: index === 0 ? { type: "thinking", thinking: "", redacted: false } : { type: "text", text: "" },
      });
      for (let i = 0; i < body.length; i += 7) {
        const piece = body.slice(i, i + 7);
        sent[index] += piece;
        update({ kind: index === 0 ? "thinking_delta" : "text_delta", index, delta: piece });
        const live = t.live;
        if (!live) throw new Error("no live message");
        if (live.commitBlock === index) {
          expect(liveBlockText(live, index)).toBe((sent[index] ?? "").slice(live.commitOffset));
          if (live.commitOffset > 0) commits += 1;
        }
      }
    }
    expect(commits).toBeGreaterThan(0);
  });
});
