// The `read` tool: text files by line window (1-based offset, limit) with head truncation
// and a notice saying how to continue; png/jpeg/gif/webp as image content; other binary
// files described instead of dumped.

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

/** Lines of the selected window plus the notice the model needs to read on. */
export function formatTextWindow(
  text: string,
  path: string,
  offset: number | undefined,
  limit: number | undefined,
): { text: string; details: ReadToolDetails | undefined } {
  const lines = text.split("\n");
  const start = offset !== undefined && offset > 0 ? Math.floor(offset) - 1 : 0;
  if (start >= lines.length) {
    throw new Error(`Offset ${offset} is beyond end of file (${lines.length} lines total)`);
  }
  const end = limit !== undefined ? Math.min(start + Math.floor(limit), lines.length) : lines.length;
  const truncation = truncateHead(lines.slice(start, end).join("\n"), { maxLines: DEFAULT_MAX_LINES, maxBytes: DEFAULT_MAX_BYTES });
  const first = start + 1;
  if (truncation.firstLineExceedsLimit) {
    const size = formatSize(Buffer.byteLength(lines[start] ?? "", "utf8"));
    return {
      text: `[Line ${first} is ${size}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${first}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`,
      details: { truncation },
    };
  }
  if (truncation.truncated) {
    const last = first + truncation.outputLines - 1;
    const reason = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(DEFAULT_MAX_BYTES)} limit)`;
    return {
      text: `${truncation.content}\n\n[Showing lines ${first}-${last} of ${lines.length}${reason}. Use offset=${last + 1} to continue.]`,
      details: { truncation },
    };
  }
  if (end < lines.length) {
    return {
      text: `${truncation.content}\n\n[${lines.length - end} more lines in file. Use offset=${end + 1} to continue.]`,
      details: undefined,
    };
  }
  return { text: truncation.content, details: undefined };
}

export function createReadTool(cwd: string): AgentTool<typeof readSchema, ReadToolDetails | undefined> {
  return {
    name: "read",
    label: "read",
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
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
          const text = `Read image file [${mimeType}]\n[Image omitted: ${formatSize(data.length)} exceeds the ${formatSize(MAX_INLINE_IMAGE_BYTES)} inline image limit.]`;
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
        const text = `[Binary file: ${path} (${formatSize(info.size)}) is not shown. Use bash (file, xxd, strings) to inspect it.]`;
        return { content: [{ type: "text", text }], details: undefined };
      }
      const bytes = await readFile(absolutePath);
      // UTF-16 files (Windows tools write them) hold NUL bytes but are text; decode by their BOM.
      const raw = new TextDecoder(utf16 ?? "utf-8").decode(bytes);
      // A BOM is invisible noise to the model; CRLF is shown as LF (edit matches either way).
      const text = raw.replace(/^\uFEFF/, "").replace(/\r\n/g, "\n");
      const window = formatTextWindow(text, path, offset, limit);
      if (signal?.aborted) throw new Error("Operation aborted");
      return { content: [{ type: "text", text: window.text }], details: window.details };
    },
  };
}
