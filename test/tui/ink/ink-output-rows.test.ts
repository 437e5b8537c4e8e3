// Ink's frame builder with the row cache: every frame is byte-for-byte what Ink's own get()
// makes (styles, wide characters, several writes in a row, offsets, transformers, rows out of
// range, clipping), a row seen in a recent frame is not built again, and a row of one write at
// the left edge is made without Ink's builder unless this Ink makes such rows another way.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { type InkOutput, type InkOutputClass, rowCachedGet } from "../../../src/tui/ink/ink-output-rows.js";

const inkMain = createRequire(import.meta.url).resolve("ink");
const { default: Output } = (await import(pathToFileURL(join(dirname(inkMain), "output.js")).href)) as {
  default: InkOutputClass;
};
const inkGet = Output.prototype.get;

type Frame = (o: InkOutput) => void;
const red = (s: string): string => `\u001b[31m${s}\u001b[39m`;
const frames: Frame[] = [
  (o) => o.write(0, 0, `plain\n${red("red")} and \u001b[1mbold\u001b[22m\n\n  indented`, { transformers: [] }),
  (o) => {
    o.write(0, 0, "left", { transformers: [] });
    o.write(10, 0, red("right"), { transformers: [] });
    o.write(2, 1, "名前 👨‍👩‍👧 e\u0301 end", { transformers: [] });
    o.write(3, 1, "over", { transformers: [] });
  },
  (o) =>
    o.write(1, 2, "a\nb\nc\nd past the bottom", { transformers: [(line, i) => `\u001b[2m${i}:${line}\u001b[22m`] }),
  (o) => o.write(0, -1, "above\nthe top", { transformers: [] }),
  (o) =>
    o.write(0, 0, "trailing spaces   \n   leading and inner  spaces\n\n" + "y".repeat(25) + "  ", { transformers: [] }),
  (o) => o.write(0, 1, "plain\tTab and \u007f delete", { transformers: [] }),
  (o) => o.write(0, 0, "x".repeat(30) + red("beyond the width"), { transformers: [] }),
  // Rows of one styled write at the left edge (a printed transcript's rows): styled spaces at
  // the end, a background to the edge, wide and combining characters, an unclosed style.
  (o) =>
    o.write(
      0,
      0,
      `\u001b[44m  blue ground  \u001b[49m   \n${red("名前 e\u0301")} 👍 ok\n\u001b[1m\u001b[4mbold under\u001b[24m still bold\n\u001b[7m${" ".repeat(20)}\u001b[27m`,
      { transformers: [] },
    ),
  (o) => {
    o.write(0, 0, "clipped frame", { transformers: [] });
    (o.operations as unknown[]).push({ type: "clip", clip: { x1: 0, x2: 4, y1: undefined, y2: undefined } });
    o.write(0, 1, "long text cut at four", { transformers: [] });
    (o.operations as unknown[]).push({ type: "unclip" });
  },
];

function build(frame: Frame, get: InkOutput["get"]): string {
  const o = new Output({ width: 20, height: 4 });
  frame(o);
  return get.call(o).output;
}

describe("Ink output row cache", () => {
  it("makes every frame exactly as Ink does, also when rows come from the cache", () => {
    const cached = rowCachedGet(Output, inkGet);
    for (let round = 0; round < 2; round += 1) {
      for (const frame of frames) expect(build(frame, cached)).toBe(build(frame, inkGet));
    }
  });

  it("builds a row again only when its writes changed", () => {
    let built = 0;
    const counting = function (this: InkOutput) {
      built += this.height;
      return inkGet.call(this);
    };
    const cached = rowCachedGet(Output, counting);
    built = 0;
    // Written one column in: rows Ink's own get() builds.
    const frame =
      (tail: string): Frame =>
      (o) =>
        o.write(1, 0, [red("one"), red("two"), red("three"), red(tail)].join("\n"), { transformers: [] });
    build(frame("four"), cached);
    expect(built).toBe(4);
    build(frame("four"), cached);
    expect(built).toBe(4);
    build(frame("five"), cached);
    expect(built).toBe(5);
  });

  it("makes rows of one write at the left edge without Ink's builder, and the others with it", () => {
    let built = 0;
    const counting = function (this: InkOutput) {
      built += this.height;
      return inkGet.call(this);
    };
    const cached = rowCachedGet(Output, counting);
    // The first such row checks the path against Ink's rows once (a few probe rows built by Ink).
    build((o) => o.write(0, 0, red("first"), { transformers: [] }), cached);
    built = 0;
    const frame: Frame = (o) => {
      o.write(0, 0, `plain row  \n- a list item\n${red("styled")} \u001b[1mbold\u001b[22m  `, { transformers: [] });
      o.write(2, 3, "offset", { transformers: [] });
    };
    expect(build(frame, cached)).toBe(build(frame, inkGet));
    expect(built).toBe(1);
  });

  it("leaves every row to Ink's builder when Ink makes styled rows another way", () => {
    // An Ink whose rows close styles with a full reset: the probes at installation differ.
    const otherGet = function (this: InkOutput) {
      const made = inkGet.call(this);
      return { ...made, output: made.output.replaceAll("\u001b[39m", "\u001b[0m") };
    };
    const cached = rowCachedGet(Output, otherGet);
    const frame: Frame = (o) => o.write(0, 0, `${red("styled")} row\n${red("another")}`, { transformers: [] });
    expect(build(frame, cached)).toBe(build(frame, otherGet));
    expect(build(frame, cached)).toContain("\u001b[0m");
  });

  it("builds a frame's new rows in one Output that keeps the widths Ink measured across frames", () => {
    const measuredIn: Map<string, number>[] = [];
    const spying = function (this: InkOutput) {
      if (this.caches) measuredIn.push(this.caches.widths);
      return inkGet.call(this);
    };
    const cached = rowCachedGet(Output, spying);
    measuredIn.length = 0;
    const rows =
      (n: number, tag: string): Frame =>
      (o) =>
        o.write(1, 0, Array.from({ length: n }, (_, i) => `${tag} ${red(String(i))} 名`).join("\n"), {
          transformers: [],
        });
    expect(build(rows(4, "a"), cached)).toBe(build(rows(4, "a"), inkGet));
    expect(build(rows(4, "b"), cached)).toBe(build(rows(4, "b"), inkGet));
    expect(measuredIn).toHaveLength(2);
    expect(measuredIn[1]).toBe(measuredIn[0]);
    expect(measuredIn[0]?.get("名")).toBe(2);
  });
});
