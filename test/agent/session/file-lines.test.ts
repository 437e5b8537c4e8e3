// A session file is read in chunks (src/agent/session/file-lines.ts): whatever falls on a chunk
// boundary (a multi-byte character, a CR before its LF, a line longer than the buffer, an
// invalid UTF-8 line, a torn tail) reads exactly as splitting the whole file at LF does.
import { closeSync, openSync, writeFileSync } from "node:fs";
import { isUtf8 } from "node:buffer";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readFileLines, type FileEnd, type FileLine } from "../../../src/agent/session/file-lines.js";
import { makeTempDir } from "./helpers.js";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The whole file split at LF, one trailing CR dropped, each line decoded when valid UTF-8. */
function expectedLines(file: Buffer): FileLine[] {
  const start = file.subarray(0, 3).equals(BOM) ? 3 : 0;
  const lines: FileLine[] = [];
  for (let offset = start; offset < file.length; ) {
    const lf = file.indexOf(0x0a, offset);
    const end = lf === -1 ? file.length : lf;
    let bytes = file.subarray(offset, end);
    offset = end + 1;
    if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
    const text = isUtf8(bytes) ? bytes.toString("utf8") : undefined;
    const blank = text === undefined ? bytes.toString("latin1").trim() === "" : /^[\t\n\v\f\r ]*$/.test(text);
    lines.push({ text, blank, torn: lf === -1, bytes: lf === -1 ? bytes.length : 0 });
  }
  return lines;
}

/** Every line `readFileLines` reports for a file holding `content`, and what it says was read. */
function readBack(content: Buffer): { lines: FileLine[]; end: FileEnd } {
  const path = join(makeTempDir("file-lines-"), "s.jsonl");
  writeFileSync(path, content);
  const fd = openSync(path, "r");
  try {
    const lines: FileLine[] = [];
    const end = readFileLines(fd, (line) => {
      lines.push({ ...line });
      return true;
    });
    return { lines, end };
  } finally {
    closeSync(fd);
  }
}

function expectSameAsWholeFile(content: Buffer): void {
  const { lines, end } = readBack(content);
  expect(lines).toEqual(expectedLines(content));
  expect(end).toEqual({
    bytes: content.length,
    endsWithNewline: content.length > 0 && content[content.length - 1] === 0x0a,
  });
}

/** Lines of every kind, long enough together to span many chunks, each placed at shifting offsets. */
function mixedLines(count: number): Buffer[] {
  const kinds = [
    (n: number) => Buffer.from(`{"n":${n},"text":"${"ascii ".repeat(n % 97)}"}\n`),
    (n: number) => Buffer.from(`{"n":${n},"text":"é — ✓ 🙂 ${"ü".repeat(n % 53)}"}\r\n`),
    () => Buffer.from("   \t\n"),
    (n: number) =>
      Buffer.concat([Buffer.from(`{"n":${n},"bad":"`), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}\n')]),
    (n: number) => Buffer.from(`{"n":${n},"text":"${"x".repeat(1000 + (n % 7) * 331)}"}\n`),
  ];
  return Array.from({ length: count }, (_, n) => (kinds[n % kinds.length] as (n: number) => Buffer)(n));
}

describe("reading a session file in chunks", () => {
  it("reads lines across chunk boundaries as the whole file split at LF", () => {
    expectSameAsWholeFile(Buffer.concat(mixedLines(600)));
  });

  it("joins a CR and its LF, and a character's bytes, that fall on either side of a read", () => {
    const READ = 64 * 1024;
    // A first line whose CR is the read's last byte, then one whose "é" straddles the next read's end.
    const first = Buffer.from(`{"pad":"${"a".repeat(READ - 11)}"}\r\n`);
    expect(first.indexOf(0x0d)).toBe(READ - 1);
    const secondStart = first.length;
    const before = 2 * READ - secondStart - 1 - 9;
    const second = Buffer.from(`{"text":"${"b".repeat(before)}é"}\n`);
    expect(second.indexOf(Buffer.from("é")) + secondStart).toBe(2 * READ - 1);
    expectSameAsWholeFile(Buffer.concat([first, second, Buffer.from("{}\r\n")]));
    expect(readBack(Buffer.concat([first, second])).lines.map((line) => line.text?.slice(-4))).toEqual([
      'aa"}',
      'bé"}',
    ]);
  });

  it("reads a line longer than the read buffer whole", () => {
    const long = Buffer.from(`{"text":"${"ü".repeat(150_000)}"}\n`);
    expectSameAsWholeFile(Buffer.concat([Buffer.from('{"type":"session"}\n'), long, Buffer.from("{}\n")]));
  });

  it("keeps a torn last line, a multi-byte character cut short included, and its size", () => {
    const torn = Buffer.from('{"text":"caf\xc3', "latin1");
    const content = Buffer.concat([...mixedLines(200), torn]);
    const { lines } = readBack(content);
    expect(lines.at(-1)).toEqual({ text: undefined, blank: false, torn: true, bytes: torn.length });
    expectSameAsWholeFile(content);
  });

  it("skips a UTF-8 BOM, also before a file's only bytes", () => {
    expectSameAsWholeFile(Buffer.concat([BOM, ...mixedLines(50)]));
    expectSameAsWholeFile(BOM);
    expectSameAsWholeFile(Buffer.from("{"));
    expectSameAsWholeFile(Buffer.from("\r\n"));
  });

  it("stops reading when asked to", () => {
    const path = join(makeTempDir("file-lines-"), "s.jsonl");
    writeFileSync(path, Buffer.concat(mixedLines(300)));
    const fd = openSync(path, "r");
    const seen: string[] = [];
    try {
      readFileLines(fd, (line) => {
        seen.push(line.text ?? "");
        return seen.length < 3;
      });
    } finally {
      closeSync(fd);
    }
    expect(seen).toHaveLength(3);
  });

  it("reads nothing from an empty file", () => {
    expect(readBack(Buffer.alloc(0))).toEqual({ lines: [], end: { bytes: 0, endsWithNewline: false } });
  });
});
