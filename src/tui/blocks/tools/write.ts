// The write tool: the path and how many lines were written; the view shows the content whole.
import { countLines, formatCount } from "../../render/preview.js";
import { NO_LINES } from "../../render/tool-lines.js";
import { keyValue, linesPart, notePart, outputPart, plainLines, wrap } from "../parts.js";
import { argText, pathArg } from "./args.js";
import type { ToolBlock } from "./types.js";

const contentLines = (args: Record<string, unknown>): string => formatCount(countLines(argText(args["content"])));

export const writeTool: ToolBlock = {
  summary: (args) => `${pathArg(args)} (${contentLines(args)} lines)`,
  body: (run, _maxRows, _expanded, { theme }) =>
    run.status === "running"
      ? { window: NO_LINES, fromTail: false }
      : { window: { lines: [theme.muted(`wrote ${contentLines(run.args)} lines`)], total: 1 }, fromTail: false },
  args(run, palette) {
    const { theme } = palette;
    const a = run.args;
    const parts = Object.entries(a)
      .filter(([k]) => k !== "content")
      .flatMap(([k, v]) => keyValue(k, v, palette));
    if (typeof a["content"] === "string") {
      const content = plainLines(a["content"]);
      const head = theme.muted(`content (${content.length} line${content.length === 1 ? "" : "s"}):`);
      parts.push(wrap(head, "  ", "  "), ...linesPart(content, "    "));
    }
    return parts;
  },
  result(run, palette) {
    const text = run.output?.text ?? "";
    if (run.status === "done" && text.trim() === "") return [notePart("written", palette)];
    return text !== "" ? outputPart(text) : [];
  },
};
