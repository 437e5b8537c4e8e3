// What Ink writes to draw its live frame below the transcript, rewritten to send only what
// changed. Ink's own writer erases the whole frame and draws it again on every frame, and on
// every transcript line printed above it: while an answer streams, most of the bytes reaching
// the terminal were the unchanged editor, footer and status rows (docs/architecture.md,
// "Bytes to the terminal"). This one hands each change to frame-diff.ts, printed transcript
// lines included: Ink's write of them is held back (the writer's stream) and they are drawn
// with the next frame, as the rows above it. It replaces the `log` and the stdout of an Ink
// instance (ink-instance-hooks.ts); the cursor stays hidden (agent-tui never asks Ink to place it).
// When the terminal narrows and re-wraps the frame, it clears the screen and the scrollback and
// prints the transcript again before Ink draws (FrameWriter.resized).
import { CSI_SOURCE } from "../../bridge/index.js";
import { FIRST_COLUMN, frameDiff, up } from "./frame-diff.js";
import { textWidth } from "../render/text-width.js";

const ESC = "\u001b[";
const HIDE_CURSOR = `${ESC}?25l`;
const SHOW_CURSOR = `${ESC}?25h`;
const ERASE_BELOW = `${ESC}J`;
/** How Ink 6.8 starts its full redraw (ansi-escapes' clearTerminal), followed by the transcript and the frame. */
const CLEAR_TERMINAL = `${ESC}2J${ESC}3J${ESC}H`;

/** The stream property through which the writer reports each frame's rows (resize-guard.ts). */
export const LIVE_FRAME_SINK: unique symbol = Symbol.for("agent-tui.live-frame-sink") as never;
/** The stream property that is false on a terminal known not to re-wrap lines on resize (resize-guard.ts). */
export const TERMINAL_REFLOWS: unique symbol = Symbol.for("agent-tui.terminal-reflows") as never;

/** The part of a write stream the writer uses. */
export type FrameStream = {
  write(chunk: string): boolean;
  readonly rows?: number;
  readonly columns?: number;
  [LIVE_FRAME_SINK]?: (rows: readonly string[]) => void;
  [TERMINAL_REFLOWS]?: boolean;
  /** A tty's "resize" event; the writer's listener must run before Ink's. */
  prependListener?(event: "resize", listener: () => void): unknown;
};

/** Rows `frame` takes once a terminal re-wraps it at `columns`. */
export function reflowedRows(frame: readonly string[], columns: number): number {
  const width = Math.max(1, columns);
  return frame.reduce((sum, row) => sum + Math.max(1, Math.ceil(textWidth(row) / width)), 0);
}

/** The interface of Ink 6.8's log-update that Ink's instance calls. */
export type InkLog = {
  (str: string): boolean;
  clear(): void;
  done(): void;
  sync(str: string): void;
  setCursorPosition(position: unknown): void;
  isCursorDirty(): boolean;
  willRender(str: string): boolean;
};

export type InlineWriter = {
  log: InkLog;
  /** Ink announces the transcript lines it is about to print (its fullStaticOutput grew). */
  staticComing(staticOutput: string): void;
  /** What Ink writes through: `stream`, except the announced lines, held for the next frame. */
  stream: FrameStream;
};

/** Terminal rows `text` (lines ending in "\n") takes, or undefined when a line may wrap. */
export function printedRows(text: string, columns: number): number | undefined {
  let rows = 0;
  let start = 0;
  for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
    // A character takes two columns at most (escape sequences none), so only a line of more
    // than half the width in code units could wrap; when one does, the frame is drawn whole.
    if (2 * (end - start) > columns && visibleLength(text.slice(start, end)) > columns) return undefined;
    rows++;
    start = end + 1;
  }
  return start === text.length ? rows : undefined;
}

// Escape sequences take no columns; every character from U+1100 on is counted as wide, which
// only overestimates (and then the frame is drawn whole).
const CSI = new RegExp(CSI_SOURCE, "g");
function visibleLength(line: string): number {
  let n = 0;
  for (const ch of line.replace(CSI, "")) n += (ch.codePointAt(0) ?? 0) >= 0x1100 ? 2 : 1;
  return n;
}

const splitRows = (str: string): string[] => {
  const rows = str.split("\n");
  if (str.endsWith("\n")) rows.pop();
  return rows;
};

/** The writer's state and steps; createInlineWriter() shapes it as Ink's log and stream. */
class FrameWriter {
  /** The frame's rows on screen; undefined: none drawn. */
  private rows: string[] | undefined;
  /** The cursor is on the row below the frame (Ink ends frames with a newline), else on its last row. */
  private cursorBelow = true;
  /** False after Ink declared rows drawn that it had erased (sync): redraw every row. */
  private contentKnown = false;
  previousOutput = "";
  private columns: number | undefined;
  private cursorHidden = false;
  /** Transcript lines announced, valid within the current task only. */
  private announced: string | undefined;
  /** clear() found these lines announced: Ink's write of them is held, the frame not yet erased. */
  private clearing: string | undefined;
  /** The held lines, drawn above the next frame. */
  private held: string | undefined;

  /** Ink cleared the terminal and wrote the transcript and frame itself; did that write end in a newline? */
  private redrawEndedInNewline: boolean | undefined;
  /** After Ink's done(): the terminal is no longer this writer's. */
  private finished = false;

  constructor(
    private readonly stream: FrameStream,
    /** Everything Ink printed into the transcript (the bounded copy, ink-static-output.ts). */
    private readonly printed: () => string,
  ) {
    this.columns = stream.columns;
  }

  /**
   * The terminal narrowed. A terminal that re-wraps lines (nearly all do, headless xterm.js and
   * tmux too) has laid each frame row wider than the new width over several rows, and where it
   * put them is its own policy: xterm.js grows into the blank rows below, tmux keeps the
   * cursor's row and pushes the growth into the scrollback, and tmux also moves a screen erased
   * from its top-left corner into the scrollback (scroll-on-clear). So the old frame, or part of
   * it, can be beyond any cursor movement, and erasing its rows (what Ink does next) would leave
   * a re-wrapped copy above the new frame. Clearing the screen and the scrollback and printing
   * the transcript again, as pi does on every resize, leaves the answer on screen once.
   */
  resized(): void {
    const columns = this.stream.columns;
    const old = this.rows;
    if (
      this.finished ||
      old === undefined ||
      columns === undefined ||
      this.columns === undefined ||
      columns >= this.columns
    )
      return;
    if (this.stream[TERMINAL_REFLOWS] === false || old[0]?.includes("\u001b]") === true) return;
    if (reflowedRows(old, columns) <= old.length) return;
    // Lines held for the next frame are already in what Ink printed.
    this.clearing = undefined;
    this.held = undefined;
    this.stream.write(`${ESC}H${ESC}2J${ESC}3J${this.printed()}`);
    this.rows = undefined;
    this.previousOutput = "";
    this.report();
  }

  private report(): void {
    this.stream[LIVE_FRAME_SINK]?.(this.rows ?? []);
  }
  private toFirstRow(drawn: readonly string[]): string {
    return `${up(this.cursorBelow ? drawn.length : drawn.length - 1)}${FIRST_COLUMN}`;
  }

  /** Erase the frame: the cursor ends where its first row was. */
  private erase(): void {
    if (this.rows !== undefined) this.stream.write(`${this.toFirstRow(this.rows)}${ERASE_BELOW}`);
    this.rows = undefined;
    this.previousOutput = "";
    this.report();
  }

  /** Do what clear() and the held write put off, when something else comes first. */
  catchUp(): void {
    if (this.clearing === undefined && this.held === undefined) return;
    this.clearing = undefined;
    const lines = this.held;
    this.held = undefined;
    this.erase();
    if (lines !== undefined) this.stream.write(lines);
  }

  render(str: string): boolean {
    if (this.clearing !== undefined) this.catchUp();
    if (!this.cursorHidden) {
      this.stream.write(HIDE_CURSOR);
      this.cursorHidden = true;
    }
    const printed = this.held;
    this.held = undefined;
    if (str === this.previousOutput && printed === undefined) return false;
    if (this.stream.columns !== this.columns) {
      this.columns = this.stream.columns;
      this.contentKnown = false;
    }
    const frame = splitRows(str);
    const trailing = str.endsWith("\n");
    const old = this.rows;
    // A frame marked on its first row by an OSC is drawn on another screen (the transcript
    // view's tag, transcript-view/screen-switch.ts), which switches on seeing the mark in every
    // write: such frames, and the first frame after one, are erased and written whole.
    const marked = (rows: readonly string[] | undefined): boolean => rows?.[0]?.includes("\u001b]") === true;
    const canDiff =
      old !== undefined && this.contentKnown && this.cursorBelow && trailing && !marked(old) && !marked(frame);
    const diff = canDiff
      ? frameDiff(old, [...(printed === undefined ? [] : splitRows(printed)), ...frame], this.stream.rows ?? 0)
      : undefined;
    if (diff !== undefined) this.stream.write(diff);
    else this.stream.write(`${old === undefined ? "" : `${this.toFirstRow(old)}${ERASE_BELOW}`}${printed ?? ""}${str}`);
    this.rows = frame;
    this.cursorBelow = trailing;
    this.contentKnown = true;
    this.previousOutput = str;
    this.report();
    return true;
  }

  clear(): void {
    this.catchUp();
    const lines = this.announced;
    this.announced = undefined;
    // The lines are drawn with the next frame when they take one row each and the frame's rows are known.
    const known = this.rows !== undefined && this.contentKnown && this.columns !== undefined;
    if (lines !== undefined && known && printedRows(lines, this.columns ?? 0) !== undefined) {
      this.clearing = lines;
      return;
    }
    this.erase();
  }

  done(): void {
    this.finished = true;
    this.catchUp();
    this.rows = undefined;
    this.previousOutput = "";
    if (this.cursorHidden) this.stream.write(SHOW_CURSOR);
    this.cursorHidden = false;
  }

  /** Ink says `str` is on screen (drawn by itself, or erased on purpose): its geometry is known, its content is not. */
  sync(str: string): void {
    this.catchUp();
    this.rows = splitRows(str);
    // After its full redraw Ink says the frame ended in a newline even when it wrote none
    // (a frame as tall as the screen): the cursor is where its own write left it.
    this.cursorBelow = this.redrawEndedInNewline ?? str.endsWith("\n");
    this.redrawEndedInNewline = undefined;
    this.contentKnown = false;
    this.previousOutput = str;
    this.report();
  }

  announce(staticOutput: string): void {
    this.announced = staticOutput;
    queueMicrotask(() => {
      this.announced = undefined;
    });
  }

  /** A write through Ink's stdout: the lines clear() was told of are held for the next frame. */
  write(chunk: unknown, rest: unknown[]): boolean {
    if (typeof chunk === "string" && chunk.startsWith(CLEAR_TERMINAL)) this.redrawEndedInNewline = chunk.endsWith("\n");
    if (this.clearing !== undefined && chunk === this.clearing) {
      this.clearing = undefined;
      this.held = chunk;
      return true;
    }
    this.catchUp();
    return (this.stream.write as (...args: unknown[]) => boolean).call(this.stream, chunk, ...rest);
  }
}

/** `printed`: what Ink printed into the transcript so far, printed again after a resize clears the terminal. */
export function createInlineWriter(stream: FrameStream, printed: () => string = () => ""): InlineWriter {
  const writer = new FrameWriter(stream, printed);
  // Before Ink's own listener, which erases the frame's rows and draws again.
  stream.prependListener?.("resize", () => writer.resized());
  const log = ((str: string): boolean => writer.render(str)) as InkLog;
  log.clear = () => writer.clear();
  log.done = () => writer.done();
  log.sync = (str: string) => writer.sync(str);
  log.setCursorPosition = () => {
    // The cursor stays hidden: agent-tui draws its own (render/editor-lines.ts).
  };
  log.isCursorDirty = () => false;
  log.willRender = (str: string) => str !== writer.previousOutput;
  const holding: FrameStream = new Proxy(stream, {
    get(target, prop, receiver) {
      if (prop === "write") return (chunk: unknown, ...rest: unknown[]) => writer.write(chunk, rest);
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { log, stream: holding, staticComing: (staticOutput) => writer.announce(staticOutput) };
}
