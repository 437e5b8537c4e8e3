// The `ls` tool: one directory's entries, dotfiles included, sorted case-insensitively,
// directories suffixed with `/`, capped by an entry limit and the byte limit with notices.

import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import { errorCode, resolveToCwd } from "./path-utils.js";
import { DEFAULT_MAX_BYTES, formatSize, truncateHead, type TruncationResult } from "./truncate.js";

const lsSchema = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

export interface LsToolDetails {
  entryLimitReached?: number;
  truncation?: TruncationResult;
}

const DEFAULT_LIMIT = 500;

export function createLsTool(cwd: string): AgentTool<typeof lsSchema, LsToolDetails | undefined> {
  return {
    name: "ls",
    label: "ls",
    description:
      "List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. " +
      "Includes dotfiles. " +
      `Output is truncated to ${DEFAULT_LIMIT} entries or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    parameters: lsSchema,
    async execute(_toolCallId, { path, limit }, signal) {
      if (signal?.aborted) throw new Error("Operation aborted");
      const dirPath = resolveToCwd(path ?? ".", cwd);
      const effectiveLimit = Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT));
      let names: string[];
      try {
        const info = await stat(dirPath);
        if (!info.isDirectory()) throw new Error(`Not a directory: ${dirPath}`);
        names = await readdir(dirPath);
      } catch (error) {
        if (errorCode(error) === "ENOENT") throw new Error(`Path not found: ${dirPath}`);
        throw error;
      }
      names.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      const lines: string[] = [];
      let limitReached = false;
      for (const name of names) {
        if (lines.length >= effectiveLimit) {
          limitReached = true;
          break;
        }
        try {
          // stat (not lstat): a symlink to a directory is listed as a directory.
          lines.push((await stat(join(dirPath, name))).isDirectory() ? `${name}/` : name);
        } catch (error) {
          // A dangling symlink or an entry removed meanwhile: list it without a type.
          void error;
          lines.push(name);
        }
      }
      if (lines.length === 0) return { content: [{ type: "text", text: "(empty directory)" }], details: undefined };
      const truncation = truncateHead(lines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
      const details: LsToolDetails = {};
      const notices: string[] = [];
      if (limitReached) {
        notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
        details.entryLimitReached = effectiveLimit;
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
