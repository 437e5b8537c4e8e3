// Resizing the terminal while an answer streams, in a headless xterm that re-wraps lines on
// resize as real terminals do (agent-tui is not told it does): afterwards the scrollback and the
// screen hold the answer exactly once, with no stale status, editor or footer rows and no line
// cut short by a re-wrap. The stream is held mid-answer (the scripted model's holdAfter) while
// the terminal changes size, so the resize always meets a frame of streamed text.
import { describe, expect, it } from "vitest";
import type { FakeStep } from "../fixtures/fake-llm-server.mjs";
import type { TuiProcess } from "./pty-harness.js";
import { BUILT, FAKE_MODEL, submitLine, waitForEditor, withTuiSession } from "./tui-session.js";

/** Three paragraphs of distinct words, each wrapping to several rows at 140 columns. */
const WORDS = Array.from({ length: 3 }, (_, p) =>
  Array.from({ length: 60 }, (_, i) => `w${p}x${String(i).padStart(3, "0")}`),
);
const ANSWER = WORDS.map((words) => words.join(" ")).join("\n\n");
const CHUNKS = ANSWER.match(/\S+\s*/g) ?? [];
/** Held after the first two paragraphs and part of the third: the live frame shows streamed text. */
const HELD_AFTER = 60 + 60 + 25;
const LAST_SHOWN = WORDS[2]?.[24] ?? "";

const script = (): FakeStep[] => [
  { kind: "text", matchLastUser: "GO", chunks: CHUNKS, delayMs: 1, holdAfter: HELD_AFTER },
];

/** Resize, then wait for a frame drawn after every frame of the resize (a key typed now shows in one). */
async function resizeTo(tui: TuiProcess, cols: number, rows: number): Promise<void> {
  tui.resize(cols, rows);
  tui.write("Z");
  await waitForEditor(tui, "Z");
  tui.write("\u007f");
  await waitForEditor(tui, "");
}

/** What is wrong with the whole buffer (scrollback + screen) once the answer is done. */
function defects(tui: TuiProcess): string[] {
  const lines = tui.logicalLines();
  const text = lines.join("\n");
  const found: string[] = [];
  for (const word of WORDS.flat()) {
    const n = text.split(new RegExp(`\\b${word}\\b`)).length - 1;
    if (n !== 1) found.push(`${word} ×${n}`);
  }
  // A re-wrapped row erased in part leaves a word cut short: every w… token is a whole word.
  for (const token of text.match(/\bw\d*x?\d*\b/g) ?? [])
    if (!/^w\dx\d{3}$/.test(token)) found.push(`cut word ${token}`);
  const count = (re: RegExp): number => lines.filter((l) => re.test(l)).length;
  if (count(/Working…/) !== 0) found.push(`${count(/Working…/)} status rows`);
  if (count(/Fake Model/) !== 1) found.push(`${count(/Fake Model/)} footers`);
  if (count(/^› {1,2}(message|steer) the agent/) !== 1)
    found.push(`${count(/^› {1,2}(message|steer) the agent/)} editors`);
  return found;
}

async function streamThrough(
  sizes: ReadonlyArray<readonly [number, number]>,
  start: readonly [number, number],
): Promise<string[]> {
  let found: string[] = [];
  await withTuiSession(
    script(),
    { args: [...FAKE_MODEL, "--no-session"], cols: start[0], rows: start[1] },
    async ({ tui, sandbox }) => {
      await submitLine(tui, "GO");
      await tui.waitForText(LAST_SHOWN);
      await tui.waitForText("Working…");
      for (const [cols, rows] of sizes) await resizeTo(tui, cols, rows);
      sandbox.llm.release();
      await tui.waitForText(WORDS[2]?.at(-1) ?? "", 20_000, "all");
      await tui.waitForNoText("Working…");
      await waitForEditor(tui, "");
      found = defects(tui);
      if (found.length > 0) found.push(`buffer:\n${tui.logicalLines().join("\n")}`);
    },
  );
  return found;
}

describe.skipIf(!BUILT)("agent-tui resized while an answer streams", () => {
  it("140×45 → 100×30 mid-answer: the answer once, no stale rows", async () => {
    expect(await streamThrough([[100, 30]], [140, 45])).toEqual([]);
  }, 60_000);

  it("100 → 140 → 100 mid-answer: no half line above the answer", async () => {
    expect(
      await streamThrough(
        [
          [140, 30],
          [100, 30],
        ],
        [100, 30],
      ),
    ).toEqual([]);
  }, 60_000);

  it("100 → 60 mid-answer and resizes while idle stay clean", async () => {
    expect(await streamThrough([[60, 30]], [100, 30])).toEqual([]);
    let found: string[] = ["not run"];
    await withTuiSession(
      script(),
      { args: [...FAKE_MODEL, "--no-session"], cols: 140, rows: 45 },
      async ({ tui, sandbox }) => {
        sandbox.llm.release();
        await submitLine(tui, "GO");
        await tui.waitForText(WORDS[2]?.at(-1) ?? "", 20_000, "all");
        await tui.waitForNoText("Working…");
        for (const [cols, rows] of [
          [100, 30],
          [140, 45],
          [60, 30],
        ] as const)
          await resizeTo(tui, cols, rows);
        found = defects(tui);
        if (found.length > 0) found.push(`buffer:\n${tui.logicalLines().join("\n")}`);
      },
    );
    expect(found).toEqual([]);
  }, 60_000);
});
