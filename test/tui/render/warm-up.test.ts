// The idle warm-up of the render path: nothing before its delay, one step per timer tick (so
// keys are read between steps), and every pass hands rows of the sample, at the width asked,
// to the row builder, with and without highlighting as the transcript and the live tail render.
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderingBegun, warmUpRendering, warmUpSample } from "../../../src/tui/render/warm-up.js";
import { createInitialState, reduce } from "../../../src/tui/state/reducer.js";
import { textWidth } from "../../../src/tui/render/text-width.js";
import { buildPalette } from "../../../src/tui/render/palette.js";
/** The palette these rows are painted in (what the UI starts with). */
const PALETTE = buildPalette("dark", 1);

afterEach(() => {
  vi.useRealTimers();
});

describe("render warm-up", () => {
  it("renders the sample at the current width, one step per tick, after its delay", () => {
    vi.useFakeTimers();
    const passes: { rows: string[]; width: number }[] = [];
    let width = 60;
    warmUpRendering(
      300,
      () => width,
      () => PALETTE,
      (rows, w) => passes.push({ rows, width: w }),
    );
    vi.advanceTimersByTime(299);
    expect(passes).toHaveLength(0);
    let ticks = 0;
    while (vi.getTimerCount() > 0) {
      // Never more than the next step is waiting: each step is its own timer tick.
      expect(vi.getTimerCount()).toBe(1);
      vi.runOnlyPendingTimers();
      ticks += 1;
      if (passes.length === 2) width = 40;
    }
    expect(passes).toHaveLength(6);
    expect(ticks).toBeGreaterThan(passes.length);
    expect(passes.map((p) => p.width)).toEqual([60, 60, 40, 40, 40, 40]);
    for (const { rows, width: w } of passes) {
      expect(rows.join("\n")).toContain("Section");
      for (const row of rows) expect(textWidth(row)).toBeLessThanOrEqual(w);
    }
    // The code block is coloured on highlighted passes only (the live tail renders without).
    const codeRow = (rows: string[]): string =>
      rows.find((r) => r.replace(/\u001b\[[0-9;]*m/g, "").includes("export function step")) ?? "";
    expect(codeRow(passes[0]?.rows ?? [])).toContain("\u001b[");
    expect(codeRow(passes[1]?.rows ?? [])).not.toContain("\u001b[");
  });

  it("runs no further step once real rendering has begun", () => {
    vi.useFakeTimers();
    const passes: string[][] = [];
    let begun = false;
    warmUpRendering(
      0,
      () => 60,
      () => PALETTE,
      (rows) => passes.push(rows),
      () => begun,
    );
    // Through the languages and into the sample passes, then the session's messages arrive.
    while (passes.length < 1) vi.runOnlyPendingTimers();
    begun = true;
    vi.runAllTimers();
    expect(passes).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts a printed entry or a run as real rendering, start-up notices not", () => {
    const start = createInitialState(80, 24);
    expect(renderingBegun(start)).toBe(false);
    const noticed = reduce(start, { type: "notice", level: "warning", text: "a start-up warning" });
    expect(renderingBegun(noticed)).toBe(false);
    const printed = reduce(noticed, {
      type: "history",
      entries: [{ kind: "user", text: "hello", images: 0 }],
      olderFollow: false,
    });
    expect(renderingBegun(printed)).toBe(true);
    expect(renderingBegun({ ...start, run: { ...start.run, busy: true } })).toBe(true);
  });

  it("makes each pass's text new, so caches do not skip the work", () => {
    expect(warmUpSample(1)).not.toBe(warmUpSample(2));
  });
});
