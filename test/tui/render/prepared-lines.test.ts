// Rows of a backlog's next chunk built ahead of the render that prints it: one entry per
// event-loop turn (input is read between), then `done`; the render takes each entry's rows
// once (not kept after printing), and rows built for another width are not used.
import { describe, expect, it } from "vitest";
import { entryLines } from "../../../src/tui/render/entry-lines.js";
import { isPrepared, prepareInTurns, takeEntryLines } from "../../../src/tui/render/prepared-lines.js";
import type { Entry } from "../../../src/tui/state/types.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const at80 = { width: 80, showThinking: true, toolsExpanded: false, palette: PALETTE };
const entry = (id: number, text: string, unprinted?: boolean): Entry => ({
  kind: "markdown",
  id,
  text,
  continues: false,
  ...(unprinted ? { unprinted } : {}),
});

describe("rows built ahead of printing", () => {
  it("builds one entry per event-loop turn, skips unprinted ones, then says it is done in a turn of its own", async () => {
    const entries = [entry(1, "# one"), entry(2, "older", true), entry(3, "**three**")];
    let done = false;
    prepareInTurns(entries, at80, () => {
      done = true;
    });
    expect(entries.map((e) => isPrepared(e, at80))).toEqual([false, false, false]);
    await turn();
    expect(entries.map((e) => isPrepared(e, at80))).toEqual([true, false, false]);
    await turn();
    expect(entries.map((e) => isPrepared(e, at80))).toEqual([true, false, true]);
    expect(done).toBe(false);
    await turn();
    expect(done).toBe(true);
  });

  it("hands the rows over once, the same rows entryLines builds, and builds again at another width", async () => {
    const e = entry(
      1,
      "A paragraph long enough to wrap differently at forty and at eighty columns, with `code` in it.",
    );
    await new Promise<void>((resolve) => prepareInTurns([e], at80, resolve));
    expect(takeEntryLines(e, at80)).toEqual(entryLines(e, at80));
    expect(isPrepared(e, at80)).toBe(false);
    await new Promise<void>((resolve) => prepareInTurns([e], at80, resolve));
    const at40 = { ...at80, width: 40 };
    expect(takeEntryLines(e, at40)).toEqual(entryLines(e, at40));
  });

  it("stops building when cancelled", async () => {
    const entries = [entry(1, "one"), entry(2, "two")];
    let done = false;
    const cancel = prepareInTurns(entries, at80, () => {
      done = true;
    });
    await turn();
    cancel();
    await turn();
    await turn();
    expect(entries.map((e) => isPrepared(e, at80))).toEqual([true, false]);
    expect(done).toBe(false);
  });
});
