// LF-only JSONL framing (docs/protocol.md §1.3–1.5), shared by the worker and the client.
// Bytes are buffered raw and split at 0x0A only, so UTF-8 sequences cut by a pipe read and
// raw U+2028/U+2029 inside strings are never mistaken for record boundaries.

import { isUtf8 } from "node:buffer";
import { stringifyJson } from "./json-deep.js";

const LF = 0x0a;
const CR = 0x0d;

/** Default cap on one record: docs/protocol.md §1.3 rule 8 recommends 64 MiB. */
export const DEFAULT_MAX_RECORD_BYTES = 64 * 1024 * 1024;

export interface JsonlFramerOptions {
  /** Called once per complete, non-blank record (one trailing CR stripped). */
  onRecord: (line: string) => void;
  /** Called when a record exceeded `maxRecordBytes`; its bytes are discarded up to the next LF. */
  onOversize?: (discardedBytes: number) => void;
  /** Called for a record that is not valid UTF-8 (the record is dropped). */
  onInvalidUtf8?: (byteLength: number) => void;
  maxRecordBytes?: number;
}

export interface JsonlFramer {
  /** Feed a chunk exactly as read from the pipe. */
  push(chunk: Uint8Array | string): void;
  /** End of stream: a non-empty unterminated remainder is processed as a final record. */
  end(): void;
  /** Bytes currently buffered without an LF (for diagnostics). */
  pendingBytes(): number;
}

export function createJsonlFramer(options: JsonlFramerOptions): JsonlFramer {
  return new RecordFramer(options);
}

/** Bytes of a long record gathered before they are decoded into one piece of its text. */
export const PIECE_BYTES = 1024 * 1024;

/**
 * Where the UTF-8 sequence cut by the end of `bytes` starts (bytes.length when none is cut): the
 * bytes from there wait for the rest of their character.
 */
function completeLength(bytes: Buffer): number {
  // A lead byte is at most 3 bytes back from the end; 10xxxxxx bytes continue a sequence.
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue;
    const needs = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needs > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

/**
 * A record longer than PIECE_BYTES (a long session's get_messages answer, ~15 MB) is decoded a
 * piece at a time as its bytes arrive: it used to be held as the chunks' copies, their
 * concatenation and its text at once, three times its size; now it is its pieces of text (each
 * large enough to be allocated outside V8's young generation) and their join, twice.
 */
class RecordFramer implements JsonlFramer {
  private readonly maxBytes: number;
  /** Bytes of the record in progress not decoded yet, across chunks. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  /** Text decoded so far of a long record in progress, cut at character boundaries. */
  private pieces: string[] = [];
  /** Bytes of those pieces (and of a character cut between them and `parts`). */
  private decodedBytes = 0;
  /** A piece was not valid UTF-8: the record's bytes are counted, not kept. */
  private invalid = false;
  /** The last byte kept of the record in progress (a CR before the LF is not part of it). */
  private lastByte = 0;
  /** While discarding an oversize record, bytes are dropped until the next LF. */
  private discarding = false;
  private discarded = 0;

  constructor(private readonly options: JsonlFramerOptions) {
    this.maxBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  }

  push(chunk: Uint8Array | string): void {
    const buf =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    while (start < buf.length) {
      const lf = buf.indexOf(LF, start);
      if (lf === -1) {
        this.keep(buf.subarray(start));
        return;
      }
      this.complete(buf.subarray(start, lf));
      start = lf + 1;
    }
  }

  end(): void {
    if (this.discarding) {
      this.finishDiscard(0);
      return;
    }
    if (this.pendingBytes() > 0) this.finish(Buffer.alloc(0));
  }

  pendingBytes(): number {
    return this.decodedBytes + this.partsLength;
  }

  /** Bytes after the last LF of a chunk: the start of a record that continues in the next one. */
  private keep(rest: Buffer): void {
    if (this.discarding) {
      this.discarded += rest.length;
    } else if (this.pendingBytes() + rest.length > this.maxBytes) {
      this.discarding = true;
      this.discarded = this.pendingBytes() + rest.length;
      this.reset();
    } else {
      // Copy: the caller may reuse its chunk buffer.
      this.parts.push(Buffer.from(rest));
      this.partsLength += rest.length;
      this.lastByte = rest[rest.length - 1] as number;
      if (this.partsLength >= PIECE_BYTES) this.decodePiece();
    }
  }

  /** Decodes the gathered bytes up to their last whole character into the next piece of text. */
  private decodePiece(): void {
    const bytes = Buffer.concat(this.parts, this.partsLength);
    const whole = completeLength(bytes);
    if (!this.invalid && isUtf8(bytes.subarray(0, whole))) {
      this.pieces.push(bytes.toString("utf8", 0, whole));
    } else {
      this.invalid = true;
      this.pieces = [];
    }
    this.decodedBytes += whole;
    this.parts = whole < bytes.length ? [Buffer.from(bytes.subarray(whole))] : [];
    this.partsLength = bytes.length - whole;
  }

  /** The bytes before an LF: the end of the record in progress. */
  private complete(piece: Buffer): void {
    if (this.discarding) {
      this.finishDiscard(piece.length);
    } else if (this.pendingBytes() + piece.length > this.maxBytes) {
      const total = this.pendingBytes() + piece.length;
      this.reset();
      this.options.onOversize?.(total);
    } else {
      this.finish(piece);
    }
  }

  /** The last bytes of a record (all of it when it fits in one chunk). */
  private finish(tail: Buffer): void {
    if (this.pendingBytes() === 0 && !this.invalid) {
      this.emit(tail);
      return;
    }
    const bytes = Buffer.concat([...this.parts, tail], this.partsLength + tail.length);
    const { pieces, invalid } = this;
    const total = this.decodedBytes + bytes.length;
    // One trailing CR is stripped: the last byte, in the bytes left or else ending the last piece.
    const endsInCr = bytes.length > 0 ? bytes[bytes.length - 1] === CR : this.lastByte === CR;
    this.reset();
    const end = endsInCr && bytes.length > 0 ? bytes.length - 1 : bytes.length;
    if (invalid || !isUtf8(bytes.subarray(0, end))) {
      this.options.onInvalidUtf8?.(endsInCr ? total - 1 : total);
      return;
    }
    pieces.push(bytes.toString("utf8", 0, end));
    const text = pieces.join("");
    pieces.length = 0;
    this.record(endsInCr && bytes.length === 0 ? text.slice(0, -1) : text);
  }

  /** A record all in one chunk (nearly every frame). */
  private emit(bytes: Buffer): void {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    if (end === 0) return;
    // isUtf8 + toString is several times faster than a fatal TextDecoder on large streams.
    if (!isUtf8(bytes.subarray(0, end))) {
      this.options.onInvalidUtf8?.(end);
      return;
    }
    this.record(bytes.toString("utf8", 0, end));
  }

  private record(text: string): void {
    if (text.trim().length === 0) return;
    this.options.onRecord(text);
  }

  private reset(): void {
    this.parts = [];
    this.partsLength = 0;
    this.pieces = [];
    this.decodedBytes = 0;
    this.invalid = false;
    this.lastByte = 0;
  }

  private finishDiscard(extra: number): void {
    this.discarded += extra;
    this.options.onOversize?.(this.discarded);
    this.discarding = false;
    this.discarded = 0;
  }
}

/**
 * Serialise one frame as a JSONL record. U+2028/U+2029 are escaped (valid JSON that protects
 * naive line readers, docs/protocol.md §1.3 rule 4); JSON.stringify already escapes LF inside strings. Any
 * depth serialises (json-deep.ts): a deep tool result or session tree never crashes a writer.
 */
export function serializeFrame(frame: unknown): string {
  const json = stringifyJson(frame);
  if (json === undefined) throw new TypeError("Frame is not serialisable as JSON");
  return escapeLineSeparators(json) + "\n";
}

function escapeLineSeparators(json: string): string {
  if (!json.includes("\u2028") && !json.includes("\u2029")) return json;
  return json.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
