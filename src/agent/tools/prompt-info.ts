// One-line summaries and usage guidelines of the built-in tools, for the system prompt
// (a model does better when the prompt says which tool to prefer for what), and the
// tool sets pi activates by default.

/** Every built-in tool, in createCodingTools' order (known without loading the tools). */
export const BUILTIN_TOOL_NAMES: readonly string[] = ["read", "bash", "edit", "write", "grep", "find", "ls"];

/** pi's default active tools; grep/find/ls are opt-in there (bash covers them). */
export const DEFAULT_ACTIVE_TOOL_NAMES: readonly string[] = ["read", "bash", "edit", "write"];

/** The tools that never change anything (safe for a demo or a plan mode). */
export const READ_ONLY_TOOL_NAMES: readonly string[] = ["read", "grep", "find", "ls"];

interface ToolPromptInfo {
  summary: string;
  guidelines: readonly string[];
}

const TOOL_PROMPT_INFO: Readonly<Record<string, ToolPromptInfo>> = {
  read: {
    summary: "Read file contents (text windows, images)",
    guidelines: ["Use read to look at files instead of cat, head or sed."],
  },
  bash: { summary: "Run shell commands (tests, builds, git, anything else)", guidelines: [] },
  edit: {
    summary: "Change files by exact text replacement, several disjoint replacements per call",
    guidelines: [
      "Use edit for targeted changes; every edits[].oldText must match the file exactly and be unique in it.",
      "Put several separate changes to one file into one edit call with several edits[] entries.",
      "All edits[] are matched against the original file; never overlap them, merge nearby changes into one.",
      "Keep oldText short: just enough surrounding text to be unique.",
    ],
  },
  write: {
    summary: "Create or overwrite whole files",
    guidelines: ["Use write for new files or complete rewrites only."],
  },
  grep: { summary: "Search file contents by regex or literal text (respects .gitignore)", guidelines: [] },
  find: { summary: "Find files by glob pattern (respects .gitignore)", guidelines: [] },
  ls: { summary: "List a directory", guidelines: [] },
};

/**
 * A system-prompt section listing the given tools with their summaries, then the guidelines
 * of those tools. Unknown names (extension tools) are listed by name only.
 */
export function formatToolsPromptSection(toolNames: readonly string[]): string {
  const lines = ["Available tools:"];
  const guidelines: string[] = [];
  for (const name of toolNames) {
    const info = TOOL_PROMPT_INFO[name];
    lines.push(info === undefined ? `- ${name}` : `- ${name}: ${info.summary}`);
    if (info !== undefined) guidelines.push(...info.guidelines);
  }
  if (guidelines.length > 0) {
    lines.push("", "Guidelines:", ...guidelines.map((g) => `- ${g}`));
  }
  return lines.join("\n");
}
