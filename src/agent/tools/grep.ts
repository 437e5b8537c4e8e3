// The `grep` tool in pure Node (no ripgrep needed): regex or literal search over the files
// under a path, .gitignore honoured, binary files skipped, output as pi's
// `path:line: text` (context lines `path-line- text`) with match and byte limits.

import { open, readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { AgentTool, AgentToolResult } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import { OperationAbortedError, walkFiles } from "./file-walk.js";
import { createPathMatcher } from "./glob.js";
import { errorCode, errorMessage, resolveToCwd } from "./path-utils.js";
import {
  DEFAULT_MAX_BYTES,
  formatSize,
  GREP_MAX_LINE_LENGTH,
  truncateHead,
  truncateLine,
  type TruncationResult,
} from "./truncate.js";

const grepSchema = Type.Object({
  pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
  path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: Type.Optional(Type.String({ description: "Filter files by glob pattern, e.g. '*.ts' or '**/*.spec.ts'" })),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: Type.Optional(
    Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" }),
  ),
  context: Type.Optional(
    Type.Number({ description: "Number of lines to show before and after each match (default: 0)" }),
  ),
  limit: Type.Optional(Type.Number({ description: "Maximum number of matches to return (default: 100)" })),
});

export interface GrepToolDetails {
  matchLimitReached?: number;
  truncation?: TruncationResult;
  linesTruncated?: boolean;
}

const DEFAULT_LIMIT = 100;
/** Files larger than this are skipped: they are data or build output, not code to search. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
/** NUL bytes in the first block mean binary, the test git and ripgrep use. */
const BINARY_SNIFF_BYTES = 8192;
const READ_CONCURRENCY = 16;

function buildRegExp(pattern: string, literal: boolean, ignoreCase: boolean): RegExp {
  const source = literal ? pattern.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&") : pattern;
  try {
    return new RegExp(source, ignoreCase ? "i" : "");
  } catch (error) {
    throw new Error(`Invalid regex pattern: ${errorMessage(error)}. Use literal=true to search for the text as is.`);
  }
}

async function readHead(absolutePath: string): Promise<Buffer> {
  const handle = await open(absolutePath, "r");
  try {
    const head = Buffer.alloc(BINARY_SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function looksBinary(head: Buffer): boolean {
  return head.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/** All matching line indexes of one file, or undefined for no match / binary / unreadable. */
async function searchFile(
  absolutePath: string,
  regex: RegExp,
  prefilter: RegExp,
): Promise<{ lines: string[]; matchLines: number[] } | undefined> {
  try {
    const info = await stat(absolutePath);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    // Large files are mostly binaries: sniff before reading megabytes.
    if (info.size > 1024 * 1024 && looksBinary(await readHead(absolutePath))) return undefined;
    const buffer = await readFile(absolutePath);
    if (looksBinary(buffer)) return undefined;
    const text = buffer.toString("utf8");
    // One native scan of the whole file first: most files do not match at all.
    if (!prefilter.test(text)) return undefined;
    const lines = text.replace(/\r\n?/g, "\n").split("\n");
    const matchLines: number[] = [];
    for (let i = 0; i < lines.length; i++) if (regex.test(lines[i] ?? "")) matchLines.push(i);
    return matchLines.length > 0 ? { lines, matchLines } : undefined;
  } catch (error) {
    // Files that vanish or cannot be read mid-search are skipped, as ripgrep does.
    const code = errorCode(error);
    if (code === "ENOENT" || code === "EACCES" || code === "EPERM" || code === "EISDIR" || code === "ELOOP")
      return undefined;
    throw error;
  }
}

interface FileHit {
  display: string;
  lines: string[];
  matchLines: number[];
}

type Candidate = { absolutePath: string; display: string };

/** The files to search: the path itself, or every file under it that the glob (if any) admits. */
async function* grepCandidates(
  searchPath: string,
  isDirectory: boolean,
  glob: string | undefined,
  signal?: AbortSignal,
): AsyncGenerator<Candidate> {
  if (!isDirectory) {
    yield { absolutePath: searchPath, display: basename(searchPath) };
    return;
  }
  const globMatches = glob !== undefined ? createPathMatcher(glob) : undefined;
  for await (const entry of walkFiles(searchPath, signal)) {
    if (entry.isDirectory) continue;
    if (globMatches !== undefined && !globMatches(entry.relativePath)) continue;
    yield { absolutePath: entry.absolutePath, display: entry.relativePath };
  }
}

/**
 * Search the candidates until `limit` matching lines were found. Files are read in parallel
 * batches (I/O latency dominates), then taken in walk order so the output and the limit cut
 * are deterministic.
 */
async function collectHits(
  candidates: AsyncIterable<Candidate>,
  regex: RegExp,
  limit: number,
  signal?: AbortSignal,
): Promise<{ hits: FileHit[]; matchCount: number }> {
  // Multiline flavour for the whole-file prefilter: anything matching a line matches here too.
  const prefilter = new RegExp(regex.source, `${regex.flags}m`);
  const hits: FileHit[] = [];
  let matchCount = 0;
  let batch: Candidate[] = [];
  const drain = async (): Promise<void> => {
    const found = await Promise.all(batch.map((file) => searchFile(file.absolutePath, regex, prefilter)));
    for (const [k, file] of batch.entries()) {
      const result = found[k];
      if (result === undefined || matchCount >= limit) continue;
      const matchLines = result.matchLines.slice(0, limit - matchCount);
      matchCount += matchLines.length;
      hits.push({ display: file.display, lines: result.lines, matchLines });
    }
    batch = [];
  };
  for await (const file of candidates) {
    if (signal?.aborted) throw new OperationAbortedError();
    batch.push(file);
    if (batch.length >= READ_CONCURRENCY) await drain();
    if (matchCount >= limit) break;
  }
  if (matchCount < limit) await drain();
  if (signal?.aborted) throw new OperationAbortedError();
  return { hits, matchCount };
}

/** `path:line: text` for matches, `path-line- text` for context lines; overlapping windows once. */
function formatHits(hits: FileHit[], contextLines: number): { out: string[]; linesTruncated: boolean } {
  let linesTruncated = false;
  const out: string[] = [];
  for (const hit of hits) {
    const isMatch = new Set(hit.matchLines);
    let printedUpTo = -1;
    for (const m of hit.matchLines) {
      const from = Math.max(printedUpTo + 1, m - contextLines);
      const to = Math.min(hit.lines.length - 1, m + contextLines);
      for (let i = from; i <= to; i++) {
        const { text, truncated } = truncateLine(hit.lines[i] ?? "");
        if (truncated) linesTruncated = true;
        out.push(isMatch.has(i) ? `${hit.display}:${i + 1}: ${text}` : `${hit.display}-${i + 1}- ${text}`);
      }
      printedUpTo = Math.max(printedUpTo, to);
    }
  }
  return { out, linesTruncated };
}

/** The tool result: the lines within the byte limit, and a note for every limit that was hit. */
function grepResult(
  out: string[],
  limit: number,
  limitReached: boolean,
  linesTruncated: boolean,
): AgentToolResult<GrepToolDetails | undefined> {
  const truncation = truncateHead(out.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
  const details: GrepToolDetails = {};
  const notices: string[] = [];
  if (limitReached) {
    notices.push(`${limit} matches limit reached. Use limit=${limit * 2} for more, or refine pattern`);
    details.matchLimitReached = limit;
  }
  if (truncation.truncated) {
    notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
    details.truncation = truncation;
  }
  if (linesTruncated) {
    notices.push(`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
    details.linesTruncated = true;
  }
  const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
  return { content: [{ type: "text", text }], details: notices.length > 0 ? details : undefined };
}

async function isDirectoryOrThrow(searchPath: string): Promise<boolean> {
  try {
    return (await stat(searchPath)).isDirectory();
  } catch (error) {
    if (errorCode(error) === "ENOENT") throw new Error(`Path not found: ${searchPath}`);
    throw error;
  }
}

export function createGrepTool(cwd: string): AgentTool<typeof grepSchema, GrepToolDetails | undefined> {
  return {
    name: "grep",
    label: "grep",
    description:
      "Search file contents for a pattern. Returns matching lines with file paths and line numbers. " +
      "Respects .gitignore. " +
      `Output is truncated to ${DEFAULT_LIMIT} matches or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). ` +
      `Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
    parameters: grepSchema,
    async execute(_toolCallId, params, signal) {
      const searchPath = resolveToCwd(params.path ?? ".", cwd);
      const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_LIMIT));
      const contextLines = params.context !== undefined && params.context > 0 ? Math.floor(params.context) : 0;
      const regex = buildRegExp(params.pattern, params.literal === true, params.ignoreCase === true);
      const isDirectory = await isDirectoryOrThrow(searchPath);
      const { hits, matchCount } = await collectHits(
        grepCandidates(searchPath, isDirectory, params.glob, signal),
        regex,
        limit,
        signal,
      );
      if (matchCount === 0) return { content: [{ type: "text", text: "No matches found" }], details: undefined };
      // As pi (which stops ripgrep at the limit): reaching the limit is reported as such.
      const { out, linesTruncated } = formatHits(hits, contextLines);
      return grepResult(out, limit, matchCount >= limit, linesTruncated);
    },
  };
}
