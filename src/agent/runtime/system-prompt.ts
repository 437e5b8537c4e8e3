// The system prompt: role, the tools on offer (name + first line of their description),
// working rules, project context files (AGENTS.md / CLAUDE.md from the working directory
// upwards and from $AGENT_TUI_HOME), working directory and date.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const CONTEXT_FILES = ["AGENTS.md", "CLAUDE.md"];
const MAX_CONTEXT_CHARS = 20_000;

export interface PromptTool {
  name: string;
  description: string;
}

function readContextFile(dir: string): { path: string; text: string } | undefined {
  for (const name of CONTEXT_FILES) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    try {
      return { path, text: readFileSync(path, "utf8").slice(0, MAX_CONTEXT_CHARS) };
    } catch (error) {
      process.stderr.write(`agent-rpc: cannot read ${path}: ${(error as Error).message}\n`);
    }
  }
  return undefined;
}

/** Context files, outermost first: $AGENT_TUI_HOME, then the filesystem root down to cwd. */
export function loadContextFiles(cwd: string, home: string | undefined): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const chain: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    chain.unshift(dir);
    if (dirname(dir) === dir) break;
  }
  if (home) {
    const global = readContextFile(home);
    if (global) found.push(global);
  }
  for (const dir of chain) {
    const file = readContextFile(dir);
    if (file && !found.some((f) => f.path === file.path)) found.push(file);
  }
  return found;
}

export function buildSystemPrompt(options: {
  cwd: string;
  tools: readonly PromptTool[];
  contextFiles: readonly { path: string; text: string }[];
}): string {
  const lines = [
    "You are an expert coding assistant running inside agent-rpc, a headless coding agent driven by a terminal UI.",
    "You help the user by reading files, running commands, editing code and writing new files.",
    "",
  ];
  if (options.tools.length > 0) {
    lines.push("Available tools:");
    for (const tool of options.tools) lines.push(`- ${tool.name}: ${tool.description.split("\n")[0] ?? ""}`);
    lines.push("");
  }
  lines.push(
    "Guidelines:",
    "- Read the relevant files before changing them; prefer small, verifiable steps.",
    "- Use edit for precise changes to existing files and write for new files.",
    "- Keep answers short; show file paths clearly.",
  );
  for (const file of options.contextFiles) lines.push("", `# Project context (${file.path})`, "", file.text.trimEnd());
  lines.push("", `Current date: ${new Date().toISOString().slice(0, 10)}`, `Current working directory: ${options.cwd}`);
  return lines.join("\n");
}
