// The public surface: pi's tool names and parameter names, tool selection by name, and the
// system-prompt section describing the tools.

import { expect, test } from "vitest";
import {
  createCodingTools,
  createToolsByName,
  DEFAULT_ACTIVE_TOOL_NAMES,
  formatToolsPromptSection,
  READ_ONLY_TOOL_NAMES,
} from "../../../src/agent/tools/index.js";

test("seven tools with pi's names and parameter names", () => {
  const tools = createCodingTools({ cwd: "/" });
  const params = Object.fromEntries(
    tools.map((t) => [
      t.name,
      Object.keys((t.parameters as { properties: Record<string, unknown> }).properties).sort(),
    ]),
  );
  expect(params).toEqual({
    read: ["limit", "offset", "path"],
    bash: ["command", "timeout"],
    edit: ["edits", "path"],
    write: ["content", "path"],
    grep: ["context", "glob", "ignoreCase", "limit", "literal", "path", "pattern"],
    find: ["limit", "path", "pattern"],
    ls: ["limit", "path"],
  });
  for (const t of tools) expect(t.description.length).toBeGreaterThan(20);
});

test("selection by name keeps the requested order", () => {
  expect(createToolsByName({ cwd: "/" }, DEFAULT_ACTIVE_TOOL_NAMES).map((t) => t.name)).toEqual([
    "read",
    "bash",
    "edit",
    "write",
  ]);
  expect(createToolsByName({ cwd: "/" }, ["ls", "nope", "read"]).map((t) => t.name)).toEqual(["ls", "read"]);
  expect(READ_ONLY_TOOL_NAMES).not.toContain("bash");
});

test("prompt section lists tools and their guidelines", () => {
  const section = formatToolsPromptSection(["read", "edit", "my_ext_tool"]);
  expect(section.split("\n").slice(0, 4)).toEqual([
    "Available tools:",
    "- read: Read file contents (text windows, images)",
    "- edit: Change files by exact text replacement, several disjoint replacements per call",
    "- my_ext_tool",
  ]);
  expect(section).toContain("Guidelines:\n- Use read to look at files");
  expect(formatToolsPromptSection(["ls"])).toBe("Available tools:\n- ls: List a directory");
});
