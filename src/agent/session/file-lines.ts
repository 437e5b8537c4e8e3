// The lines of a session file, read in chunks through one reused buffer. Holding the whole file
// as a Buffer and again as a string touched twice its size in fresh memory, and on these
// machines a first-touched page costs more than the decoding (bench/worker-open.mjs profile).
import { readSync } from "node:fs";
import { isAscii, isUtf8 } from "node:buffer";

export type FileLine = {
  /** The line without its LF and one trailing CR; undefined when it is not valid UTF-8. */
  text: string | undefined;
  /** Only spaces and control whitespace (skipped when it does not parse). */
  blank: boolean;
  /** The last line, without an LF (a write cut short). */
  torn: boolean;
  /** A torn line's length in bytes (0 for the others). */
  bytes: number;
};

/** What was read: the file's size and whether it ends with LF. */
export type FileEnd = { bytes: number; endsWithNewline: boolean };

/** Small enough that a chunk's text stays out of V8's large-object space (fresh pages each time). */
const CHUNK_BYTES = 64 * 1024;
const LF = 0x0a;
const CR = 0x0d;
const BLANK = /^[\t\n\v\f\r ]*$/;

function startsWithBom(buffer: Buffer, length: number): boolean {
  return length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

/** The line being reported: one object, refilled for each line (no allocation per line). */
type LineSink = { line: FileLine; onLine: (line: Readonly<FileLine>) => boolean };

function report(sink: LineSink, text: string | undefined, blank: boolean, torn: boolean, bytes: number): boolean {
  const line = sink.line;
  line.text = text;
  line.blank = blank;
  line.torn = torn;
  line.bytes = bytes;
  return sink.onLine(line);
}

/** A line of bytes (LF and one trailing CR excluded), decoded when it is valid UTF-8. */
function byteLine(sink: LineSink, buffer: Buffer, start: number, end: number, torn: boolean): boolean {
  const stop = end > start && buffer[end - 1] === CR ? end - 1 : end;
  const bytes = buffer.subarray(start, stop);
  const size = torn ? bytes.length : 0;
  if (isUtf8(bytes)) {
    const text = bytes.toString("utf8");
    return report(sink, text, BLANK.test(text), torn, size);
  }
  return report(sink, undefined, bytes.toString("latin1").trim() === "", torn, size);
}

/**
 * The complete lines of `buffer[start, end)` (which ends just after an LF). A valid UTF-8 run
 * (the usual case) is decoded once and cut as a string; decoding each line on its own cost a
 * 10,000-message session a fifth of its load time. LF never occurs inside a UTF-8 sequence, so
 * the run is valid exactly when each of its lines is. False when the sink asked to stop.
 */
function completeLines(sink: LineSink, buffer: Buffer, start: number, end: number): boolean {
  const run = buffer.subarray(start, end);
  // isAscii is a fraction of isUtf8's cost, and most runs of a session file are ASCII.
  if (!isAscii(run) && !isUtf8(run)) {
    for (let offset = start; offset < end; ) {
      const lf = buffer.indexOf(LF, offset);
      if (!byteLine(sink, buffer, offset, lf, false)) return false;
      offset = lf + 1;
    }
    return true;
  }
  const text = buffer.toString("utf8", start, end);
  for (let offset = 0; offset < text.length; ) {
    const lf = text.indexOf("\n", offset);
    const line = lf > offset && text.charCodeAt(lf - 1) === CR ? text.slice(offset, lf - 1) : text.slice(offset, lf);
    offset = lf + 1;
    if (!report(sink, line, BLANK.test(line), false, 0)) return false;
  }
  return true;
}

/**
 * Calls `onLine` with each line of the file open at `fd`, split at LF only, after a UTF-8 BOM if
 * there is one; the last line without an LF is `torn`. The line object is reused: read it before
 * returning, and return false to stop reading. Returns what was read.
 */
export function readFileLines(fd: number, onLine: (line: Readonly<FileLine>) => boolean): FileEnd {
  const sink: LineSink = { line: { text: undefined, blank: false, torn: false, bytes: 0 }, onLine };
  const end: FileEnd = { bytes: 0, endsWithNewline: false };
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let held = 0;
  let first = true;
  for (;;) {
    if (held === buffer.length) {
      // A line longer than the buffer: grow it until the line fits.
      const larger = Buffer.allocUnsafe(buffer.length * 2);
      buffer.copy(larger, 0, 0, held);
      buffer = larger;
    }
    const read = readSync(fd, buffer, held, buffer.length - held, null);
    const filled = held + read;
    end.bytes += read;
    if (read > 0) end.endsWithNewline = buffer[filled - 1] === LF;
    let start = 0;
    if (first && filled < 3 && read > 0) {
      // Not enough to tell a BOM yet.
      held = filled;
      continue;
    }
    if (first) {
      first = false;
      if (startsWithBom(buffer, filled)) start = 3;
    }
    // (A negative offset would count from the buffer's end, past what was read.)
    const lastLf = filled > 0 ? buffer.lastIndexOf(LF, filled - 1) : -1;
    if (lastLf >= start) {
      if (!completeLines(sink, buffer, start, lastLf + 1)) return end;
      start = lastLf + 1;
    }
    if (read === 0) {
      if (filled > start) byteLine(sink, buffer, start, filled, true);
      return end;
    }
    held = filled - start;
    buffer.copyWithin(0, start, filled);
  }
}
