// The `write` tool: creates or overwrites a file, creating parent directories.

import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { Type } from "typebox";
import { withFileLock } from "./file-mutation-queue.js";
import { resolveToCwd } from "./path-utils.js";

const writeSchema = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "Content to write to the file" }),
});

export function createWriteTool(cwd: string): AgentTool<typeof writeSchema, undefined> {
  return {
    name: "write",
    label: "write",
    description:
      "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. " +
      "Automatically creates parent directories.",
    parameters: writeSchema,
    async execute(_toolCallId, { path, content }, signal) {
      if (signal?.aborted) throw new Error("Operation aborted");
      const absolutePath = resolveToCwd(path, cwd);
      await withFileLock(absolutePath, async () => {
        await mkdir(dirname(absolutePath), { recursive: true });
        await writeFile(absolutePath, content, "utf8");
      });
      const bytes = Buffer.byteLength(content, "utf8");
      return { content: [{ type: "text", text: `Successfully wrote ${bytes} bytes to ${path}` }], details: undefined };
    },
  };
}
