// The agent's built-in coding tools (pi-compatible names and parameters): read, write, edit,
// bash, grep, find, ls, plus the shared bash runner used by the RPC `bash` command.

import type { AgentTool } from "@mariozechner/pi-agent-core";
import { createBashTool } from "./bash.js";
import { createEditTool } from "./edit.js";
import { createFindTool } from "./find.js";
import { createGrepTool } from "./grep.js";
import { createLsTool } from "./ls.js";
import { createReadTool } from "./read.js";
import { createWriteTool } from "./write.js";

export interface CodingToolsOptions {
  /** Working directory that relative paths and commands resolve against. */
  cwd: string;
  /** Where bash saves full output when truncated (default: the OS temp dir). */
  tempDir?: string;
}

/** The tools in pi's order; each call returns fresh objects bound to `cwd`. */
export function createCodingTools(options: CodingToolsOptions): AgentTool[] {
  const { cwd, tempDir } = options;
  return [
    createReadTool(cwd),
    createBashTool(cwd, tempDir),
    createEditTool(cwd),
    createWriteTool(cwd),
    createGrepTool(cwd),
    createFindTool(cwd),
    createLsTool(cwd),
  ] as AgentTool[];
}

/** Only the tools whose names are listed, in that order (e.g. DEFAULT_ACTIVE_TOOL_NAMES). */
export function createToolsByName(options: CodingToolsOptions, names: readonly string[]): AgentTool[] {
  const all = createCodingTools(options);
  return names.flatMap((name) => all.filter((tool) => tool.name === name));
}

export { DEFAULT_ACTIVE_TOOL_NAMES, READ_ONLY_TOOL_NAMES, formatToolsPromptSection } from "./prompt-info.js";
export { runBashCommand, type BashRunResult, type RunBashOptions } from "./bash-executor.js";
export { createBashTool, formatBashOutput, type BashToolDetails } from "./bash.js";
export { createEditTool, prepareEditArguments, type EditToolDetails } from "./edit.js";
export { createFindTool, type FindToolDetails } from "./find.js";
export { createGrepTool, type GrepToolDetails } from "./grep.js";
export { createLsTool, type LsToolDetails } from "./ls.js";
export { createReadTool, type ReadToolDetails } from "./read.js";
export { createWriteTool } from "./write.js";
export type { OutputSnapshot } from "./output-collector.js";
export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  formatSize,
  truncateHead,
  truncateTail,
  type TruncationResult,
} from "./truncate.js";
export { expandPath, resolveToCwd } from "./path-utils.js";
