// The `find` tool: files and directories under a path whose name (or, for patterns with
// `/`, relative path) matches a glob; .gitignore honoured, .git and node_modules skipped.

import { stat } from "node:fs/promises";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import { walkFiles } from "./file-walk.js";
import { createPathMatcher } from "./glob.js";
import { errorCode, resolveToCwd } from "./path-utils.js";
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from "./truncate.js";

const findSchema = Type.Object({
  pattern: Type.String({ description: "Glob pattern to match files, e.g. '*.ts', '**/*.json', or 'src/**/*.spec.ts'" }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of results (default: 1000)" })),
});

export interface FindToolDetails {
  resultLimitReached?: number;
  truncation?: TruncationResult;
}

const DEFAULT_LIMIT = 1000;

export function createFindTool(cwd: string): AgentTool<typeof findSchema, FindToolDetails | undefined> {
  return {
    name: "find",
    label: "find",
    description:
      "Search for files by glob pattern. Returns matching file paths relative to the search directory. " +
      "Respects .gitignore. " +
      `Output is truncated to ${DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    parameters: findSchema,
    async execute(_toolCallId, { pattern, path, limit }, signal) {
      const searchPath = resolveToCwd(path ?? ".", cwd);
      const effectiveLimit = Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT));
      try {
        if (!(await stat(searchPath)).isDirectory()) throw new Error(`Not a directory: ${searchPath}`);
      } catch (error) {
        if (errorCode(error) === "ENOENT") throw new Error(`Path not found: ${searchPath}`);
        throw error;
      }
      const matches = createPathMatcher(pattern);
      const results: string[] = [];
      for await (const entry of walkFiles(searchPath, signal)) {
        if (!matches(entry.relativePath)) continue;
        results.push(entry.isDirectory ? `${entry.relativePath}/` : entry.relativePath);
        if (results.length >= effectiveLimit) break;
      }
      if (results.length === 0)
        return { content: [{ type: "text", text: "No files found matching pattern" }], details: undefined };
      const truncation = truncateHead(results.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
      const details: FindToolDetails = {};
      const notices: string[] = [];
      if (results.length >= effectiveLimit) {
        notices.push(
          `${effectiveLimit} results limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`,
        );
        details.resultLimitReached = effectiveLimit;
      }
      if (truncation.truncated) {
        notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
        details.truncation = truncation;
      }
      const text = notices.length > 0 ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
      return { content: [{ type: "text", text }], details: notices.length > 0 ? details : undefined };
    },
  };
}
