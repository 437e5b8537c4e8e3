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

class RecordFramer implements JsonlFramer {
  private readonly maxBytes: number;
  /** Bytes of the record in progress, across chunks. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  /** While discarding an oversize record, bytes are dropped until the next LF. */
  private discarding = false;
  private discarded = 0;

  constructor(private readonly options: JsonlFramerOptions) {
    this.maxBytes = options.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  }

  push(chunk: Uint8Array | string): void {
    const buf = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
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
    if (this.partsLength > 0) this.emit(this.takeBuffered(Buffer.alloc(0)));
  }

  pendingBytes(): number {
    return this.partsLength;
  }

  /** Bytes after the last LF of a chunk: the start of a record that continues in the next one. */
  private keep(rest: Buffer): void {
    if (this.discarding) {
      this.discarded += rest.length;
    } else if (this.partsLength + rest.length > this.maxBytes) {
      this.discarding = true;
      this.discarded = this.partsLength + rest.length;
      this.parts = [];
      this.partsLength = 0;
    } else {
      // Copy: the caller may reuse its chunk buffer.
      this.parts.push(Buffer.from(rest));
      this.partsLength += rest.length;
    }
  }

  /** The bytes before an LF: the end of the record in progress. */
  private complete(piece: Buffer): void {
    if (this.discarding) {
      this.finishDiscard(piece.length);
    } else if (this.partsLength + piece.length > this.maxBytes) {
      const total = this.partsLength + piece.length;
      this.parts = [];
      this.partsLength = 0;
      this.options.onOversize?.(total);
    } else {
      this.emit(this.takeBuffered(piece));
    }
  }

  private emit(bytes: Buffer): void {
    let end = bytes.length;
    if (end > 0 && bytes[end - 1] === CR) end -= 1;
    if (end === 0) return;
    // isUtf8 + toString is several times faster than a fatal TextDecoder on large streams.
    if (!isUtf8(bytes.subarray(0, end))) {
      this.options.onInvalidUtf8?.(end);
      return;
    }
    const text = bytes.toString("utf8", 0, end);
    if (text.trim().length === 0) return;
    this.options.onRecord(text);
  }

  private takeBuffered(tail: Buffer): Buffer {
    if (this.partsLength === 0) return tail;
    const whole = Buffer.concat([...this.parts, tail], this.partsLength + tail.length);
    this.parts = [];
    this.partsLength = 0;
    return whole;
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
