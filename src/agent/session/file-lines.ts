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

/** What was read, once the lines are consumed: the file's size and whether it ends with LF. */
export type FileEnd = { bytes: number; endsWithNewline: boolean };

/** Small enough that a chunk's text stays out of V8's large-object space (fresh pages each time). */
const CHUNK_BYTES = 64 * 1024;
const LF = 0x0a;
const CR = 0x0d;
const BLANK = /^[\t\n\v\f\r ]*$/;

function startsWithBom(buffer: Buffer, length: number): boolean {
  return length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
}

/** A line of bytes (LF and one trailing CR excluded), decoded when it is valid UTF-8. */
function byteLine(buffer: Buffer, start: number, end: number, torn: boolean): FileLine {
  const stop = end > start && buffer[end - 1] === CR ? end - 1 : end;
  const bytes = buffer.subarray(start, stop);
  if (isUtf8(bytes)) {
    const text = bytes.toString("utf8");
    return { text, blank: BLANK.test(text), torn, bytes: torn ? bytes.length : 0 };
  }
  return { text: undefined, blank: bytes.toString("latin1").trim() === "", torn, bytes: torn ? bytes.length : 0 };
}

/**
 * The complete lines of `buffer[start, end)` (which ends just after an LF). A valid UTF-8 run
 * (the usual case) is decoded once and cut as a string; decoding each line on its own cost a
 * 10,000-message session a fifth of its load time. LF never occurs inside a UTF-8 sequence, so
 * the run is valid exactly when each of its lines is.
 */
function* completeLines(buffer: Buffer, start: number, end: number): Generator<FileLine> {
  const run = buffer.subarray(start, end);
  // isAscii is a fraction of isUtf8's cost, and most runs of a session file are ASCII.
  if (!isAscii(run) && !isUtf8(run)) {
    for (let offset = start; offset < end; ) {
      const lf = buffer.indexOf(LF, offset);
      yield byteLine(buffer, offset, lf, false);
      offset = lf + 1;
    }
    return;
  }
  const text = buffer.toString("utf8", start, end);
  for (let offset = 0; offset < text.length; ) {
    const lf = text.indexOf("\n", offset);
    const line = lf > offset && text.charCodeAt(lf - 1) === CR ? text.slice(offset, lf - 1) : text.slice(offset, lf);
    offset = lf + 1;
    yield { text: line, blank: BLANK.test(line), torn: false, bytes: 0 };
  }
}

/**
 * The lines of the file open at `fd`, split at LF only, after a UTF-8 BOM if there is one; the
 * last line without an LF is `torn`. `end` is filled in when the lines are consumed.
 */
export function* fileLines(fd: number, end: FileEnd): Generator<FileLine> {
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
      yield* completeLines(buffer, start, lastLf + 1);
      start = lastLf + 1;
    }
    if (read === 0) {
      if (filled > start) yield byteLine(buffer, start, filled, true);
      return;
    }
    held = filled - start;
    buffer.copyWithin(0, start, filled);
  }
}
