// The inline writer leaves the terminal exactly as Ink's own writer does (screen and
// scrollback, compared cell by cell in a headless xterm after every step of random sequences of
// frames, printed transcript lines, outside writes and resizes of content), while sending
// only the rows that changed.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  createInlineWriter,
  type FrameStream,
  type InkLog,
  printedRows,
} from "../../../src/tui/ink/ink-inline-writer.js";
import { seededRandom } from "../../fixtures/seeded-random.js";

const require = createRequire(import.meta.url);
const { Terminal } = require("@xterm/headless") as typeof import("@xterm/headless");

type LogUpdate = { create(stream: { write(s: string): boolean }, options?: object): InkLog };
const inkLogUpdate = async (): Promise<LogUpdate> => {
  const inkMain = require.resolve("ink");
  return ((await import(pathToFileURL(join(dirname(inkMain), "log-update.js")).href)) as { default: LogUpdate })
    .default;
};

const COLS = 30;
const ROWS = 10;

/** A headless terminal with a tty's output processing (onlcr): "\n" arrives as "\r\n". */
function screen(): { stream: FrameStream; bytes: () => number; reset: () => void; text: () => Promise<string[]> } {
  const term = new Terminal({ cols: COLS, rows: ROWS, scrollback: 1000, allowProposedApi: true });
  let pending = "";
  let written = 0;
  const stream: FrameStream = {
    rows: ROWS,
    columns: COLS,
    write(chunk: string) {
      pending += chunk;
      written += Buffer.byteLength(chunk);
      return true;
    },
  };
  const text = async (): Promise<string[]> => {
    const data = pending.replace(/\n/g, "\r\n");
    pending = "";
    await new Promise<void>((resolve) => term.write(data, resolve));
    const buf = term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < buf.length; y++) {
      const line = buf.getLine(y);
      const text = line?.translateToString(true) ?? "";
      // Where bold and colour are, too: a row drawn in pieces must be styled as one drawn whole.
      let styles = "";
      for (let x = 0; line !== undefined && x < text.length; x++) {
        const cell = line.getCell(x);
        // (A space shows no foreground colour: compared only where something else shows.)
        const space =
          cell !== undefined &&
          (cell.getChars() || " ") === " " &&
          cell.isUnderline() === 0 &&
          cell.isInverse() === 0 &&
          cell.isBgDefault();
        styles += cell === undefined ? "?" : `${cell.isBold() ? "b" : "-"}${space ? "-1" : cell.getFgColor()}`;
      }
      lines.push(styles.replace(/-(-1|0)/g, "") === "" ? text : `${text} ${styles}`);
    }
    // Blank rows at the end differ when a printed line and a shorter frame come together: the
    // screen scrolled for the taller frame (the frame then sits higher, over blank rows).
    while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    return [...lines, `cursor ${buf.cursorX},${buf.cursorY + buf.baseY}`];
  };
  return {
    stream,
    bytes: () => written,
    reset: () => {
      written = 0;
    },
    text,
  };
}

/** Ink's instance calls, as its onRender / writeToStdout / clear() make them. */
type Driver = {
  frame(output: string): void;
  print(staticOutput: string, output: string): void;
  outside(data: string, output: string): void;
  /** Ctrl+Z and back (suspend.ts): Ink's clear(), then as many blank rows as the frame had. */
  suspendAndResume(output: string): void;
};
function driver(log: InkLog, stream: FrameStream, staticComing?: (s: string) => void): Driver {
  return {
    frame: (output) => void log(`${output}\n`),
    print(staticOutput, output) {
      staticComing?.(staticOutput);
      log.clear();
      stream.write(staticOutput);
      log(`${output}\n`);
    },
    outside(data, output) {
      log.clear();
      stream.write(data);
      log(`${output}\n`);
    },
    suspendAndResume(output) {
      log.clear();
      log.sync(`${output}\n`);
      stream.write("\n".repeat(output.split("\n").length));
    },
  };
}

/** Like agent-tui's frame: the streamed text not yet printed (0-3 rows, some blank), then status, editor and footer rows that rarely change. */
function liveFrame(next: () => number, step: number, previous: string): string {
  // The first row often is the same streamed text as before, grown.
  const first = previous.split("\n")[0] ?? "";
  // (Ink never draws a row wider than the terminal.)
  const fits = first.replace(/\u001b\[[0-9;]*m/g, "").length + 5 <= COLS;
  const grown =
    next() < 0.4 && first.startsWith("partial") && fits
      ? [`${first}${next() < 0.5 ? " more" : " \u001b[1mbold\u001b[22m"}`]
      : [];
  const partial = Array.from({ length: Math.floor(next() * 4) }, (_, i) =>
    next() < 0.3 ? "" : `partial ${step}.${i} ${"x".repeat(Math.floor(next() * 12))}`,
  );
  // The status row is styled and its clock ticks: a change inside a style.
  const clock = Math.floor(step / 7);
  const chrome = [
    next() < 0.8 ? `\u001b[36m●\u001b[39m \u001b[90mWorking… ${clock}s · esc\u001b[39m` : `● Working ${step % 3}`,
    `› ${next() < 0.8 ? "" : "typed"}`,
  ];
  if (next() < 0.9) chrome.push("\u001b[90m~/project · model\u001b[39m");
  return [...grown, ...partial, ...chrome].join("\n");
}

function staticLines(next: () => number, step: number): string {
  const n = next() < 0.1 ? 8 + Math.floor(next() * 6) : 1 + Math.floor(next() * 3);
  return Array.from({ length: n }, (_, i) => `line ${step}.${i} \u001b[1mbold\u001b[22m`).join("\n") + "\n";
}

describe("the inline writer", () => {
  it.each([1, 2, 3, 4, 5, 6])("leaves screen and scrollback as Ink's writer does (sequence %i)", async (seed) => {
    const logUpdate = await inkLogUpdate();
    const ours = screen();
    const theirs = screen();
    const writer = createInlineWriter(ours.stream);
    const a = driver(writer.log, writer.stream, writer.staticComing);
    const b = driver(logUpdate.create(theirs.stream), theirs.stream);
    const next = seededRandom(seed);
    let previous = "";
    for (let step = 0; step < 160; step++) {
      const output = liveFrame(next, step, previous);
      const roll = next();
      // Often the printed lines are the frame's first rows (streamed text that completed), at
      // times after a blank row the frame did not show.
      const completed = previous.split("\n").slice(0, 1 + Math.floor(next() * 3));
      const printed =
        next() < 0.5 && previous !== ""
          ? `${next() < 0.4 ? "\n" : ""}${completed.join("\n")}\n`
          : staticLines(seededRandom(step * 7 + seed), step);
      for (const d of [a, b]) {
        if (roll < 0.45) d.frame(output);
        else if (roll < 0.9) d.print(printed, output);
        else if (roll < 0.96) d.outside(`outside ${step}\n`, output);
        else d.suspendAndResume(output);
      }
      previous = output;
      const [mine, reference] = [await ours.text(), await theirs.text()];
      expect(mine, `step ${step}`).toEqual(reference);
    }
  });

  it("prints transcript lines above the frame without rewriting the rows that did not change", async () => {
    const ours = screen();
    const writer = createInlineWriter(ours.stream);
    const d = driver(writer.log, writer.stream, writer.staticComing);
    const footer = "~/project · Fake Model";
    d.frame(`● Working\n› \n${footer}`);
    for (let i = 0; i < 20; i++) {
      ours.reset();
      const before = ours.bytes();
      d.print(`answer line ${i}\n`, `● Working\n› \n${footer}`);
      expect(ours.bytes() - before).toBeLessThan(`answer line ${i}\n`.length + 20);
    }
    const lines = await ours.text();
    expect(lines.filter((l) => l === footer)).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("answer line"))).toHaveLength(20);
    ours.reset();
    d.frame(`● Working\n› typed\n${footer}`);
    expect(ours.bytes()).toBeLessThan(40);
    expect((await ours.text()).filter((l) => l === "› typed")).toHaveLength(1);
  });

  it("writes a frame marked for another screen whole, every time, and the frame after it too", () => {
    const writes: string[] = [];
    const stream: FrameStream = { rows: ROWS, columns: COLS, write: (chunk) => writes.push(chunk) > 0 };
    const { log } = createInlineWriter(stream);
    const mark = "\u001b]7777;view\u0007";
    log("● Working\n› \nfooter\n");
    for (const frame of [`${mark}row 1\nrow 2\nfooter\n`, `${mark}row 1\nrow 3\nfooter\n`]) {
      writes.length = 0;
      log(frame);
      // The screen switch (transcript-view/screen-switch.ts) sees its mark in the write.
      expect(writes.join("")).toContain(`${mark}row 1`);
    }
    writes.length = 0;
    log("● Working\n› \nfooter\n");
    expect(writes.join("")).toContain("● Working\n› \nfooter\n");
  });

  it("after Ink's full redraw, whose frame it wrote without the newline it reports, draws the next frame over that frame only", async () => {
    const term = screen();
    const writer = createInlineWriter(term.stream);
    writer.log("tall 1\ntall 2\n");
    // Ink 6.8 when the last frame was as tall as the screen: clear everything, print the
    // transcript and the frame (no newline after it), then sync the frame WITH one.
    writer.stream.write("\u001b[2J\u001b[3J\u001b[Hprinted 1\nprinted 2\nframe 1\nframe 2");
    writer.log.sync("frame 1\nframe 2\n");
    writer.log("next 1\nnext 2\nnext 3\n");
    expect((await term.text()).slice(0, -1)).toEqual(["printed 1", "printed 2", "next 1", "next 2", "next 3"]);
  });

  it("counts the rows printed lines take, and gives up on lines that may wrap", () => {
    expect(printedRows("a\nb\n", 10)).toBe(2);
    expect(printedRows(`\u001b[1m${"x".repeat(10)}\u001b[22m\n`, 10)).toBe(1);
    expect(printedRows(`${"x".repeat(11)}\n`, 10)).toBeUndefined();
    expect(printedRows(`${"界".repeat(6)}\n`, 10)).toBeUndefined();
    expect(printedRows("no newline", 10)).toBeUndefined();
  });
});
