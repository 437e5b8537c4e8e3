// list_files ([ours], read-only): the files under the worker's working directory for a client's
// `@` completion, .gitignore honoured, `.git` and `node_modules` skipped. Nothing is added to
// the session or the context (a client on another machine cannot read them itself).

import type { CommandTable } from "./command-table.js";

export const LIST_FILES_MAX = 20_000;

export async function listWorkspaceFiles(cwd: string, limit: number): Promise<{ files: string[]; truncated: boolean }> {
  // Loaded at first use: the walker and its .gitignore matcher are not needed to start.
  const { walkFiles } = await import("../tools/file-walk.js");
  const files: string[] = [];
  for await (const entry of walkFiles(cwd)) {
    if (entry.isDirectory) continue;
    if (files.length >= limit) return { files, truncated: true };
    files.push(entry.relativePath);
  }
  return { files, truncated: false };
}

export const workspaceCommands: CommandTable = {
  async list_files(cmd, { services }) {
    const limit = Math.max(0, Math.min(LIST_FILES_MAX, Math.floor(cmd.limit ?? LIST_FILES_MAX)));
    return { cwd: services.cwd, ...(await listWorkspaceFiles(services.cwd, limit)) };
  },
};
