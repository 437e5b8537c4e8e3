// Live body of a tool whose output is a list (read, ls, find, grep): collapsed, how many lines
// it has; expanded, the head of the list.
import { countLines, formatCount } from "../../render/preview.js";
import type { Palette } from "../../render/palette.js";
import { outputWindow } from "../../render/tool-lines.js";
import type { ToolRun } from "../../state/types.js";
import type { ToolBody } from "./types.js";

type Body = (run: ToolRun, maxRows: number, expanded: boolean, palette: Palette) => ToolBody;

export function countedBody(singular: string, plural: string): Body {
  return (run, maxRows, expanded, { theme }) => {
    const text = run.output?.text ?? "";
    if (expanded) return { window: outputWindow(text, maxRows), fromTail: false };
    const n = countLines(text);
    const count = theme.muted(`${formatCount(n)} ${n === 1 ? singular : plural}`);
    return { window: { lines: [count], total: 1 }, fromTail: false };
  };
}
