// ls, find and grep: what was searched and where; the entries or matches, counted or listed.
import { argText, pathArg } from "./args.js";
import { countedBody } from "./counted.js";
import type { ToolBlock } from "./types.js";

const where = (args: Record<string, unknown>): string => {
  const path = pathArg(args);
  return path ? ` in ${path}` : "";
};

export const lsTool: ToolBlock = {
  summary: (args) => pathArg(args) || ".",
  body: countedBody("entry", "entries"),
};

export const findTool: ToolBlock = {
  summary: (args) => `${argText(args["pattern"] ?? args["glob"])}${where(args)}`,
  body: countedBody("entry", "entries"),
};

export const grepTool: ToolBlock = {
  summary: (args) => `${argText(args["pattern"])}${where(args)}`,
  body: countedBody("match", "matches"),
};
