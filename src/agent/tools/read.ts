// The `read` tool: text files by line window (1-based offset, limit) with head truncation
// and a notice saying how to continue; png/jpeg/gif/webp as image content; other binary
// files described instead of dumped.

import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { ImageContent, TextContent } from "@mariozechner/pi-ai";
import { Type } from "typebox";
import { errorCode, resolveToCwd } from "./path-utils.js";
import { DEFAULT_MAX_BYTES, DEFAULT_MAX_LINES, formatSize, truncateHead, type TruncationResult } from "./truncate.js";

const readSchema = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

export interface ReadToolDetails {
  truncation?: TruncationResult;
}

/** Images above this are not inlined: providers reject them (Anthropic caps inline images near 5 MB). */
const MAX_INLINE_IMAGE_BYTES = 5 * 1024 * 1024;
const SNIFF_BYTES = 8192;
/** Above this, text files are streamed instead of loaded whole. */
const LARGE_FILE_BYTES = 8 * 1024 * 1024;

/** The image type from the file's first bytes, not its name (screenshots are often misnamed). */
export function detectImageMimeType(head: Uint8Array): string | undefined {
  const startsWith = (...bytes: number[]): boolean => bytes.every((b, i) => head[i] === b);
  if (startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (startsWith(0xff, 0xd8, 0xff)) return "image/jpeg";
  const ascii = Buffer.from(head.subarray(0, 12)).toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

/** The encoding named by a UTF-16 byte order mark. */
function detectUtf16(head: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  return undefined;
}

/** NUL bytes do not occur in text files; git and grep use the same test. */
function looksBinary(head: Uint8Array): boolean {
  return head.includes(0);
}

async function readHead(absolutePath: string): Promise<Uint8Array> {
  const handle = await open(absolutePath, "r");
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function describeError(path: string, error: unknown): Error {
  const code = errorCode(error);
  if (code === "ENOENT") return new Error(`File not found: ${path}`);
  if (code === "EACCES" || code === "EPERM") return new Error(`Permission denied: ${path}`);
  return error instanceof Error ? error : new Error(String(error));
}

/** The lines a read shows: `window` starts at line `start` (0-based); the selection ends before `end`. */
export interface LineWindow {
  window: string[];
  totalLines: number;
  start: number;
  end: number;
  /** UTF-8 size of the whole selection when `window` holds only its beginning. */
  selectedBytes?: number;
}

/** Enough of a selection for truncateHead to decide exactly as it would on all of it. */
const WINDOW_MAX_LINES = DEFAULT_MAX_LINES + 1;

/** Picks the window from a file already split into lines. */
export function windowFromLines(lines: string[], offset: number | undefined, limit: number | undefined): LineWindow {
  const start = offset !== undefined && offset > 0 ? Math.floor(offset) - 1 : 0;
  if (start >= lines.length) throw new Error(`Offset ${offset} is beyond end of file (${lines.length} lines total)`);
  const end = limit !== undefined ? Math.min(start + Math.floor(limit), lines.length) : lines.length;
  return { window: lines.slice(start, end), totalLines: lines.length, start, end };
}

/** The window's text plus the notice the model needs to read on. */
export function formatTextWindow(w: LineWindow, path: string): { text: string; details: ReadToolDetails | undefined } {
  const measured = truncateHead(w.window.join("\n"), { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES });
  // A partial window: report the whole selection's size, as if it had all been loaded.
  const truncation: TruncationResult =
    w.selectedBytes === undefined
      ? measured
      : { ...measured, totalLines: w.end - w.start, totalBytes: w.selectedBytes };
  const first = w.start + 1;
  if (truncation.firstLineExceedsLimit) {
    const size = formatSize(Buffer.byteLength(w.window[0] ?? "", "utf8"));
    return {
      text:
        `[Line ${first} is ${size}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. ` +
        `Use bash: sed -n '${first}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`,
      details: { truncation },
    };
  }
  if (truncation.truncated) {
    const last = first + truncation.outputLines - 1;
    const reason = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(DEFAULT_MAX_BYTES)} limit)`;
    return {
      text:
        `${truncation.content}\n\n[Showing lines ${first}-${last} of ${w.totalLines}${reason}. ` +
        `Use offset=${last + 1} to continue.]`,
      details: { truncation },
    };
  }
  if (w.end < w.totalLines) {
    return {
      text:
        `${truncation.content}\n\n[${w.totalLines - w.end} more lines in file. ` +
        `Use offset=${w.end + 1} to continue.]`,
      details: undefined,
    };
  }
  return { text: truncation.content, details: undefined };
}

/**
 * Streams a large file once: counts its lines and keeps only the beginning of the selection
 * (enough for truncation to decide), so a multi-gigabyte log costs no more memory than a page.
 */
export async function scanLargeFile(
  absolutePath: string,
  encoding: "utf-8" | "utf-16le" | "utf-16be",
  offset: number | undefined,
  limit: number | undefined,
  signal?: AbortSignal,
): Promise<LineWindow> {
  const start = offset !== undefined && offset > 0 ? Math.floor(offset) - 1 : 0;
  const stopBefore = limit !== undefined ? start + Math.floor(limit) : Number.POSITIVE_INFINITY;
  const decoder = new TextDecoder(encoding);
  const window: string[] = [];
  let windowBytes = 0;
  let selectedBytes = 0;
  let index = 0;
  let partial = "";
  const take = (rawLine: string): void => {
    const line = rawLine.endsWith("\r") ? rawLine.slice(0, -1) : rawLine;
    if (index >= start && index < stopBefore) {
      const bytes = Buffer.byteLength(line, "utf8") + (index > start ? 1 : 0);
      selectedBytes += bytes;
      if (window.length < WINDOW_MAX_LINES && windowBytes <= DEFAULT_MAX_BYTES) {
        window.push(line);
        windowBytes += bytes;
      }
    }
    index++;
  };
  for await (const chunk of createReadStream(absolutePath)) {
    if (signal?.aborted) throw new Error("Operation aborted");
    const text = partial + decoder.decode(chunk as Buffer, { stream: true });
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    for (const part of parts) take(part);
  }
  take(partial + decoder.decode());
  const totalLines = index;
  if (start >= totalLines) throw new Error(`Offset ${offset} is beyond end of file (${totalLines} lines total)`);
  return { window, totalLines, start, end: Math.min(stopBefore, totalLines), selectedBytes };
}

export interface ReadToolOptions {
  /** Text files above this size are streamed (default 8 MB; tests lower it). */
  largeFileBytes?: number;
}

export function createReadTool(
  cwd: string,
  options: ReadToolOptions = {},
): AgentTool<typeof readSchema, ReadToolDetails | undefined> {
  return {
    name: "read",
    label: "read",
    description:
      "Read the contents of a file. Supports text files and images (jpg, png, gif, webp). " +
      "Images are sent as attachments. " +
      `For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB ` +
      "(whichever is hit first). Use offset/limit for large files. " +
      "When you need the full file, continue with offset until complete.",
    parameters: readSchema,
    async execute(_toolCallId, { path, offset, limit }, signal) {
      if (signal?.aborted) throw new Error("Operation aborted");
      if (limit !== undefined && limit < 1) throw new Error(`limit must be at least 1 (got ${limit})`);
      const absolutePath = resolveToCwd(path, cwd);
      let head: Uint8Array;
      try {
        const info = await stat(absolutePath);
        if (info.isDirectory()) throw new Error(`${path} is a directory. Use ls to list its contents.`);
        head = await readHead(absolutePath);
      } catch (error) {
        throw describeError(path, error);
      }
      const mimeType = detectImageMimeType(head);
      if (mimeType !== undefined) {
        const data = await readFile(absolutePath);
        if (data.length > MAX_INLINE_IMAGE_BYTES) {
          const text =
            `Read image file [${mimeType}]\n[Image omitted: ${formatSize(data.length)} exceeds the ` +
            `${formatSize(MAX_INLINE_IMAGE_BYTES)} inline image limit.]`;
          return { content: [{ type: "text", text }], details: undefined };
        }
        const content: (TextContent | ImageContent)[] = [
          { type: "text", text: `Read image file [${mimeType}]` },
          { type: "image", data: data.toString("base64"), mimeType },
        ];
        return { content, details: undefined };
      }
      const utf16 = detectUtf16(head);
      if (utf16 === undefined && looksBinary(head)) {
        const info = await stat(absolutePath);
        const text =
          `[Binary file: ${path} (${formatSize(info.size)}) is not shown. ` +
          "Use bash (file, xxd, strings) to inspect it.]";
        return { content: [{ type: "text", text }], details: undefined };
      }
      // UTF-16 files (Windows tools write them) hold NUL bytes but are text; decode by their BOM.
      // The decoder drops a BOM (invisible noise to the model); CRLF is shown as LF (edit matches either way).
      const encoding = utf16 ?? "utf-8";
      const { size } = await stat(absolutePath);
      const lineWindow =
        size > (options.largeFileBytes ?? LARGE_FILE_BYTES)
          ? await scanLargeFile(absolutePath, encoding, offset, limit, signal)
          : windowFromLines(
              new TextDecoder(encoding)
                .decode(await readFile(absolutePath))
                .replace(/\r\n/g, "\n")
                .split("\n"),
              offset,
              limit,
            );
      const window = formatTextWindow(lineWindow, path);
      if (signal?.aborted) throw new Error("Operation aborted");
      return { content: [{ type: "text", text: window.text }], details: window.details };
    },
  };
}
