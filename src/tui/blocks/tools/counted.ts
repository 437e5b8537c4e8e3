// Live body of a tool whose output is a list (read, ls, find, grep): collapsed, how many lines
// it has; expanded, the head of the list.
import { countLines, formatCount } from "../../render/preview.js";
import { theme } from "../../render/theme.js";
import { outputWindow } from "../../render/tool-lines.js";
import type { ToolRun } from "../../state/types.js";
import type { ToolBody } from "./types.js";

export function countedBody(singular: string, plural: string): (run: ToolRun, maxRows: number, expanded: boolean) => ToolBody {
  return (run, maxRows, expanded) => {
    const text = run.output?.text ?? "";
    if (expanded) return { window: outputWindow(text, maxRows), fromTail: false };
    const n = countLines(text);
    return { window: { lines: [theme.muted(`${formatCount(n)} ${n === 1 ? singular : plural}`)], total: 1 }, fromTail: false };
  };
}
