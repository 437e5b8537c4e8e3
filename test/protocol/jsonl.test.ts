// Tests of the LF-only JSONL framer and writer against docs/protocol.md §1.3–1.5, plus every
// recorded pi 0.73.1 trace re-chunked at seeded random byte boundaries.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createJsonlFramer, PIECE_BYTES, serializeFrame, type JsonlFramerOptions } from "../../src/protocol/jsonl.js";

interface Collected {
  records: string[];
  oversize: number[];
  invalid: number[];
}

function collect(options: Partial<JsonlFramerOptions> = {}) {
  const out: Collected = { records: [], oversize: [], invalid: [] };
  const framer = createJsonlFramer({
    onRecord: (line) => out.records.push(line),
    onOversize: (n) => out.oversize.push(n),
    onInvalidUtf8: (n) => out.invalid.push(n),
    ...options,
  });
  return { framer, out };
}

const bytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "utf8"));

/** Push `data` in pieces cut at the given byte offsets. */
function pushCut(framer: { push(c: Uint8Array): void }, data: Uint8Array, cuts: number[]): void {
  let start = 0;
  for (const cut of [...cuts, data.length]) {
    framer.push(data.slice(start, cut));
    start = cut;
  }
}

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("JSONL framer: splitting", () => {
  it("splits on LF only: CR, VT, FF, NEL inside a record are kept", () => {
    const { framer, out } = collect();
    framer.push('{"a":"x\ry"}\n{"b":"\u000b\u000c\u0085"}\n');
    expect(out.records).toEqual(['{"a":"x\ry"}', '{"b":"\u000b\u000c\u0085"}']);
  });

  it("never splits on raw U+2028 / U+2029", () => {
    const { framer, out } = collect();
    const record = '{"text":"line\u2028sep\u2029para"}';
    framer.push(bytes(record + "\n"));
    expect(out.records).toEqual([record]);
    expect(JSON.parse(out.records[0] ?? "")).toEqual({ text: "line\u2028sep\u2029para" });
  });

  it("strips exactly one trailing CR", () => {
    const { framer, out } = collect();
    framer.push('{"a":1}\r\n{"b":2}\r\r\n{"c":3}\n');
    expect(out.records).toEqual(['{"a":1}', '{"b":2}\r', '{"c":3}']);
  });

  it("handles several records in one chunk", () => {
    const { framer, out } = collect();
    framer.push('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4');
    expect(out.records).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    framer.push("}\n");
    expect(out.records).toHaveLength(4);
    expect(out.records[3]).toBe('{"n":4}');
  });

  it("reassembles one record pushed one byte at a time", () => {
    const { framer, out } = collect();
    const record = '{"type":"message_update","delta":"héllo wörld €𝄞"}';
    const data = bytes(record + "\n");
    for (let i = 0; i < data.length; i += 1) framer.push(data.slice(i, i + 1));
    expect(out.records).toEqual([record]);
    expect(framer.pendingBytes()).toBe(0);
  });

  it("keeps UTF-8 sequences cut across chunks intact at every cut point", () => {
    const record = '{"s":"a€b𝄞c\u2028d"}';
    const data = bytes(record + "\n");
    for (let cut = 1; cut < data.length; cut += 1) {
      const { framer, out } = collect();
      pushCut(framer, data, [cut]);
      expect(out.records, `cut at ${cut}`).toEqual([record]);
      expect(out.invalid).toEqual([]);
    }
  });

  it("treats a record cut right before its LF, and a CR cut from its LF, correctly", () => {
    const { framer, out } = collect();
    framer.push('{"a":1}\r');
    expect(out.records).toEqual([]);
    framer.push("\n");
    expect(out.records).toEqual(['{"a":1}']);
  });

  it("does not keep a reference to the caller's chunk buffer", () => {
    const { framer, out } = collect();
    const chunk = bytes('{"abc":1');
    framer.push(chunk);
    chunk.fill(0x20);
    framer.push("}\n");
    expect(out.records).toEqual(['{"abc":1}']);
  });

  it("skips empty and whitespace-only records", () => {
    const { framer, out } = collect();
    framer.push('\n   \n\r\n\t \r\n{"a":1}\n\n');
    expect(out.records).toEqual(['{"a":1}']);
  });
});

describe("JSONL framer: end of stream", () => {
  it("processes a final unterminated record at end()", () => {
    const { framer, out } = collect();
    framer.push('{"a":1}\n{"b":2}');
    expect(out.records).toEqual(['{"a":1}']);
    framer.end();
    expect(out.records).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("strips one CR from the final record and ignores a blank remainder", () => {
    const { framer, out } = collect();
    framer.push('{"a":1}\r');
    framer.end();
    expect(out.records).toEqual(['{"a":1}']);
    const second = collect();
    second.framer.push('{"a":1}\n  ');
    second.framer.end();
    expect(second.out.records).toEqual(['{"a":1}']);
  });

  it("emits nothing at end() when the stream ended on an LF", () => {
    const { framer, out } = collect();
    framer.push('{"a":1}\n');
    framer.end();
    expect(out.records).toEqual(['{"a":1}']);
  });
});

describe("JSONL framer: size cap", () => {
  it("accepts a record of exactly the cap", () => {
    const { framer, out } = collect({ maxRecordBytes: 10 });
    framer.push("0123456789\n");
    expect(out.records).toEqual(["0123456789"]);
    expect(out.oversize).toEqual([]);
  });

  it("discards an oversize record in one chunk, reports its size, keeps later records", () => {
    const { framer, out } = collect({ maxRecordBytes: 10 });
    framer.push('{"a":1}\n' + "x".repeat(25) + '\n{"b":2}\n');
    expect(out.records).toEqual(['{"a":1}', '{"b":2}']);
    expect(out.oversize).toEqual([25]);
  });

  it("discards an oversize record spanning many chunks up to the next LF", () => {
    const { framer, out } = collect({ maxRecordBytes: 16 });
    framer.push('{"a":1}\n{"big":"');
    for (let i = 0; i < 10; i += 1) framer.push("y".repeat(7));
    expect(out.oversize).toEqual([]);
    // Memory is released while discarding.
    expect(framer.pendingBytes()).toBe(0);
    framer.push('"}\n{"b":2}\n');
    expect(out.oversize).toEqual([8 + 70 + 2]);
    expect(out.records).toEqual(['{"a":1}', '{"b":2}']);
  });

  it("reports an oversize remainder at end() and recovers for the next record in the same chunk", () => {
    const { framer, out } = collect({ maxRecordBytes: 4 });
    framer.push("abcdefgh");
    framer.push("ij\nok\nlong-again");
    expect(out.records).toEqual(["ok"]);
    expect(out.oversize).toEqual([10]);
    framer.end();
    expect(out.oversize).toEqual([10, 10]);
  });
});

describe("JSONL framer: invalid UTF-8", () => {
  it("reports an invalid record and continues with the next one", () => {
    const { framer, out } = collect();
    const bad = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]);
    framer.push(bad);
    framer.push('{"ok":true}\n');
    expect(out.invalid).toEqual([4]);
    expect(out.records).toEqual(['{"ok":true}']);
  });

  it("reports a truncated multi-byte sequence at end of stream", () => {
    const { framer, out } = collect();
    framer.push(new Uint8Array([0x22, 0xe2, 0x82]));
    framer.end();
    expect(out.invalid).toEqual([3]);
    expect(out.records).toEqual([]);
  });
});

describe("JSONL framer: records longer than a piece", () => {
  /** A JSON record of about `bytes` bytes, with 2-, 3- and 4-byte characters throughout. */
  const longRecord = (bytes: number): string => `{"text":"${"abc é € 𝄞 ".repeat(Math.ceil(bytes / 16))}"}`;

  it("decodes them whole at every cut: characters across chunks and pieces, the CR before the LF", () => {
    const record = longRecord(3.5 * PIECE_BYTES);
    const data = bytes(`${record}\r\n{"next":1}\n`);
    const crAt = Buffer.byteLength(record);
    // 64 KiB chunks (a pipe's reads), odd ones that cut characters, and one that ends on the CR
    // right after a piece's worth of bytes, so the CR is decoded into a piece before the LF comes.
    for (const cuts of [
      Array.from({ length: Math.floor(data.length / 65536) }, (_, i) => (i + 1) * 65536),
      Array.from({ length: Math.floor(data.length / 99991) }, (_, i) => (i + 1) * 99991),
      [crAt + 1 - PIECE_BYTES, crAt + 1],
    ]) {
      const { framer, out } = collect();
      pushCut(framer, data, cuts);
      expect(out.invalid).toEqual([]);
      expect(out.records).toHaveLength(2);
      expect(out.records[0] === record, `cuts ${cuts.slice(0, 3).join(",")}`).toBe(true);
      expect(out.records[1]).toBe('{"next":1}');
      expect(framer.pendingBytes()).toBe(0);
    }
  });

  it("reports one that is not valid UTF-8 with its size and continues with the next record", () => {
    const head = bytes('{"text":"');
    const bad = new Uint8Array(2 * PIECE_BYTES).fill(0x61);
    bad[10] = 0xff;
    const { framer, out } = collect();
    pushCut(framer, new Uint8Array([...head, ...bad, ...bytes('"}\r\n{"ok":true}\n')]), [
      65536,
      PIECE_BYTES + 3,
      2 * PIECE_BYTES,
    ]);
    expect(out.invalid).toEqual([head.length + bad.length + 2]);
    expect(out.records).toEqual(['{"ok":true}']);
  });

  it("holds what has arrived of one as decoded text, not as copies of its chunks", () => {
    setFlagsFromString("--expose-gc");
    // Freed ArrayBuffers are otherwise released by a background sweeper that a busy machine delays,
    // so the count read after gc() would still hold chunks already let go.
    setFlagsFromString("--no-concurrent-array-buffer-sweeping");
    const gc = runInNewContext("gc") as () => void;
    const arrayBuffers = (): number => {
      gc();
      return process.memoryUsage().arrayBuffers;
    };
    const { framer, out } = collect();
    const chunk = new Uint8Array(65536).fill(0x61);
    framer.push('{"text":"');
    const before = arrayBuffers();
    for (let i = 0; i < 128; i += 1) framer.push(chunk);
    // 8 MiB pushed; at most a piece's worth waits as bytes (copies of every chunk, before).
    expect(arrayBuffers() - before).toBeLessThan(2 * 1024 * 1024);
    framer.push('"}\n');
    expect(out.records[0]?.length).toBe(128 * 65536 + 11);
  });
});

describe("serializeFrame", () => {
  it("writes one LF-terminated line with U+2028/U+2029 escaped", () => {
    const frame = { type: "message_update", text: "a\u2028b\u2029c\nd\re" };
    const line = serializeFrame(frame);
    expect(line.endsWith("\n")).toBe(true);
    expect(line.slice(0, -1)).not.toMatch(/[\n\r\u2028\u2029]/);
    expect(line).toContain("\\u2028");
    expect(line).toContain("\\u2029");
    expect(JSON.parse(line)).toEqual(frame);
  });

  it("round-trips through the framer", () => {
    const frames = [
      { type: "a", s: "\u2028" },
      { type: "b", s: "€𝄞\u2029" },
      { type: "c", n: 1 },
    ];
    const { framer, out } = collect();
    const data = bytes(frames.map(serializeFrame).join(""));
    pushCut(framer, data, [3, 9, 17, 18]);
    expect(out.records.map((r) => JSON.parse(r) as unknown)).toEqual(frames);
  });

  it("refuses values JSON cannot represent", () => {
    expect(() => serializeFrame(undefined)).toThrow(TypeError);
  });
});

const TRACE_DIR = resolve(import.meta.dirname, "..", "fixtures", "traces", "pi-0.73.1");
const traceFiles = readdirSync(TRACE_DIR).filter(
  (name) => name.endsWith(".jsonl") && !name.endsWith(".timeline.jsonl"),
);

/** Reference framing: split the whole byte buffer at LF, strip one CR, skip blank records. */
function simpleSplit(data: Buffer): string[] {
  const records: string[] = [];
  let start = 0;
  for (;;) {
    const lf = data.indexOf(0x0a, start);
    let piece = lf === -1 ? data.subarray(start) : data.subarray(start, lf);
    if (piece.length > 0 && piece[piece.length - 1] === 0x0d) piece = piece.subarray(0, piece.length - 1);
    const text = piece.toString("utf8");
    if (text.trim() !== "") records.push(text);
    if (lf === -1) return records;
    start = lf + 1;
  }
}

describe("JSONL framer on recorded pi 0.73.1 traces", () => {
  it("finds the trace files", () => {
    expect(traceFiles.length).toBeGreaterThanOrEqual(10);
  });

  it.each(traceFiles)("%s re-chunked at random byte boundaries matches a simple split", (name) => {
    const data = readFileSync(join(TRACE_DIR, name));
    const expected = simpleSplit(data);
    expect(expected.length).toBeGreaterThan(0);
    for (let seed = 1; seed <= 5; seed += 1) {
      const random = seededRandom(seed * 7919 + name.length);
      const cuts: number[] = [];
      let at = 0;
      while (at < data.length) {
        // Mostly small chunks so cuts land inside multi-byte sequences and CR/LF pairs.
        at += 1 + Math.floor(random() * (random() < 0.8 ? 12 : 4096));
        if (at < data.length) cuts.push(at);
      }
      const { framer, out } = collect();
      pushCut(framer, new Uint8Array(data), cuts);
      framer.end();
      expect(out.invalid).toEqual([]);
      expect(out.oversize).toEqual([]);
      expect(out.records, `seed ${seed}`).toEqual(expected);
    }
  });

  it("keeps the raw U+2028 records of j_protocol_edges whole", () => {
    const data = readFileSync(join(TRACE_DIR, "j_protocol_edges.jsonl"));
    const { framer, out } = collect();
    framer.push(new Uint8Array(data));
    framer.end();
    const withSeparators = out.records.filter((r) => r.includes("\u2028") || r.includes("\u2029"));
    expect(withSeparators.length).toBeGreaterThan(0);
    for (const record of out.records) expect(() => JSON.parse(record) as unknown).not.toThrow();
  });
});
